import CoreTypes

/// What `--cover` paints over a hidden area: real redaction, an opaque fill that keeps nothing of
/// what was there.
public enum CoverChoice: Equatable, Sendable, CustomStringConvertible {
    /// An opaque colour.
    case colour(Colour)
    /// Each area's average colour, taken from the pixels around it (never from inside).
    case average

    /// Parses `average`, or an opaque colour (`black`, `#202020`; alpha, if given, must be 1).
    public init(parsing text: String) throws(CoverError) {
        if text.trimmingSpaces().lowercased() == "average" {
            self = .average
            return
        }
        let colour: Colour
        do { colour = try Colour.parse(text) } catch { throw CoverError(text: text, reason: "\(error)") }
        guard colour.opacity >= 1 else {
            throw CoverError(text: text, reason: "a cover is opaque (a see-through fill would leave the text readable)")
        }
        self = .colour(colour.with(alpha: 1))
    }

    public var description: String {
        switch self {
        case .average: return "average"
        case .colour(let colour): return colour.description
        }
    }
}

/// Why a `--cover` value cannot be used.
public struct CoverError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        "\"\(text)\" is not a cover: \(reason) (use a colour such as black or #202020, or average)"
    }
}
