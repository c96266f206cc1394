import CoreTypes
import PageLayout

/// Where a placed page lands in pixels: its paper on whole pixels (so that a page drawn in a view
/// has exactly the pixels it has rendered alone) and the origin of its crop box's content.
struct PagePixels {
    var paper: PixelRect
    var contentOrigin: (x: Double, y: Double)

    init(_ placed: PlacedPage, scale: Double, contentOffset: (x: Double, y: Double)) {
        let size = Scale.pixelSize(width: placed.width, height: placed.height, scale: scale)
        paper = PixelRect(
            x: Int((placed.x * scale).rounded()), y: Int((placed.y * scale).rounded()),
            width: size.width, height: size.height)
        contentOrigin = (Double(paper.x) + contentOffset.x * scale, Double(paper.y) + contentOffset.y * scale)
    }
}
