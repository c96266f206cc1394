import CVips

/// A libvips failure, carrying the text libvips left in its error buffer.
public struct VipsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The whole error-buffer text (may span lines).
    public let message: String

    /// An error with the given text.
    public init(_ message: String) {
        self.message = message
    }

    /// One line for a terminal: the first non-empty line, without libvips' "domain: " prefix noise.
    public var description: String {
        let lines = message.split(whereSeparator: \.isNewline).map { String($0) }
        guard let first = lines.map(trimmed).first(where: { !$0.isEmpty }) else {
            return "libvips failed without a message"
        }
        return first
    }

    /// Takes (and clears) the process-wide error buffer right after a failed call:
    /// the buffer is shared by all threads, so copy it before anything else runs.
    static func fromBuffer(_ fallback: String) -> VipsError {
        guard let copy = vips_error_buffer_copy() else { return VipsError(fallback) }
        defer { g_free(copy) }
        let text = String(cString: copy)
        return VipsError(text.isEmpty ? fallback : text)
    }
}

private func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
