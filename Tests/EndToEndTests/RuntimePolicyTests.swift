import Foundation
import TestSupport
import Testing

/// The executables' runtime policies (ToolRuntime) as a user's run sees them. libvips' operation
/// cache is off in imgtool and pdflayout: each photo or page is a new image used once, and cached
/// operations only kept earlier ones alive (bench/memory). libvips' own trace (VIPS_TRACE=1)
/// prints "vips cache*:" on stdout for each operation answered from the cache.
@Suite(.tags(.tools)) struct RuntimePolicyTests {
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

    /// liborc's code files opened by a run (each 64 KB of compiled vector code is a file it makes,
    /// maps and unlinks), seen by strace.
    /// `statuses`: the exit statuses the run may end with.
    static func orcCodeFiles(
        _ tool: String, _ arguments: [String], environment: [String: String] = [:], statuses: Set<Int32> = [0]
    ) throws -> Int {
        let scratch = try Scratch()
        let trace = scratch.path("trace.txt")
        // LeakSanitizer cannot check a traced process (it stops with a report of its own).
        let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        let traced = try run(
            "strace",
            ["-f", "-e", "trace=openat", "-o", trace, Fixtures.binFolder.appendingPathComponent(tool).path] + arguments,
            environment: environment.merging(["ASAN_OPTIONS": sanitizer + "detect_leaks=0"]) { $1 })
        #expect(statuses.contains(traced.status), "\(traced.stderr)")
        return try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("orcexec.") }.count
    }

    /// liborc 0.4.33 frees compiled code without its lock, so libvips operations built on several
    /// threads at once can crash it (a pdflayout reader did, in orc_code_allocate_codemem). pdflayout
    /// renders pages on several threads: no code is compiled, unless FROSTLEVEL_VIPS_VECTOR=1 (the
    /// control: then the reader's 2 × 2 averaging is; one worker, away from the race).
    @Test func pdflayoutCompilesNoLiborcCode() throws {
        let scratch = try Scratch()
        let reader = [Fixtures.asset("hyperref-manual.pdf"), "--dpi", "12", "--format", "html", "-q"]
        #expect(try Self.orcCodeFiles("pdflayout", reader + ["-o", scratch.path("plain") + "/"]) == 0)
        let vector = try Self.orcCodeFiles(
            "pdflayout", reader + ["-j", "1", "-o", scratch.path("vector") + "/"],
            environment: ["FROSTLEVEL_VIPS_VECTOR": "1"])
        #expect(vector > 0)
    }

    /// imgtool keeps liborc's vector code, in a batch too: a photo's answer (its candidates'
    /// angles and confidences) is the same alone and among others on two workers. Without the
    /// vector code the reduction of the analysis copy gives other pixels, and other answers.
    @Test func imgtoolAnswersAPhotoAloneAsInABatch() throws {
        let scratch = try Scratch()
        // Photos three times the assets' size: their analysis copies are reduced, by code liborc compiles.
        var photos: [String] = []
        for name in ["horizon-lake.jpg", "horizon-pier.jpg", "horizon-fog.jpg"] {
            photos.append(scratch.path("large-" + name))
            let made = try run("vips", ["resize", Fixtures.asset(name), photos.last!, "3"])
            try #require(made.status == 0, "\(made.stderr)")
        }
        #expect(try Self.orcCodeFiles("imgtool", ["horizon", "-j", "2"] + photos + ["-q"], statuses: [0, 2]) > 0)
        func answers(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
            let result = try run(
                "imgtool", ["horizon", "--json", "--evidence", "--min-confidence", "0"] + arguments,
                environment: environment)
            #expect(result.status == 0 || result.status == 2, "\(result.stderr)")
            return try result.jsonLines().map { record in
                let evidence = try JSONSerialization.data(
                    withJSONObject: record["evidence"] ?? [], options: [.sortedKeys])
                return String(decoding: evidence, as: UTF8.self)
            }
        }
        let alone = try photos.flatMap { try answers([$0]) }
        #expect(try answers(["-j", "2"] + photos) == alone)
        // The control: libvips' own switch off gives other evidence, which the comparison would see.
        #expect(try photos.flatMap { try answers([$0], environment: ["VIPS_NOVECTOR": "1"]) } != alone)
    }
}
