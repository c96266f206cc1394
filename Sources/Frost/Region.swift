import CoreTypes

/// A rectangle of pixels to obscure, as `--region x,y,width,height` gives it: the package's one
/// integer rectangle, named for what it does here.
public typealias Region = PixelRect

extension PixelRect {
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
}
