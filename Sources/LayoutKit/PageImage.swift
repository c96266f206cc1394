import CoreTypes
import Poppler
import Vips

extension Page {
    /// Renders the page at `scale` (1 = 72 dpi) into a libvips image: sRGB, 3 bands on an opaque
    /// background, 4 bands (straight alpha) on a transparent one. PDF pages are transparent, so a
    /// white background is painted first unless told otherwise.
    public func render(scale: Double, background: Colour = .white) throws -> Image {
        let (width, height) = pixelSize(scale: scale)
        let canvas = try RasterCanvas(width: width, height: height, background: background)
        canvas.draw(self, scale: scale)
        return try canvas.image()
    }
}

extension RasterCanvas {
    /// The canvas as a libvips image over the canvas's own memory, unpacked in place (no copy:
    /// the image keeps the memory, the canvas can go away). The canvas's last use.
    public func image() throws(VipsError) -> Image {
        try Image(wrapping: handOverPixels())
    }
}
