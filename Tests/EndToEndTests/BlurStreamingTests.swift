import Foundation
import TestSupport
import Testing
import Vips

/// `imgtool blur` streams large inputs (FrostInput): the pixels must be those of the in-memory
/// route (`--timing` decodes into memory), and a corrupt input must still fail before any output.
@Suite(.tags(.tools)) struct BlurStreamingTests {
    /// horizon-lake.jpg tiled 6×6: 6144×3840, 70 MB of RGB pixels, over FrostInput's 64 MB budget,
    /// so that --region, --mask and alpha read the file twice instead of holding it.
    static func mosaic(in folder: URL, alpha: Bool = false) throws -> String {
        let jpeg = folder.appendingPathComponent("mosaic.jpg").path
        let made = try run("vips", ["replicate", Fixtures.asset("horizon-lake.jpg"), jpeg, "6", "6"])
        try #require(made.status == 0, "vips replicate: \(made.stderr)")
        guard alpha else { return jpeg }
        let tiff = folder.appendingPathComponent("mosaic-alpha.tif").path
        let joined = try run("vips", ["bandjoin_const", jpeg, tiff, "200"])
        try #require(joined.status == 0, "vips bandjoin_const: \(joined.stderr)")
        return tiff
    }

    /// Blurs `input` twice, streamed and in memory (--timing), and expects the same pixels.
    func expectSamePixels(_ input: String, _ arguments: [String], in folder: URL) throws {
        // Fresh names each call: libvips' operation cache would hand back an earlier load of the
        // same path (it does not look at the file again), comparing stale pixels.
        let tag = UUID().uuidString
        let streamed = folder.appendingPathComponent("streamed-\(tag).png").path
        let inMemory = folder.appendingPathComponent("memory-\(tag).png").path
        let first = try run("imgtool", ["blur", input, "-o", streamed + "[compression=1]", "-q"] + arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try run(
            "imgtool", ["blur", input, "-o", inMemory + "[compression=1]", "-q", "--timing"] + arguments)
        #expect(second.status == 0, "\(second.stderr)")
        let a = try Image.load(streamed), b = try Image.load(inMemory)
        #expect(a.width == b.width && a.height == b.height && a.bands == b.bands)
        #expect(try a.bytes() == b.bytes(), "streamed and in-memory blurs differ for \(arguments)")
    }

    @Test func smallInputsGiveTheSamePixelsEitherWay() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectSamePixels(Fixtures.asset("screenshot-text.png"), ["--style", "dark"], in: folder)
        try expectSamePixels(Fixtures.asset("exif-rotated.jpg"), ["--style", "light"], in: folder)
    }

    @Test func largeInputsReadTwiceGiveTheSamePixels() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opaque = try Self.mosaic(in: folder)
        try expectSamePixels(
            opaque, ["--style", "light", "--region", "100,200,3000,1000", "--region", "5000,3000,2000,2000"], in: folder
        )
        let mask = folder.appendingPathComponent("mask.png").path
        let drawn = try run("vips", ["gaussnoise", mask, "64", "40"])
        try #require(drawn.status == 0, "\(drawn.stderr)")
        try expectSamePixels(opaque, ["--style", "extra-light", "--mask", mask], in: folder)
        let withAlpha = try Self.mosaic(in: folder, alpha: true)
        try expectSamePixels(withAlpha, ["--style", "dark"], in: folder)
    }

    @Test func aCorruptLargeInputFailsBeforeAnyOutput() throws {
        let work = try Fixtures.temporaryFolder(), out = try Fixtures.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: work)
            try? FileManager.default.removeItem(at: out)
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: try Self.mosaic(in: work)))
        let cut = work.appendingPathComponent("cut.jpg")
        try whole.prefix(whole.count / 2).write(to: cut)
        for arguments in [["--style", "dark"], ["--region", "10,10,500,500"]] {
            let result = try run(
                "imgtool", ["blur", cut.path, "-o", out.appendingPathComponent("x.png").path] + arguments)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("imgtool: \(cut.path): "), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        }
    }
}
