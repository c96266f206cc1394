import CoreTypes

/// What `--tint` asks for: a colour, or no tint at all.
public enum TintChoice: Equatable, Sendable {
    /// `--tint none`: remove the style's tint.
    case none
    /// Fill with this colour (its alpha, if given, overrides the style's).
    case colour(Colour)

    /// Parses `none`, or any colour `Colour.parse` reads (`#3366ff`, `white@0.5`, ...).
    public init(parsing text: String) throws(ParseError) {
        self = text.trimmingSpaces().lowercased() == "none" ? .none : .colour(try Colour.parse(text))
    }
}
