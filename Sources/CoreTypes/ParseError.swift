/// Why a piece of text is not a value of its kind: a colour (`--tint`, `--background`), a region
/// (`--region`) or a cover (`--cover`). The one error type of these parsers; the description is
/// the whole user-facing sentence, ending with how to write such a value.
public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the text was read as.
    public enum Kind: Sendable, Equatable {
        case colour, region, cover

        /// "a colour", "a region", "a cover".
        var noun: String {
            switch self {
            case .colour: return "a colour"
            case .region: return "a region"
            case .cover: return "a cover"
            }
        }

        /// How such a value is written, with examples.
        var usage: String {
            switch self {
            case .colour:
                return "use #rrggbb, #rrggbbaa, rgb(r,g,b), rgba(r,g,b,a), a name such as white or COLOUR@ALPHA"
            case .region: return "use x,y,width,height in pixels, e.g. 40,60,300,40"
            case .cover: return "use a colour such as black or #202020, or average"
            }
        }
    }

    /// What the text was read as.
    public let kind: Kind
    /// The text as given.
    public let text: String
    /// What is wrong with it, e.g. "it needs 4 numbers, found 3".
    public let reason: String

    /// The error for `text`, read as `kind` and refused because of `reason`.
    public init(_ kind: Kind, _ text: String, _ reason: String) {
        self.kind = kind
        self.text = text
        self.reason = reason
    }

    public var description: String { "\"\(text)\" is not \(kind.noun): \(reason) (\(kind.usage))" }
}
