import CoreTypes
import Foundation

/// What one input of a batch came to.
public enum BatchOutcome<Record: Sendable>: Sendable {
    /// Done; `status` is 0, or `ExitStatus.nothingFound` when the job found nothing to act on.
    case done(Record, status: Int32 = ExitStatus.success)
    /// `--skip-existing`: these outputs are newer than the input.
    case skipped(outputs: [String])
    /// Skipped for another reason than up-to-date outputs (`rejected on the review page`), said
    /// in the line for people; counted and recorded as skipped.
    case skippedBecause(String)
    case failed(ToolFailure)
}

extension BatchOutcome {
    /// `body`'s record, or its error as this input's failure (errors other than `ToolFailure`
    /// become "FILE: description").
    public static func catching(_ input: BatchInput, _ body: () throws -> Record) -> BatchOutcome {
        do {
            return .done(try body())
        } catch {
            return .failed(.wrapping(error, file: input.path) { "\($0)" })
        }
    }
}

/// How a batch reports: records in input order on stdout (or stderr when stdout carries an
/// image), errors as one line on stderr, a progress bar and a closing summary on a terminal.
public struct BatchReport: Sendable {
    /// "imgtool horizon": the prefix of errors, progress and the summary.
    public var label: String
    public var quiet: Bool
    public var json: Bool
    /// Records go to stderr, because stdout carries the output image.
    public var recordsToStandardError = false
    /// What "nothing found" is called in the summary ("no horizon").
    public var nothingFoundLabel = "nothing found"
    /// Print the summary line even for one input (a folder was given, or a shard).
    public var alwaysSummarise = false

    public init(label: String, quiet: Bool, json: Bool) {
        self.label = label
        self.quiet = quiet
        self.json = json
    }
}

/// Counts of a finished batch, and the exit status they mean.
public struct BatchTally: Sendable, Equatable {
    public var done = 0, nothingFound = 0, skipped = 0, failed = 0
    /// The worst failure's status (1, or 64 for a per-input usage error), 0 if none failed.
    public var failureStatus: Int32 = 0

    public init() {}

    /// Failures win over "nothing found", which wins over success.
    public var exitStatus: Int32 { exitStatus(nothingFoundIsSuccess: false) }

    /// The status for a scheduler (`--no-horizon-ok`): with `nothingFoundIsSuccess`, 0 when every
    /// input was handled (done, nothing found, skipped) and non-zero only when some input failed.
    public func exitStatus(nothingFoundIsSuccess: Bool) -> Int32 {
        if failed > 0 { return failureStatus }
        return nothingFound > 0 && !nothingFoundIsSuccess ? ExitStatus.nothingFound : ExitStatus.success
    }

    public var total: Int { done + nothingFound + skipped + failed }
}

/// Runs a job over many inputs with `jobs` workers; one bad input never stops the others.
public enum Batch {
    /// `text` gives the lines printed for a record without `--json`. Returns the tally; the
    /// caller exits with `tally.exitStatus`.
    @discardableResult
    public static func run<Record: Encodable & Sendable>(
        _ inputs: [BatchInput], jobs: Int, report: BatchReport,
        text: @escaping @Sendable (Record) -> [String],
        work: @escaping @Sendable (BatchInput) -> BatchOutcome<Record>
    ) -> BatchTally {
        let start = ContinuousClock.now
        let progress = ProgressBar(label: report.label, total: inputs.count, quiet: report.quiet)
        let tally = Locked(BatchTally())
        let print: @Sendable (String) -> Void = report.recordsToStandardError ? Console.error : Console.out
        // Interrupted (Ctrl-C, SIGTERM), a batch still says what it did before it was stopped.
        if !report.quiet && (inputs.count > 1 || report.alwaysSummarise) {
            TemporaryFiles.shared.onInterrupt { [tally] in
                summary(
                    tally.withLock { $0 }, label: report.label, nothingFound: report.nothingFoundLabel,
                    elapsed: ContinuousClock.now - start, interrupted: inputs.count)
            }
        }
        defer { TemporaryFiles.shared.onInterrupt(say: nil) }
        orderedParallelForEach(
            count: inputs.count, jobs: jobs, work: { work(inputs[$0]) },
            emit: { index, outcome in
                let input = inputs[index]
                var lines: [String] = []
                var errorLine: String?
                switch outcome {
                case .done(let record, let status):
                    tally.withLock {
                        if status == ExitStatus.success { $0.done += 1 } else { $0.nothingFound += 1 }
                    }
                    // -q silences chatter, never the JSON records asked for.
                    if report.json {
                        lines = [encoded(record, input)]
                    } else if !report.quiet {
                        lines = text(record)
                    }
                case .skipped(let outputs):
                    tally.withLock { $0.skipped += 1 }
                    if report.json {
                        lines = [encoded(SkippedRecord(file: input.description, outputs: outputs), input)]
                    } else if !report.quiet {
                        lines = ["\(input): up to date (\(shortList(outputs))), skipped"]
                    }
                case .skippedBecause(let reason):
                    tally.withLock { $0.skipped += 1 }
                    if report.json {
                        lines = [encoded(SkippedRecord(file: input.description, outputs: []), input)]
                    } else if !report.quiet {
                        lines = ["\(input): \(reason), skipped"]
                    }
                case .failed(let failure):
                    tally.withLock {
                        $0.failed += 1
                        $0.failureStatus = max($0.failureStatus, failure.status)
                    }
                    errorLine = "\(report.label.split(separator: " ").first ?? ""): \(failure.message)"
                    // The JSON log has a record for every input, failures included (even with -q: errors are not chatter).
                    if report.json {
                        lines = [
                            encoded(
                                FailedRecord(file: input.description, error: failure.cause, exitStatus: failure.status),
                                input)
                        ]
                    }
                }
                progress.printing {
                    if let errorLine { Console.error(errorLine) }
                    for line in lines { print(line) }
                }
                progress.advance()
            })
        progress.finish()
        let result = tally.withLock { $0 }
        if !report.quiet && (inputs.count > 1 || report.alwaysSummarise) {
            Console.error(
                summary(
                    result, label: report.label, nothingFound: report.nothingFoundLabel,
                    elapsed: ContinuousClock.now - start))
        }
        return result
    }

    /// "imgtool horizon: 500 inputs: 480 done, 15 no horizon, 3 skipped, 2 failed in 12.4 s (40.3/s)".
    /// `interrupted`: the batch's size, when a signal stopped it ("interrupted after 12 of 500 inputs: …").
    public static func summary(
        _ tally: BatchTally, label: String, nothingFound: String, elapsed: Duration, interrupted total: Int? = nil
    ) -> String {
        var parts = ["\(tally.done) done"]
        if tally.nothingFound > 0 { parts.append("\(tally.nothingFound) \(nothingFound)") }
        parts.append("\(tally.skipped) skipped")
        parts.append("\(tally.failed) failed")
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let worked = tally.total - tally.skipped
        let rate = seconds > 0 && worked > 0 ? String(format: " (%.1f/s)", Double(worked) / seconds) : ""
        let count =
            total.map { "interrupted after \(tally.total) of \($0) input\($0 == 1 ? "" : "s")" }
            ?? "\(tally.total) input\(tally.total == 1 ? "" : "s")"
        return "\(label): \(count): " + parts.joined(separator: ", ")
            + String(format: " in %.1f s", seconds) + rate
    }

    private static func encoded<T: Encodable>(_ value: T, _ input: BatchInput) -> String {
        (try? JSONLines().line(value)) ?? "{\"file\":\"\(input)\",\"error\":\"record could not be encoded\"}"
    }
}

/// "a.png, b.png", or "a-001.png … a-300.png" for long lists.
private func shortList(_ paths: [String]) -> String {
    paths.count <= 2 ? paths.joined(separator: ", ") : "\(paths[0]) … \(paths[paths.count - 1])"
}

/// The JSON Lines record of an input that failed: `{"file", "error", "exit_status"}`, also for
/// commands that take one input outside a batch (`pdflayout prefs`).
public struct FailedRecord: Encodable, Sendable {
    public var file: String
    public var error: String
    public var exitStatus: Int32

    public init(file: String, error: String, exitStatus: Int32) {
        self.file = file
        self.error = error
        self.exitStatus = exitStatus
    }
}

/// The JSON Lines record of an input skipped by `--skip-existing`.
struct SkippedRecord: Encodable {
    var file: String
    var skipped = true
    var outputs: [String]
}
