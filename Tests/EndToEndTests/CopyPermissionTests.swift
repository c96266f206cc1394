import Foundation
import TestSupport
import Testing

/// One rule for a PDF that forbids copying (issue 41 §5): PDF sheets keep the permission (its
/// encryption, with the owner password); images, EPUB, CBZ and the web reader (whose text layer
/// holds every word) cannot, so they are refused unless the owner password or --drop-encryption
/// is given. A PDF that allows copying is laid out into them as before.
@Suite(.tags(.tools)) struct CopyPermissionTests {
    static func encrypted(_ restrictions: [String], in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("locked.pdf").path
        let made = try run(
            "qpdf", ["--encrypt", "", "owner", "256"] + restrictions + ["--", Fixtures.asset("mixed.pdf"), path])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test(arguments: [["-o", "x.png"], ["-o", "b.epub"], ["-o", "c.cbz"], ["--format", "html", "-o", "reader/"]])
    func aPDFThatForbidsCopyingIsRefusedForCopies(output: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = try Self.encrypted(["--extract=n"], in: folder)
        let refused = try run("pdflayout", [locked, "--two-up", "--dpi", "10"] + output, currentDirectory: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("forbid copying"), "\(refused.stderr)")
        #expect(listing(folder) == ["locked.pdf"], "\(listing(folder))")
        for unlock in [["--drop-encryption"], ["--password", "owner"]] {
            let written = try run(
                "pdflayout", [locked, "--two-up", "--dpi", "10", "-q"] + output + unlock, currentDirectory: folder)
            #expect(written.status == 0, "\(unlock): \(written.stderr)")
        }
    }

    @Test func sheetsKeepThePermissionAndACopyablePDFIsLaidOut() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let locked = try Self.encrypted(["--extract=n"], in: folder)
        let sheets = try run(
            "pdflayout", [locked, "--two-up", "--password", "owner", "-o", "s.pdf", "-q"], currentDirectory: folder)
        #expect(sheets.status == 0, "\(sheets.stderr)")
        let shown = try run("qpdf", ["--show-encryption", folder.path + "/s.pdf"]).text
        #expect(shown.contains("extract for any purpose: not allowed"), "\(shown)")
        let copyable = try Self.encrypted(["--modify=none"], in: folder)
        let images = try run(
            "pdflayout", [copyable, "--two-up", "--dpi", "10", "-o", "x.png", "-q"], currentDirectory: folder)
        #expect(images.status == 0, "\(images.stderr)")
    }
}
