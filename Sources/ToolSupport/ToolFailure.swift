/// Exit statuses shared by both tools (documented in docs/files-and-batches.md and each command's help).
public enum ExitStatus {
    /// Everything asked for was done.
    public static let success: Int32 = 0
    /// A file could not be read, decoded or written (the one-line message names it and the cause).
    public static let failure: Int32 = 1
    /// The job ran but found nothing to act on for some input (e.g. no horizon found).
    public static let nothingFound: Int32 = 2
    /// The command line was wrong (sysexits' EX_USAGE, as swift-argument-parser uses).
    public static let usage: Int32 = 64
}

/// A failure that stops a command, with the text for stderr and the exit status.
public struct ToolFailure: Error, CustomStringConvertible, Sendable {
    public let message: String
    public let status: Int32
    /// The message without the file name (the `error` of a JSON Lines record).
    public let cause: String

    public init(_ message: String, status: Int32 = ExitStatus.failure) {
        self.message = message
        self.status = status
        cause = message
    }

    /// "FILE: cause" — the form every per-file error takes.
    public init(file: String, _ cause: String, status: Int32 = ExitStatus.failure) {
        message = "\(BatchInput.shown(file)): \(cause)"
        self.status = status
        self.cause = cause
    }

    public var description: String { message }
}

extension ToolFailure {
    /// `error` as the failure of `file`: a `ToolFailure` is kept as it is (it carries its own
    /// status and, where it matters, its file); a `FileWriteError` names its own destination;
    /// anything else becomes "FILE: sentence", exit status 1, with the sentence the command's
    /// error mapping gives.
    public static func wrapping(_ error: any Error, file: String, sentence: (any Error) -> String) -> ToolFailure {
        if let failure = error as? ToolFailure { return failure }
        if let unwritten = error as? FileWriteError { return ToolFailure(file: unwritten.path, unwritten.reason) }
        return ToolFailure(file: file, sentence(error))
    }
}
