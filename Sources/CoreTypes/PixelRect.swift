/// A rectangle in whole pixels, top-left origin.
public struct PixelRect: Sendable, Equatable {
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
}
