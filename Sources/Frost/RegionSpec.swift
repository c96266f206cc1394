import CoreTypes

/// A `--region` as written: each of x, y, width and height in pixels (`40`) or as a share of the
/// image's width or height (`8%`), so that `0,0,100%,8%` is a top bar on any screen size.
/// `resolved(width:height:)` turns it into pixels once the image's size is known.
public struct RegionSpec: Equatable, Sendable, CustomStringConvertible {
    /// One length: pixels, or a percentage of the image's side.
    public enum Length: Equatable, Sendable, CustomStringConvertible {
        case pixels(Int)
        case percent(Double)

        /// The length on a side of `side` pixels; percentages round to the nearest pixel.
        public func pixels(of side: Int) -> Int {
            switch self {
            case .pixels(let value): return value
            case .percent(let share): return Int((share / 100 * Double(side)).rounded())
            }
        }

        public var description: String {
            switch self {
            case .pixels(let value): return "\(value)"
            case .percent(let share): return share == share.rounded() ? "\(Int(share))%" : "\(share)%"
            }
        }
    }

    public var x: Length
    public var y: Length
    public var width: Length
    public var height: Length

    public init(x: Length, y: Length, width: Length, height: Length) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A region given in pixels.
    public init(_ region: Region) {
        self.init(
            x: .pixels(region.x), y: .pixels(region.y), width: .pixels(region.width), height: .pixels(region.height))
    }

    /// Parses `x,y,w,h`, each a whole number of pixels or a percentage from 0 to 100 (`12.5%`);
    /// x and y from 0, width and height above 0. Pixel-only text parses as `Region(parsing:)` does,
    /// with the same errors.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.contains(where: { $0.hasSuffix("%") }) else {
            self.init(try Region(parsing: text))
            return
        }
        guard parts.count == 4 else { throw ParseError(.region, text, "it needs 4 numbers, found \(parts.count)") }
        var lengths: [Length] = []
        for (part, name) in zip(parts, ["x", "y", "width", "height"]) {
            if part.hasSuffix("%") {
                guard let share = Double(part.dropLast()), share.isFinite, (0...100).contains(share) else {
                    throw ParseError(.region, text, "\(name) \"\(part)\" is not a percentage from 0% to 100%")
                }
                lengths.append(.percent(share))
            } else {
                guard let value = Int(part) else {
                    throw ParseError(.region, text, "\(name) \"\(part)\" is not a whole number")
                }
                guard value >= 0 else { throw ParseError(.region, text, "x and y cannot be negative") }
                guard value <= 1 << 30 else { throw ParseError(.region, text, "a number is too large") }
                lengths.append(.pixels(value))
            }
        }
        for length in lengths[2...] {
            switch length {
            case .pixels(let value) where value < 1:
                throw ParseError(.region, text, "width and height must be at least 1")
            case .percent(let share) where share <= 0:
                throw ParseError(.region, text, "width and height must be above 0%")
            default: break
            }
        }
        self.init(x: lengths[0], y: lengths[1], width: lengths[2], height: lengths[3])
    }

    /// The rectangle in pixels on a width × height image (not clipped; a share never rounds to an
    /// empty width or height).
    public func resolved(width imageWidth: Int, height imageHeight: Int) -> Region {
        Region(
            x: x.pixels(of: imageWidth), y: y.pixels(of: imageHeight),
            width: max(1, width.pixels(of: imageWidth)), height: max(1, height.pixels(of: imageHeight)))
    }

    /// `x,y,w,h` as given.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}
