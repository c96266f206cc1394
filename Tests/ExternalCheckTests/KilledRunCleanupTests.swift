import Foundation
import TestSupport
import Testing

/// What killed runs leave, and what the next run takes away (issue 41 §3): SIGTERM removes
/// pdflayout's temporary folder of EPUB pages at once; after SIGKILL (no handler runs) the spool
/// beside the output and the folder under the temporary directory stay, until a later run of the
/// same job removes them, because their names hold the dead run's process ID. Files of that
/// pattern whose process still runs, or of another pattern, are never touched.
///
/// Each kill is sent once the file it is about exists, found by polling the file system (no
/// fixed waits); a run that finishes first is reported as a failure. Serialized: large jobs.
@Suite(.serialized, .tags(.external)) struct KilledRunCleanupTests {
    /// Polls until `found()` is true or the process ends; then sends `signal` (if found).
    static func signal(_ process: Process, _ signal: Int32, when found: () -> Bool) -> Bool {
        let started = Date()
        while process.isRunning && Date().timeIntervalSince(started) < 120 {
            if found() {
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                return true
            }
            usleep(2_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return false
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// A process ID no process has: a child that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        let process = try startProcess("true", [])
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// SIGKILL while a continuous view streams through its spool: the spool and the temporary
    /// output stay; the next run to the same output finishes and leaves only the output.
    @Test func aSpoolLeftBySIGKILLIsRemovedByTheNextRun() throws {
        let out = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = [Fixtures.asset("mixed.pdf"), "--continuous", "--dpi", "150", "-q", "-o", "overview.png"]
        let process = try startProcess("pdflayout", arguments, currentDirectory: out)
        func spools() -> [String] {
            Self.entries(out).filter { $0.hasPrefix(".overview.png.") && $0.hasSuffix(".tmp") }
        }
        let killed = Self.signal(process, SIGKILL) { spools().contains { Self.size(out.path + "/" + $0) > 0 } }
        try #require(killed, "no spool appeared before the run ended")
        #expect(!spools().isEmpty, "SIGKILL runs no handler: the spool should still be there")
        // A file of the same look whose process is alive (this test's) stays.
        let alive = ".overview.png.\(getpid())-12345.tmp"
        _ = FileManager.default.createFile(atPath: out.path + "/" + alive, contents: Data("x".utf8))

        let again = try run("pdflayout", arguments, currentDirectory: out)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.entries(out) == [alive, "overview.png"], "\(Self.entries(out))")
    }

    /// SIGTERM (and SIGINT) while the EPUB's pages render: the folder of pages goes with the run.
    @Test(arguments: [SIGTERM, SIGINT])
    func anEPUBsPagesGoOnSIGTERM(signal: Int32) throws {
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = try startProcess(
            "pdflayout", [Fixtures.asset("mixed.pdf"), "--two-up", "--cover", "--dpi", "300", "-q", "-o", "book.epub"],
            environment: ["TMPDIR": temporary.path], currentDirectory: work)
        let killed = Self.signal(process, signal) {
            Self.entries(temporary).contains { !Self.entries(temporary.appendingPathComponent($0)).isEmpty }
        }
        try #require(killed, "no page was rendered before the run ended")
        #expect(process.terminationStatus == 128 + signal, "\(process.terminationStatus)")
        #expect(Self.entries(temporary).isEmpty, "left: \(Self.entries(temporary))")
        #expect(!Self.entries(work).contains("book.epub"))
    }

    /// SIGKILL leaves the folder of pages; the next EPUB run removes it, and only it.
    @Test func anEPUBsPagesLeftBySIGKILLAreRemovedByTheNextRun() throws {
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let arguments = [Fixtures.asset("mixed.pdf"), "--two-up", "--cover", "--dpi", "300", "-q", "-o", "book.epub"]
        let process = try startProcess(
            "pdflayout", arguments, environment: ["TMPDIR": temporary.path], currentDirectory: work)
        let killed = Self.signal(process, SIGKILL) {
            Self.entries(temporary).contains { !Self.entries(temporary.appendingPathComponent($0)).isEmpty }
        }
        try #require(killed, "no page was rendered before the run ended")
        let left = Self.entries(temporary)
        #expect(left.count == 1 && left[0].hasPrefix("pdflayout-epub-\(process.processIdentifier)-"), "\(left)")
        // Look-alikes that are not a dead run's: a live process's, a name that is not the pattern.
        let keep = [
            "pdflayout-epub-\(getpid())-\(UUID().uuidString)", "pdflayout-epub-\(try Self.deadPID())-notes",
            "pdflayout-epubs-\(try Self.deadPID())-\(UUID().uuidString)",
        ]
        for name in keep {
            try FileManager.default.createDirectory(
                at: temporary.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        let again = try run(
            "pdflayout", arguments.map { $0 == "300" ? "20" : $0 }, environment: ["TMPDIR": temporary.path],
            currentDirectory: work)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.entries(temporary) == keep.sorted(), "\(Self.entries(temporary))")
    }

    /// The standard-output spool (`-o -`) of a killed run goes the same way.
    @Test func aStandardOutputSpoolLeftBySIGKILLIsRemovedByTheNextRun() throws {
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let temporary = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let arguments = [
            Fixtures.asset("mixed.pdf"), "--continuous", "--dpi", "150", "-q", "--format", "png", "-o", "-",
        ]
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        let process = try startProcess(
            "pdflayout", arguments, standardOutput: sink, environment: ["TMPDIR": temporary.path],
            currentDirectory: work)
        let killed = Self.signal(process, SIGKILL) {
            Self.entries(temporary).contains { !Self.entries(temporary.appendingPathComponent($0)).isEmpty }
        }
        try #require(killed, "no spool appeared before the run ended")
        #expect(!Self.entries(temporary).isEmpty)
        let again = try run(
            "pdflayout", arguments.map { $0 == "150" ? "10" : $0 }, environment: ["TMPDIR": temporary.path],
            currentDirectory: work)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.entries(temporary).isEmpty, "\(Self.entries(temporary))")
    }
}
