import Foundation
import TestSupport
import Testing

/// Values are checked the same way in every command: a negative number is refused with a clear
/// sentence whether written `--gap -5` or `--gap=-5` (never "Missing value"), negative numbers that
/// mean something are taken (`--saturation -1`), options that need another say so, and a region
/// that does not fit one image of a batch fails that image only.
@Suite(.tags(.tools)) struct ValueCheckTests {
    static let shot = Fixtures.asset("screenshot-text.png")
    static let lake = Fixtures.asset("tilted-lake.jpg")
    static let book = Fixtures.asset("book-rtl.pdf")

    @Test(arguments: [
        (["pdflayout", "BOOK", "--gap", "-5", "--json"], "--gap must be 0 or more"),
        (["pdflayout", "BOOK", "--gap=-5", "--json"], "--gap must be 0 or more"),
        (["pdflayout", "BOOK", "--gap", "4,-1", "--json"], "--gap must be 0 or more"),
        (["pdflayout", "BOOK", "--dpi", "-5", "-o", "x.png"], "--dpi must be a positive number"),
        (["pdflayout", "BOOK", "--dpi=-5", "-o", "x.png"], "--dpi must be a positive number"),
        (["imgtool", "blur", "SHOT", "-o", "x.png", "--region", "-5,0,10,10"], "x and y cannot be negative"),
        (["imgtool", "blur", "SHOT", "-o", "x.png", "--radius", "-3"], "--radius must be from 0"),
        (["imgtool", "blur", "SHOT", "-o", "x.png", "--scale", "-1"], "--scale must be above 0"),
        (["imgtool", "blur", "SHOT", "-o", "x.png", "-j", "-2"], "-j must be at least 1"),
        (["imgtool", "horizon", "LAKE", "--max-angle", "-3"], "--max-angle must be from 0.5"),
        (["imgtool", "horizon", "LAKE", "--max-pixels", "-3"], "--max-pixels takes a positive count"),
        (
            ["imgtool", "horizon", "LAKE", "--crop", "none"],
            "--crop shapes the straightened copy or the sidecar's crop: add --fix or --sidecar"
        ),
        (["imgtool", "horizon", "LAKE", "--strip"], "--strip shapes the straightened copy: add --fix"),
        (["imgtool", "horizon", "LAKE", "--interpolate", "lbb"], "--interpolate shapes the straightened copy"),
        (
            ["imgtool", "horizon", "LAKE", "--fix", "--background", "white"],
            "--background fills the corners of --crop none"
        ),
        (["pdflayout", "BOOK", "--dpi", "150", "--json"], "--dpi applies to what -o writes"),
        (["pdflayout", "BOOK", "--background", "grey"], "--background applies to what -o writes"),
    ])
    func badValuesAreUsageErrorsInPlainWords(command: [String], message: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = command.dropFirst().map {
            ["BOOK": Self.book, "SHOT": Self.shot, "LAKE": Self.lake][$0] ?? $0
        }
        let result = try run(command[0], arguments, currentDirectory: folder)
        #expect(result.status == 64, "\(command): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func negativeValuesThatMeanSomethingAreTaken() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(
            "imgtool", ["blur", Self.shot, "-o", folder.path + "/inverted.png", "--saturation", "-1", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A region outside one small image of a batch fails that image (exit 1); the large one is written.
    @Test func aRegionThatDoesNotFitOneImageFailsOnlyThatImage() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // tilted-lake.jpg is 922×576; the screenshot 642×730: x = 700 fits only the lake.
        let result = try run(
            "imgtool",
            ["blur", Self.shot, Self.lake, "-o", folder.path + "/out/", "--region", "700,0,10,10", "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("region 700,0,10,10 lies outside the 642×730 image"), "\(result.stderr)")
        let records = try result.jsonLines()
        #expect(records.count == 2)
        #expect(records[0]["exit_status"] as? Int == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/tilted-lake.jpg"))
    }

    /// The same for pdflayout: --pages 7 fits the 7-page book but not the 6-page one.
    @Test func pagesThatOneDocumentLacksFailOnlyThatDocument() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(
            "pdflayout",
            [Self.book, Fixtures.asset("mixed.pdf"), "--single", "--pages", "7", "-o", folder.path + "/out/", "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("page 7 does not exist"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/book-rtl.pdf"))
        let alone = try run("pdflayout", [Fixtures.asset("mixed.pdf"), "--single", "--pages", "7", "--json"])
        #expect(alone.status == 64, "\(alone.stderr)")
    }
}
