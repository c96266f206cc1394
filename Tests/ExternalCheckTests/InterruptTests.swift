import Foundation
import TestSupport
import Testing

/// Kills a command in the middle of writing a large output, then looks at the folder: the
/// destination is the old file byte for byte, or absent, never a truncated file; and when the
/// command could clean up (SIGINT, SIGTERM, SIGHUP) no hidden temporary file is left either.
///
/// The signal is sent only once the hidden temporary file (`.NAME.PID-RANDOM.tmp` beside the
/// destination) exists and has data in it, so the kill lands mid-write whatever the speed of the
/// machine; a command that finishes before that is reported as a failure, not a vacuous pass.
/// Serialized: two large jobs at once on a small machine only slow each other down.
@Suite(.serialized, .tags(.external)) struct InterruptTests {
    enum Job: String, Sendable {
        /// A 150 dpi continuous view of the 6-page PDF: one tall PNG (≈ 1250×7900) at
        /// compression 9, streamed to disk while the pages render (≈ 3 s in a debug build).
        case pdflayout
        /// imgtool blur of a 6144×3840 photo mosaic made with the vips CLI (≈ 1.3 s).
        case blur
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var job: Job
        var signal: Int32
        var overOldFile: Bool

        var signalName: String {
            switch signal {
            case SIGINT: "SIGINT"
            case SIGTERM: "SIGTERM"
            case SIGHUP: "SIGHUP"
            case SIGKILL: "SIGKILL"
            default: "signal \(signal)"
            }
        }

        var testDescription: String {
            "\(job.rawValue), \(signalName), \(overOldFile ? "over an old file" : "new file")"
        }
    }

    static let cases: [Case] = [
        Case(job: .pdflayout, signal: SIGINT, overOldFile: false),
        Case(job: .pdflayout, signal: SIGTERM, overOldFile: true),
        Case(job: .pdflayout, signal: SIGHUP, overOldFile: false),
        // The honest worst case: no handler runs, so the temporary file stays, but it never has
        // the destination's name and the old file is untouched.
        Case(job: .pdflayout, signal: SIGKILL, overOldFile: true),
        Case(job: .blur, signal: SIGINT, overOldFile: true),
        Case(job: .blur, signal: SIGTERM, overOldFile: false),
        Case(job: .blur, signal: SIGKILL, overOldFile: false),
    ]

    @Test(arguments: cases)
    func killedMidWriteLeavesTheOldFileOrNone(_ test: Case) throws {
        // Inputs and logs in one folder, the destination alone in another, so that a listing of
        // the destination's folder shows exactly what the command left there.
        let work = try Fixtures.temporaryFolder(), out = try Fixtures.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: work)
            try? FileManager.default.removeItem(at: out)
        }
        let name = "big.png"
        let destination = out.appendingPathComponent(name)
        // The old file is a real image with known bytes.
        let old = try Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("screenshot-text.png")))
        if test.overOldFile {
            try old.write(to: destination)
        }

        let arguments: [String]
        switch test.job {
        case .pdflayout:
            arguments = [
                Fixtures.asset("mixed.pdf"), "--continuous", "--dpi", "150", "-q",
                "-o", destination.path + "[compression=9]",
            ]
        case .blur:
            // A large real photo: horizon-lake.jpg tiled 6×6 (6144×3840), detailed enough that
            // the PNG encoder writes for about a second.
            let input = work.appendingPathComponent("mosaic.jpg").path
            let made = try run("vips", ["replicate", Fixtures.asset("horizon-lake.jpg"), input, "6", "6"])
            try #require(made.status == 0, "vips replicate: \(made.stderr)")
            arguments = [input, "-o", destination.path, "-q"]
        }
        let logURL = work.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let log = try FileHandle(forWritingTo: logURL)
        defer { try? log.close() }
        let tool = test.job == .pdflayout ? "pdflayout" : "imgtool"
        let process = try startProcess(
            tool, test.job == .pdflayout ? arguments : ["blur"] + arguments, standardError: log)

        // Poll for the hidden temporary file with data in it, then signal at once.
        func temporaries() -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
            return names.filter { $0.hasPrefix(".\(name).") && $0.hasSuffix(".tmp") }
        }
        func size(_ entry: String) -> Int {
            var info = stat()
            return stat(out.appendingPathComponent(entry).path, &info) == 0 ? Int(info.st_size) : 0
        }
        // A writer that is not atomic shows up as the destination itself changing: signal then
        // too, so that the checks below see what it leaves.
        func destinationChanged() -> Bool {
            var info = stat()
            guard stat(destination.path, &info) == 0 else { return false }
            return !test.overOldFile || Int(info.st_size) != old.count
        }
        let started = Date()
        var signalled = false, seenSize = 0
        while process.isRunning && Date().timeIntervalSince(started) < 120 {
            let temporary = temporaries().first(where: { size($0) > 0 })
            if temporary != nil || destinationChanged() {
                seenSize = temporary.map(size) ?? 0
                kill(process.processIdentifier, test.signal)
                signalled = true
                break
            }
            usleep(2_000)
        }
        if !signalled && process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("\(test): no temporary file with data appeared within 120 s")
            return
        }
        // The handler removes the temporary file and exits; it must not hang.
        let signalledAt = Date()
        while process.isRunning && Date().timeIntervalSince(signalledAt) < 30 { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("\(test): still running 30 s after \(test.signalName)")
            return
        }
        process.waitUntilExit()
        let stderr = String(decoding: (try? Data(contentsOf: logURL)) ?? Data(), as: UTF8.self)
        guard signalled else {
            Issue.record(
                """
                \(test): the command finished (status \(process.terminationStatus)) before its temporary file had data, \
                so it was never interrupted: make the job bigger for this machine. \(stderr)
                """)
            return
        }

        // Killed mid-write: the signal's own status, not a crash and not success.
        if test.signal == SIGKILL {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        } else {
            #expect(
                process.terminationReason == .exit && process.terminationStatus == 128 + test.signal,
                "\(test): reason \(process.terminationReason.rawValue), status \(process.terminationStatus): \(stderr)")
        }

        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        if test.overOldFile {
            let now = try Data(contentsOf: destination)
            #expect(now == old, "\(test): the old file changed (\(old.count) → \(now.count) bytes)")
        } else {
            #expect(
                !FileManager.default.fileExists(atPath: destination.path),
                "\(test): a partial \(name) of \(size(name)) bytes was left (temporary had \(seenSize) when signalled)")
        }
        #expect(left.filter { !$0.hasPrefix(".") } == (test.overOldFile ? [name] : []), "\(test): \(left)")
        if test.signal != SIGKILL {
            #expect(temporaries().isEmpty, "\(test): temporary files left behind: \(left)")
            #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(test): hidden files left behind: \(left)")
        }
        // For SIGKILL no handler can run: a hidden temporary file may stay beside the destination.
        // It is never renamed to the destination, which is all atomic output can promise.
    }
}
