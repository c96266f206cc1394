import Foundation
import TestSupport
import Testing
import ToolSupport

/// `AtomicOutput.write`: the destination is the old file or the whole new one, and no hidden
/// temporary file is left beside it, whatever the writer does.
@Suite struct AtomicOutputTests {
    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aWholeWriteReplacesTheDestination() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.bin")
        try Data("old".utf8).write(to: destination)
        let seen = try AtomicOutput.write(to: destination.path) { temporary in
            #expect(temporary.hasPrefix(folder.path + "/.out.bin.") && temporary.hasSuffix(".tmp"))
            try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
            return 42
        }
        #expect(seen == 42)
        #expect(try Data(contentsOf: destination) == Data("new".utf8))
        #expect(try listing(folder) == ["out.bin"])
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        struct Broken: Error {}
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.bin")
        try Data("old".utf8).write(to: destination)
        #expect(throws: Broken.self) {
            try AtomicOutput.write(to: destination.path) { temporary in
                try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
                throw Broken()
            }
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try listing(folder) == ["out.bin"])
    }

    @Test func aWriterThatWritesNothingIsAnErrorNamingTheDestination() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.bin").path
        #expect {
            try AtomicOutput.write(to: destination) { _ in }
        } throws: { error in
            "\(error)".contains(destination) && !"\(error)".contains(".tmp")
        }
        #expect(try listing(folder).isEmpty)
    }

    @Test func aDirectoryInTheWayIsReportedAndTheTemporaryRemoved() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("out.bin")
        try FileManager.default.createDirectory(
            at: destination.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) {
            try AtomicOutput.write(to: destination.path) { temporary in
                try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
            }
        }
        #expect(try listing(folder) == ["out.bin"])
    }

    @Test func aMissingFolderIsReportedBeforeWriting() throws {
        var called = false
        #expect(throws: ToolFailure.self) {
            try AtomicOutput.write(to: "/nonexistent-frostlevel/out.bin") { _ in called = true }
        }
        #expect(!called)
    }
}
