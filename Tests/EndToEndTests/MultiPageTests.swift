import Foundation
import TestSupport
import Testing
import Vips

/// Animated GIFs and multi-page TIFFs: every imgtool command says how many frames or pages there
/// are and that only the first is used (one line on stderr, none with -q) and gives `pages` in JSON.
@Suite(.tags(.tools)) struct MultiPageTests {
    /// The screenshot three times over, as a 3-frame GIF and a 3-page TIFF.
    static func files(in folder: URL) throws -> (gif: String, tiff: String) {
        let shot = try Image.load(Fixtures.asset("screenshot-text.png"))
        let tall = try Operation.call("arrayjoin", [("in", .images([shot, shot, shot])), ("across", .int(1))]).image()
            .settingInt(shot.height, field: "page-height")
        let gif = folder.appendingPathComponent("anim.gif").path
        let tiff = folder.appendingPathComponent("scan.tif").path
        try tall.save(to: gif)
        try tall.save(to: tiff)
        return (gif, tiff)
    }

    @Test func everyCommandSaysOnlyTheFirstIsUsed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (gif, tiff) = try Self.files(in: folder)

        let info = try run("imgtool", ["info", gif, tiff, "--json"])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.jsonLines().map { $0["pages"] as? Int } == [3, 3])
        let infoText = try run("imgtool", ["info", gif])
        #expect(infoText.text.contains(", 3 frames"), "\(infoText.text)")

        let blur = try run("imgtool", ["blur", gif, "-o", folder.path + "/frosted.png", "--json"])
        #expect(blur.status == 0, "\(blur.stderr)")
        #expect(blur.stderr.contains("anim.gif: 3 frames; only the first is used"), "\(blur.stderr)")
        #expect(try blur.jsonLines().first?["pages"] as? Int == 3)
        #expect(try Image.load(folder.path + "/frosted.png").height == 730)

        let horizon = try run("imgtool", ["horizon", tiff, "--json"])
        #expect(horizon.stderr.contains("scan.tif: 3 pages; only the first is used"), "\(horizon.stderr)")
        #expect(try horizon.jsonLines().first?["pages"] as? Int == 3)

        let quiet = try run("imgtool", ["blur", gif, "-o", folder.path + "/quiet.png", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        // A single picture says nothing.
        let single = try run(
            "imgtool", ["blur", Fixtures.asset("screenshot-text.png"), "-o", folder.path + "/one.png"])
        #expect(!single.stderr.contains("only the first"), "\(single.stderr)")
    }
}
