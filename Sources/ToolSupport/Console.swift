import Foundation

/// Writes to the terminal streams by descriptor: Swift 6 rejects Glibc's `stdout`/`stderr`
/// globals as shared mutable state, and FileHandle writes are unbuffered, so lines from
/// different threads do not interleave mid-line.
public enum Console {
    public static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// True when the descriptor is a terminal (progress bars only then; binary output never).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }
}

/// One JSON object per line, snake_case keys, stable key order.
public struct JSONLines: Sendable {
    public init() {}

    public func line<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
