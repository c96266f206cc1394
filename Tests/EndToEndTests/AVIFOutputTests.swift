import Foundation
import TestSupport
import Testing
import Vips

/// `.avif` outputs hold AV1 (what browsers open), not HEVC; `imgtool info` names AV1 HEIF files
/// "avif" and HEVC ones "heic". Every writer goes through the Vips face's save, whose temporary
/// names have no suffix, so libheif's own choice by file name never applied.
@Suite(.tags(.tools)) struct AVIFOutputTests {
    static func compression(_ path: String) throws -> String? {
        try Image.load(path).string(field: "heif-compression")
    }

    @Test func everyCommandWritesAV1IntoAVIF() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blurred = folder.appendingPathComponent("frosted.avif").path
        let blur = try run("imgtool", ["blur", Fixtures.asset("screenshot-text.png"), "-o", blurred, "-q"])
        #expect(blur.status == 0, "\(blur.stderr)")
        #expect(try Self.compression(blurred) == "av1")

        let levelled = folder.appendingPathComponent("level.avif").path
        let fix = try run("imgtool", ["horizon", Fixtures.asset("tilted-lake.jpg"), "--fix", "-o", levelled, "-q"])
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(try Self.compression(levelled) == "av1")

        let piped = try run("imgtool", ["blur", Fixtures.asset("screenshot-text.png"), "--format", "avif"])
        #expect(piped.status == 0, "\(piped.stderr)")
        let pipedPath = folder.appendingPathComponent("piped.avif").path
        try piped.stdout.write(to: URL(fileURLWithPath: pipedPath))
        #expect(try Self.compression(pipedPath) == "av1")

        let heic = folder.appendingPathComponent("frosted.heic").path
        let hevc = try run("imgtool", ["blur", Fixtures.asset("screenshot-text.png"), "-o", heic, "-q"])
        #expect(hevc.status == 0, "\(hevc.stderr)")
        #expect(try Self.compression(heic) == "hevc")

        let info = try run("imgtool", ["info", "--json", blurred, heic])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.jsonLines().map { $0["format"] as? String } == ["avif", "heic"])
    }
}
