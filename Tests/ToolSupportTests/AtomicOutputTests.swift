import Foundation
import TestSupport
import Testing
import ToolSupport

/// `AtomicOutput.write`: the destination is the old file or the whole new one, and no hidden
/// temporary file is left beside it, whatever the writer does.
@Suite(.tags(.fast)) struct AtomicOutputTests {
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
        #expect(throws: FileWriteError.self) {
            try AtomicOutput.write(to: "/nonexistent-frostlevel/out.bin") { _ in called = true }
        }
        #expect(!called)
    }
}

@Suite(.tags(.fast)) struct AbandonedTemporariesTests {
    @Test func parsesOnlyTheOwnPattern() {
        #expect(AbandonedTemporaries.parse(".photo.jpg.1234-5678.tmp")?.destination == "photo.jpg")
        #expect(AbandonedTemporaries.parse(".photo.jpg.1234-5678.tmp")?.pid == 1234)
        for name in [
            ".notes.tmp", "photo.jpg.1-2.tmp", ".photo.jpg.12-x.tmp", ".photo.jpg.1-2-3.tmp", "..1-2.tmp", ".a.-2.tmp",
            ".a.1-.tmp",
        ] {
            #expect(AbandonedTemporaries.parse(name) == nil, "\(name)")
        }
    }

    @Test func sweepsADeadRunsTemporaryOfTheDestinationOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A process that has exited: its pid names no process (barring reuse within the test).
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier, alive = getppid()
        let names = [
            ".out.bin.\(dead)-1.tmp", ".other.bin.\(dead)-2.tmp", ".out.bin.\(alive)-3.tmp", ".out.bin.notes.tmp",
            "out.bin.\(dead)-4.tmp",
        ]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        try AtomicOutput.write(to: folder + "/out.bin") { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        // Only the dead run's temporary file of this destination went; a recent one of another
        // destination waits until that destination is written or the file is stale.
        #expect(left == Set(names.dropFirst() + ["out.bin"]))
    }
}
