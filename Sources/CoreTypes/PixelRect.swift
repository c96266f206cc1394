/// A rectangle in whole pixels, top-left origin: the one integer rectangle of the package (page
/// papers and strips in LayoutKit, `--region` areas and text boxes in Frost as `Region`, Tesseract's
/// word boxes, the boxes `--find text` reports, the horizon crop). Encoded as `{x, y, width, height}`.
public struct PixelRect: Sendable, Equatable, Hashable, Encodable, CustomStringConvertible {
    /// Top-left corner and size in pixels.
    public var x, y, width, height: Int
    /// A rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// Right edge (exclusive).
    public var maxX: Int { x + width }
    /// Bottom edge (exclusive).
    public var maxY: Int { y + height }

    /// The part inside a width × height image, nil when none of it is.
    public func clipped(toWidth imageWidth: Int, height imageHeight: Int) -> PixelRect? {
        let right = min(x + width, imageWidth), bottom = min(y + height, imageHeight)
        guard right > x, bottom > y else { return nil }
        return PixelRect(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// `x,y,width,height`, the form `--region` takes.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}
