import Foundation
import TestSupport
import Testing

/// What imgtool reads and writes (`imgtool formats`): Netpbm (what pdftoppm pipes), SVG, JPEG 2000
/// are read by libvips' own or memory-safe loaders; BMP is read here only through ImageMagick,
/// which stays blocked unless --allow-untrusted-loaders, with a message that says so; an output
/// suffix nothing writes is a command-line error (64).
@Suite(.tags(.tools)) struct InputFormatTests {
    /// A 2×2 24-bit BMP, written byte by byte (no ImageMagick needed).
    static func bmp() -> Data {
        var bytes: [UInt8] = Array("BM".utf8)
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let rowBytes = 8  // 2 pixels × 3 bytes, padded to 4
        bytes += le32(54 + rowBytes * 2) + le32(0) + le32(54)
        bytes += le32(40) + le32(2) + le32(2) + le16(1) + le16(24) + le32(0) + le32(rowBytes * 2)
        bytes += le32(2835) + le32(2835) + le32(0) + le32(0)
        for _ in 0..<2 { bytes += [0, 0, 255, 255, 255, 255, 0, 0] }
        return Data(bytes)
    }

    @Test func netpbmFromPdftoppmIsBlurred() throws {
        let ppm = try run("pdftoppm", ["-r", "36", "-f", "1", "-l", "1", Fixtures.asset("book-rtl.pdf")])
        try #require(ppm.status == 0 && ppm.stdout.starts(with: Data("P6".utf8)), "\(ppm.stderr)")
        let result = try run("imgtool", ["blur", "--style", "dark"], stdin: ppm.stdout)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
    }

    @Test func svgAndJPEG2000AreRead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("shape.svg").path
        try Data(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="red"/></svg>"#
                .utf8
        ).write(to: URL(fileURLWithPath: svg))
        let jp2 = folder.appendingPathComponent("shot.jp2").path
        let made = try run("vips", ["copy", Fixtures.asset("screenshot-text.png"), jp2])
        try #require(made.status == 0, "\(made.stderr)")
        let info = try run("imgtool", ["info", "--json", svg, jp2])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.jsonLines().map { $0["format"] as? String } == ["svg", "jp2k"])
        let out = folder.path + "/out/"
        let blur = try run("imgtool", ["blur", svg, jp2, "-o", out, "-q", "--format", "png"])
        #expect(blur.status == 0, "\(blur.stderr)")
    }

    @Test func bmpIsRefusedInPlainWordsUnlessAllowed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tiny.bmp").path
        try Self.bmp().write(to: URL(fileURLWithPath: path))
        let refused = try run("imgtool", ["info", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("only through ImageMagick"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-untrusted-loaders"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("VipsForeign") && !refused.stderr.contains("blocked"), "\(refused.stderr)")
        let allowed = try run("imgtool", ["info", "--allow-untrusted-loaders", path])
        if FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libMagickCore-6.Q16.so.6")
            || allowed.status == 0
        {
            #expect(allowed.status == 0, "\(allowed.stderr)")
            #expect(allowed.text.contains("2×2"), "\(allowed.text)")
        }
    }

    @Test(arguments: [
        ["blur", "SHOT", "-o", "x.bmp"], ["blur", "SHOT", "-o", "x.xyz"], ["horizon", "LAKE", "--fix", "-o", "x.bmp"],
        ["horizon", "LAKE", "--overlay", "x.bmp"],
    ])
    func unwritableSuffixesAreUsageErrors(arguments: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let resolved = arguments.map {
            $0 == "SHOT"
                ? Fixtures.asset("screenshot-text.png") : $0 == "LAKE" ? Fixtures.asset("tilted-lake.jpg") : $0
        }
        let result = try run("imgtool", resolved, currentDirectory: folder)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("cannot write") && result.stderr.contains(".png .jpg"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func formatsListsReadsAndWrites() throws {
        let result = try run("imgtool", ["formats"])
        #expect(result.status == 0)
        for word in ["Netpbm", "SVG", "JPEG 2000", "BMP", "--allow-untrusted-loaders", ".png", ".avif"] {
            #expect(result.text.contains(word), "\(word) missing from: \(result.text)")
        }
    }
}
