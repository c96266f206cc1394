import CoreTypes

/// A rectangle of pixels to obscure, as `--region x,y,width,height` gives it.
public struct Region: Equatable, Sendable, CustomStringConvertible {
    /// Left edge in pixels, from 0.
    public var x: Int
    /// Top edge in pixels, from 0.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A rectangle from its top-left corner and size, unchecked (`init(parsing:)` validates).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Parses `x,y,w,h`: four whole numbers, x and y from 0, width and height from 1.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.count == 4 else { throw ParseError(.region, text, "it needs 4 numbers, found \(parts.count)") }
        var numbers: [Int] = []
        for (part, name) in zip(parts, ["x", "y", "width", "height"]) {
            guard let value = Int(part) else {
                throw ParseError(.region, text, "\(name) \"\(part)\" is not a whole number")
            }
            numbers.append(value)
        }
        guard numbers[0] >= 0, numbers[1] >= 0 else { throw ParseError(.region, text, "x and y cannot be negative") }
        guard numbers[2] > 0, numbers[3] > 0 else {
            throw ParseError(.region, text, "width and height must be at least 1")
        }
        // Sums past Int.max would wrap in clipping; no image is that large anyway.
        guard numbers.allSatisfy({ $0 <= 1 << 30 }) else { throw ParseError(.region, text, "a number is too large") }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The part inside a width × height image, nil when none of it is.
    public func clipped(toWidth imageWidth: Int, height imageHeight: Int) -> Region? {
        let right = min(x + width, imageWidth), bottom = min(y + height, imageHeight)
        guard right > x, bottom > y else { return nil }
        return Region(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// `x,y,width,height`, the form `--region` takes.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}
