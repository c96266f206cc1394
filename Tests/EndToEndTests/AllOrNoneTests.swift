import Foundation
import TestSupport
import Testing

/// All of an input's outputs, or none (issue 41 §4): a drawing that cannot be written takes the
/// straightened copy and the sidecar back with it.
@Suite(.tags(.tools)) struct AllOrNoneTests {
    @Test func aFailedDrawingLeavesNoCopyNorSidecar() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyAsset("tilted-lake.jpg", to: folder.path + "/p.jpg")
        // A file where the drawing's folder should be: no one, root included, can write in it.
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("ro"))
        let result = try run(
            "imgtool",
            [
                "horizon", "p.jpg", "--angle", "2", "--fix", "-o", "l.jpg", "--overlay", "ro/ov.jpg",
                "--sidecar", "rawtherapee",
            ],
            currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(listing(folder) == ["p.jpg", "ro"], "\(listing(folder))")
        // The same run with a writable drawing writes all three.
        let written = try run(
            "imgtool",
            [
                "horizon", "p.jpg", "--angle", "2", "--fix", "-o", "l.jpg", "--overlay", "ov.jpg",
                "--sidecar", "rawtherapee", "-q",
            ],
            currentDirectory: folder)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(listing(folder) == ["l.jpg", "ov.jpg", "p.jpg", "p.jpg.pp3", "ro"])
    }

    /// pdflayout's numbered images: a view that cannot be written (its folder is missing) leaves
    /// none of this run's images, and an earlier run's image under the same name as it was (one
    /// worker: page 1 is done before page 3 fails).
    @Test func aFailedViewLeavesTheEarlierImagesAsTheyWere() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["p-1", "p-2"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let old = Data("an earlier run's image".utf8)
        try old.write(to: folder.appendingPathComponent("p-1/x.png"))
        let result = try run(
            "pdflayout",
            [Fixtures.asset("mixed.pdf"), "--single", "--pages", "1-3", "--dpi", "10", "-j", "1", "-o", "p-%d/x.png"],
            currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("p-1/x.png")) == old)
        #expect(listing(folder.appendingPathComponent("p-1")) == ["x.png"])
        #expect(listing(folder.appendingPathComponent("p-2")).isEmpty)
    }
}
