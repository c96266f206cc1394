import CoreTypes

/// What `--cover` paints over a hidden area: real redaction, an opaque fill that keeps nothing of
/// what was there.
public enum CoverChoice: Equatable, Sendable, CustomStringConvertible {
    /// An opaque colour.
    case colour(Colour)
    /// Each area's average colour, taken from the pixels around it (never from inside).
    case average

    /// Parses `average`, or an opaque colour (`black`, `#202020`; alpha, if given, must be 1).
    public init(parsing text: String) throws(ParseError) {
        if text.trimmingSpaces().lowercased() == "average" {
            self = .average
            return
        }
        let colour: Colour
        do { colour = try Colour.parse(text) } catch { throw ParseError(.cover, text, "\(error)") }
        guard colour.opacity >= 1 else {
            throw ParseError(.cover, text, "a cover is opaque (a see-through fill would leave the text readable)")
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
