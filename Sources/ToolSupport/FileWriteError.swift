/// A file or folder that could not be written, and why ("cannot write: No space left on device",
/// "folder out does not exist"). Thrown by the atomic writers and the engines; the commands turn
/// it into "PATH: reason" (`ToolFailure.wrapping`), exit status 1.
public struct FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The destination the message names.
    public let path: String
    /// The reason, a sentence without the path.
    public let reason: String

    public init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
