import Foundation
import TestSupport
import Testing

/// The executables' runtime policies (ToolRuntime) as a user's run sees them. libvips' operation
/// cache is off in imgtool and pdflayout: each photo or page is a new image used once, and cached
/// operations only kept earlier ones alive (bench/memory). libvips' own trace (VIPS_TRACE=1)
/// prints "vips cache*:" on stdout for each operation answered from the cache.
@Suite struct RuntimePolicyTests {
    static func cacheHits(_ result: RunResult) -> Int {
        result.text.split(separator: "\n").filter { $0.hasPrefix("vips cache*:") }.count
    }

    @Test func imgtoolAnswersAPhotoGivenTwiceWithoutLibvipsCache() throws {
        let photo = Fixtures.asset("horizon-lake.jpg")
        let arguments = ["horizon", photo, Fixtures.asset("horizon-pier.jpg"), photo, "-q"]
        let traced = try run("imgtool", arguments, environment: ["VIPS_TRACE": "1"])
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(Self.cacheHits(traced) == 0, "libvips' cache answered operations in imgtool")
        // The control: the same run with libvips' default cache does answer the second reading of
        // the photo from it, so the count above would see a cache left on.
        let cached = try run(
            "imgtool", arguments, environment: ["VIPS_TRACE": "1", "FROSTLEVEL_VIPS_CACHE_MAX": "100"])
        #expect(cached.status == 0, "\(cached.stderr)")
        #expect(Self.cacheHits(cached) > 0)
        // And the answers are the same either way.
        let json = ["horizon", photo, Fixtures.asset("horizon-pier.jpg"), photo, "--json", "-q"]
        let plain = try run("imgtool", json)
        let withCache = try run("imgtool", json, environment: ["FROSTLEVEL_VIPS_CACHE_MAX": "100"])
        #expect(plain.status == 0 && withCache.status == 0, "\(plain.stderr) \(withCache.stderr)")
        #expect(plain.text == withCache.text)
        #expect(try plain.jsonLines().count == 3)
    }
}
