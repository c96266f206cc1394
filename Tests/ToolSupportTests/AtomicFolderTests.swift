import Foundation
import TestSupport
import Testing
import ToolSupport

/// `AtomicFolder.write`: the destination is nothing, the old folder or the whole new one, and no
/// hidden temporary folder is left beside it.
@Suite(.tags(.fast)) struct AtomicFolderTests {
    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func writeOne(_ name: String, into temporary: String) throws {
        try Data(name.utf8).write(to: URL(fileURLWithPath: temporary + "/" + name))
    }

    @Test func aNewFolderAppearsWhole() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("reader")
        try AtomicFolder.write(to: destination.path, mayReplace: { _ in false }) { temporary in
            #expect(temporary.hasPrefix(folder.path + "/.reader.") && temporary.hasSuffix(".tmp"))
            try writeOne("index.html", into: temporary)
        }
        #expect(try listing(folder) == ["reader"])
        #expect(try listing(destination) == ["index.html"])
    }

    @Test func aFolderOfOtherFilesIsRefusedAndKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("reader")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: destination.appendingPathComponent("mine.txt"))
        #expect(throws: FileWriteError.self) {
            try AtomicFolder.write(to: destination.path, mayReplace: { _ in false }) { temporary in
                try writeOne("index.html", into: temporary)
            }
        }
        #expect(try listing(destination) == ["mine.txt"])
        #expect(try listing(folder) == ["reader"])
    }

    /// `-o ~/www/book/` where book is a link to the real folder: the real folder is replaced
    /// (when it may be) and the link stays a link.
    @Test func aLinkToAFolderIsWrittenThrough() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real"), link = folder.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: real.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real")
        try AtomicFolder.write(to: link.path + "/", mayReplace: { _ in true }) { temporary in
            #expect(temporary.hasPrefix(folder.path + "/.real."))
            try writeOne("layout.json", into: temporary)
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real")
        #expect(try listing(real) == ["layout.json"])
        #expect(try listing(folder) == ["link", "real"])
    }
}
