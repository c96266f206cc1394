import Foundation
import TestSupport
import Testing
import ToolSupport

@Suite(.tags(.fast)) struct InputScanTests {
    /// photos/{b.jpg, a.PNG, notes.txt, .hidden.jpg, 2024/{c.jpg, .cache/d.jpg}, link→2024}
    private func library() throws -> String {
        let root = NSTemporaryDirectory() + "scan-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/photos/2024/.cache", withIntermediateDirectories: true)
        for file in [
            "photos/b.jpg", "photos/a.PNG", "photos/notes.txt", "photos/.hidden.jpg",
            "photos/2024/c.jpg", "photos/2024/.cache/d.jpg", "single.gif",
        ] {
            #expect(manager.createFile(atPath: root + "/" + file, contents: Data([1])))
        }
        try manager.createSymbolicLink(atPath: root + "/photos/2024/loop", withDestinationPath: root + "/photos")
        return root
    }

    @Test func foldersGiveMatchingFilesInPathOrder() throws {
        let root = try library()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let flat = InputScan(suffixes: InputScan.imageSuffixes, recursive: false)
            .inputs(from: [root + "/photos", root + "/single.gif", root + "/missing.jpg", "-"])
        #expect(flat.map(\.relativePath) == ["a.PNG", "b.jpg", "single.gif", "missing.jpg", "stdin"])
        #expect(flat.map(\.foundInFolder) == [true, true, false, false, false])
        #expect(flat[0].path == root + "/photos/a.PNG")
        #expect(flat[4].isStandardInput)

        // -r walks subfolders, skips hidden ones and does not follow the link back up (no cycle).
        let deep = InputScan(suffixes: InputScan.imageSuffixes, recursive: true).inputs(from: [root + "/photos/"])
        #expect(deep.map(\.relativePath) == ["2024/c.jpg", "a.PNG", "b.jpg"])
        #expect(deep[0].path == root + "/photos/2024/c.jpg")
        #expect(deep[0].shardKey == "2024/c.jpg")
    }

    @Test func freshnessComparesModificationTimes() throws {
        let root = try library()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let input = root + "/photos/b.jpg", output = root + "/out.jpg"
        #expect(!OutputFreshness.isUpToDate(outputs: [output], input: input))
        #expect(FileManager.default.createFile(atPath: output, contents: Data([2])))
        #expect(OutputFreshness.isUpToDate(outputs: [output], input: input))
        // The input changed after the output was made: redo it.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: input)
        #expect(!OutputFreshness.isUpToDate(outputs: [output], input: input))
        #expect(!OutputFreshness.isUpToDate(outputs: [], input: input))
        #expect(!OutputFreshness.isUpToDate(outputs: [output], input: "-"))
    }
}
