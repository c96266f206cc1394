import CoreTypes

/// A page placed on a sheet: its crop box as shown (/Rotate applied), top-left corner at (x, y)
/// points from the sheet's top-left corner, `scale` points per point.
public struct SheetPage: Sendable, Equatable {
    /// 0-based page index in the source document.
    public var index: Int
    /// Top-left corner on the sheet in points, and the scale.
    public var x, y, scale: Double
    /// Page `index` at (x, y) points, scaled by `scale`.
    public init(index: Int, x: Double, y: Double, scale: Double) {
        self.index = index; self.x = x; self.y = y; self.scale = scale
    }
}

/// One output sheet, in points, origin top-left. `papers` are white rectangles painted over the
/// background before the pages (only when there is a background to paint them on).
public struct Sheet: Sendable {
    /// Sheet size in points.
    public var width, height: Double
    /// Colour painted under everything; nil paints nothing (and no papers) under the pages.
    public var background: Colour?
    /// White paper rectangles in points, painted over the background.
    public var papers: [(x: Double, y: Double, width: Double, height: Double)]
    /// The pages placed on the sheet.
    public var pages: [SheetPage]
    /// A sheet from its size, background, papers and pages.
    public init(
        width: Double, height: Double, background: Colour?,
        papers: [(x: Double, y: Double, width: Double, height: Double)], pages: [SheetPage]
    ) {
        self.width = width; self.height = height; self.background = background; self.papers = papers; self.pages = pages
    }
}
