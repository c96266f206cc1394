/// An sRGB colour with components in 0...1, as users write it on command lines (`--tint`,
/// `--background`). `alpha` is nil when the text gave none, so that a
/// style can supply its own (Apple's tint effect forces 0.6, the light style uses 0.3, ...).
public struct Colour: Equatable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double?

    public init(red: Double, green: Double, blue: Double, alpha: Double? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey level, as UIColor's `colorWithWhite:alpha:`.
    public init(white: Double, alpha: Double? = nil) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Opaque white, the default page background.
    public static let white = Colour(white: 1, alpha: 1)
    /// Fully transparent.
    public static let clear = Colour(white: 0, alpha: 0)

    /// The alpha to paint with: the one given, or opaque.
    public var opacity: Double { alpha ?? 1 }

    public func with(alpha: Double) -> Colour {
        Colour(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// 0...255 values R, G, B, A for libvips, with `defaultAlpha` (0...1) when the text gave none.
    public func bytes(defaultAlpha: Double = 1) -> [Double] {
        [red, green, blue, alpha ?? defaultAlpha].map { ($0 * 255).rounded() }
    }

    /// `#rrggbb` or `#rrggbb@0.30` — for summaries and JSON.
    public var description: String {
        func byte(_ value: Double) -> String {
            let hex = String(Int((value * 255).rounded()), radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        let base = "#" + byte(red) + byte(green) + byte(blue)
        guard let alpha else { return base }
        return base + "@" + String(format2: alpha)
    }

    /// Parses `#3366ff`, `#36f`, `#3366ff80`, `rgb(51,102,255)`, `rgba(51,102,255,0.6)`,
    /// CSS-style names (`white`, `grey`, `transparent`, ...), each optionally followed by `@ALPHA`
    /// (0...1 or a percentage): `white@0.5`, `#000@100%`. Case and surrounding spaces do not matter.
    public static func parse(_ text: String) throws(ParseError) -> Colour {
        let trimmed = text.trimmingSpaces().lowercased()
        var body = trimmed
        var override: Double?
        if let at = trimmed.lastIndex(of: "@") {
            body = String(trimmed[..<at]).trimmingSpaces()
            let alphaText = String(trimmed[trimmed.index(after: at)...]).trimmingSpaces()
            guard let alpha = Self.unitValue(alphaText) else {
                throw ParseError(.colour, text, "alpha \"\(alphaText)\" is not a number from 0 to 1 or a percentage")
            }
            override = alpha
        }
        var colour = try Self.colour(body, original: text)
        if let override {
            guard colour.alpha == nil else { throw ParseError(.colour, text, "alpha given twice") }
            colour.alpha = override
        }
        return colour
    }

    private static func colour(_ body: String, original: String) throws(ParseError) -> Colour {
        if body.isEmpty { throw ParseError(.colour, original, "it is empty") }
        if body.hasPrefix("#") { return try hex(String(body.dropFirst()), original: original) }
        if body.hasPrefix("rgb") { return try functional(body, original: original) }
        guard let named = namedColours[body] else { throw ParseError(.colour, original, "unknown colour name") }
        return named
    }

    private static func hex(_ digits: String, original: String) throws(ParseError) -> Colour {
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else {
            throw ParseError(.colour, original, "a # colour needs 3, 4, 6 or 8 hex digits")
        }
        // #rgb and #rgba repeat each digit: #36f is #3366ff.
        let full = digits.count <= 4 ? String(digits.flatMap { [$0, $0] }) : digits
        var values: [Double] = []
        var index = full.startIndex
        while index < full.endIndex {
            let next = full.index(index, offsetBy: 2)
            values.append(Double(Int(full[index..<next], radix: 16) ?? 0) / 255)
            index = next
        }
        return Colour(red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : nil)
    }

    /// `rgb(r, g, b)` / `rgba(r, g, b, a)`: components 0...255 or percentages, alpha 0...1 or a percentage.
    private static func functional(_ body: String, original: String) throws(ParseError) -> Colour {
        let hasAlpha = body.hasPrefix("rgba(")
        guard (hasAlpha || body.hasPrefix("rgb(")), body.hasSuffix(")") else {
            throw ParseError(.colour, original, "write rgb(r,g,b) or rgba(r,g,b,a)")
        }
        let inner = body.dropFirst(hasAlpha ? 5 : 4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
        guard parts.count == (hasAlpha ? 4 : 3) else {
            throw ParseError(.colour, original, hasAlpha ? "rgba() takes 4 values" : "rgb() takes 3 values")
        }
        var channels: [Double] = []
        for part in parts.prefix(3) {
            guard let value = channelValue(part) else {
                throw ParseError(.colour, original, "\"\(part)\" is not a number from 0 to 255 or a percentage")
            }
            channels.append(value)
        }
        var alpha: Double?
        if hasAlpha {
            guard let value = unitValue(parts[3]) else {
                throw ParseError(.colour, original, "alpha \"\(parts[3])\" is not a number from 0 to 1 or a percentage")
            }
            alpha = value
        }
        return Colour(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    /// 0...255 or 0%...100%, as a fraction.
    private static func channelValue(_ text: String) -> Double? {
        if text.hasSuffix("%") { return percentage(text) }
        guard let value = Double(text), value.isFinite, (0...255).contains(value) else { return nil }
        return value / 255
    }

    /// 0...1 or 0%...100%.
    static func unitValue(_ text: String) -> Double? {
        if text.hasSuffix("%") { return percentage(text) }
        guard let value = Double(text), value.isFinite, (0...1).contains(value) else { return nil }
        return value
    }

    private static func percentage(_ text: String) -> Double? {
        guard let value = Double(text.dropLast().trimmingSpaces()), value.isFinite, (0...100).contains(value) else {
            return nil
        }
        return value / 100
    }
}

/// The CSS basic colours plus the greys people type.
private let namedColours: [String: Colour] = [
    "white": Colour(white: 1), "black": Colour(white: 0), "transparent": Colour(white: 0, alpha: 0),
    "grey": Colour(white: 128 / 255), "gray": Colour(white: 128 / 255),
    "silver": Colour(white: 192 / 255),
    "lightgrey": Colour(white: 211 / 255), "lightgray": Colour(white: 211 / 255),
    "darkgrey": Colour(white: 169 / 255), "darkgray": Colour(white: 169 / 255),
    "red": Colour(red: 1, green: 0, blue: 0), "lime": Colour(red: 0, green: 1, blue: 0),
    "green": Colour(red: 0, green: 128 / 255, blue: 0), "blue": Colour(red: 0, green: 0, blue: 1),
    "yellow": Colour(red: 1, green: 1, blue: 0), "cyan": Colour(red: 0, green: 1, blue: 1),
    "aqua": Colour(red: 0, green: 1, blue: 1), "magenta": Colour(red: 1, green: 0, blue: 1),
    "fuchsia": Colour(red: 1, green: 0, blue: 1), "orange": Colour(red: 1, green: 165 / 255, blue: 0),
    "purple": Colour(red: 128 / 255, green: 0, blue: 128 / 255), "navy": Colour(red: 0, green: 0, blue: 128 / 255),
    "teal": Colour(red: 0, green: 128 / 255, blue: 128 / 255), "maroon": Colour(red: 128 / 255, green: 0, blue: 0),
    "olive": Colour(red: 128 / 255, green: 128 / 255, blue: 0),
]

extension StringProtocol {
    public func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

extension String {
    /// Two decimals without Foundation: 0.3 → "0.30".
    public init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
