import CVips

/// A libvips failure, carrying the text libvips left in its error buffer, or a refusal of this
/// face whose cause a caller may want to act on (`kind`). No text names a command-line option.
public struct VipsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What failed, for callers that act on it.
    public enum Kind: Sendable, Equatable {
        /// libvips (or this face) failed; `message` says how.
        case failed
        /// The header declares width × height pixels, more than the caller's `limit`.
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// The file's format is read only by a loader blocked as untrusted (`format`: "magick", "pdf", ...).
        case untrustedLoader(format: String)
        /// The saver (`heifsave`) has no encoder for the codec asked for (libheif built without AV1 or HEVC).
        case noEncoder(saver: String)
    }

    /// What failed.
    public let kind: Kind
    /// The whole error-buffer text (may span lines).
    public let message: String

    /// An error with the given text.
    public init(_ message: String) {
        kind = .failed
        self.message = message
    }

    /// A refusal of a header declaring more than `limit` pixels.
    public static func tooManyPixels(width: Int, height: Int, limit: Int) -> VipsError {
        VipsError(
            kind: .tooManyPixels(width: width, height: height, limit: limit),
            message: "image is \(width)×\(height) pixels, over the limit of \(limit / 1_000_000) megapixels")
    }

    /// A refusal of a file only a blocked (untrusted) loader reads.
    public static func untrustedLoader(format: String) -> VipsError {
        let what =
            format == "magick"
            ? "this format is read here only through ImageMagick (BMP, ICO, PCX, ...)"
            : "\(format.uppercased()) files are read by a loader"
        return VipsError(
            kind: .untrustedLoader(format: format),
            message: "\(what), which libvips marks untrusted (not fuzzed upstream), so it is not used")
    }

    /// This failure of the saver `saver`, told apart when it is a missing encoder: libheif says
    /// "Unsupported codec" or "No encoder" when it was built without one for the codec asked for.
    func fromSaver(_ saver: String) -> VipsError {
        let text = message.lowercased()
        guard kind == .failed, saver.hasPrefix("heifsave"),
            text.contains("unsupported codec") || text.contains("no encoder")
        else { return self }
        return VipsError(kind: .noEncoder(saver: saver), message: message)
    }

    private init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// One line for a terminal: the first non-empty line, without libvips' "domain: " prefix noise,
    /// with the system's cause in brackets when libvips gave one on a line of its own
    /// (`vips_error_system`: "unable to open for write" then "unix error: Permission denied").
    public var description: String {
        let lines = message.split(whereSeparator: \.isNewline).map { String($0) }
        let systemPrefix = "unix error:"
        guard let first = lines.first(where: { !trimmed($0).isEmpty && !$0.hasPrefix(systemPrefix) }).map(trimmed)
        else {
            return "libvips failed without a message"
        }
        guard let cause = lines.first(where: { $0.hasPrefix(systemPrefix) }) else { return first }
        return "\(first) (\(cause.dropFirst(systemPrefix.count).drop { $0 == " " }))"
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
