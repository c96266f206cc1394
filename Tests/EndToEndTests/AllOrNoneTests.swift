import Foundation
import TestSupport
import Testing

/// All of an input's outputs, or none (issue 41 §4): a drawing that cannot be written takes the
/// straightened copy and the sidecar back with it.
@Suite struct AllOrNoneTests {
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
}
