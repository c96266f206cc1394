import Foundation
import TestSupport
import Testing

/// pdflayout removes only numbered images an earlier run provably wrote (its record beside them),
/// never a file that merely looks like one (issue 41 §2).
@Suite(.tags(.tools)) struct RunRecordTests {
    @Test func aUsersLookAlikeFileIsKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let mine = Data("the user's own picture".utf8)
        try mine.write(to: out.appendingPathComponent("page-042.png"))
        let result = try run(
            "pdflayout",
            [Fixtures.asset("mixed.pdf"), "--two-up", "--pages", "1-4", "--dpi", "10", "-o", "out/page.png"],
            currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("page-042.png")) == mine)
        #expect(!result.text.contains("removed"), "\(result.text)")
        #expect(listing(out).contains(".page.png.pdflayout-run"), "\(listing(out))")
    }

    /// An earlier run's images are removed when this run does not write them again, except one
    /// the user changed since (it is no longer what the tool wrote).
    @Test func anEarlierRunsImagesAreRemovedUnlessChanged() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mixed = Fixtures.asset("mixed.pdf")
        let first = try run("pdflayout", [mixed, "--single", "--dpi", "10", "-o", "p.png"], currentDirectory: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(listing(folder).filter { $0.hasSuffix(".png") }.count == 6)
        let edited = Data("edited by the user".utf8)
        try edited.write(to: folder.appendingPathComponent("p-006.png"))
        let second = try run(
            "pdflayout", [mixed, "--single", "--pages", "3-4", "--dpi", "10", "-o", "p.png"], currentDirectory: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(listing(folder) == [".p.png.pdflayout-run", "p-003.png", "p-004.png", "p-006.png"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("p-006.png")) == edited)
        #expect(second.text.contains("3 numbered images of an earlier run removed"), "\(second.text)")
    }

    /// A run killed after its numbered images and before their record left images no record vouches
    /// for: `--skip-existing` writes them again, with the record, instead of taking them for done;
    /// once the record lists them, it skips the PDF.
    @Test func skipExistingRedoesImagesWithoutTheirRecord() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shelf = folder.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.asset("mixed.pdf"), toPath: shelf.appendingPathComponent("mixed.pdf").path)
        let arguments = ["shelf", "--single", "--dpi", "10", "-o", "out/", "--format", "png", "--skip-existing"]
        let first = try run("pdflayout", arguments, currentDirectory: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let out = folder.appendingPathComponent("out")
        let record = out.appendingPathComponent(".mixed.png.pdflayout-run")
        #expect(listing(out).filter { $0.hasSuffix(".png") }.count == 6)
        // As a kill between the last image's rename and the record leaves the folder.
        try FileManager.default.removeItem(at: record)
        let resumed = try run("pdflayout", arguments, currentDirectory: folder)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("1 done, 0 skipped"), "\(resumed.stderr)")
        #expect(FileManager.default.fileExists(atPath: record.path), "\(listing(out))")
        let again = try run("pdflayout", arguments, currentDirectory: folder)
        #expect(again.stderr.contains("0 done, 1 skipped"), "\(again.stderr)")
        // An image the user edited since is still one the run finished: skipped, the edit kept.
        let edit = Data("edited by the user".utf8)
        try edit.write(to: out.appendingPathComponent("mixed-002.png"))
        let edited = try run("pdflayout", arguments, currentDirectory: folder)
        #expect(edited.stderr.contains("0 done, 1 skipped"), "\(edited.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("mixed-002.png")) == edit)
    }
}
