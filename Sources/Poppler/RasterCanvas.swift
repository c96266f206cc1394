import CPoppler
import CoreTypes

/// A cairo image onto which several pages are painted at pixel positions: a whole view (a spread,
/// a column of pages) or a tile of one. Pages sit on white paper, the rest is the background.
/// Like `Document`, a canvas belongs to one thread.
public final class RasterCanvas {
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    private let alpha: Bool
    private let surface: OpaquePointer
    private let context: OpaquePointer
    /// Set by `handOverPixels()`: the memory is no longer cairo's pixels.
    private var handedOver = false

    /// cairo's image surfaces stop at 32767 pixels a side.
    public static let maxSide = 32767

    /// A canvas filled with `background`; an alpha below 1 makes it transparent (4 bands).
    public init(width: Int, height: Int, background: Colour) throws(PopplerError) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw .cannotDraw("cannot draw a \(width)×\(height) image (cairo stops at \(Self.maxSide) pixels a side)")
        }
        self.width = width
        self.height = height
        alpha = background.opacity < 1
        surface = cairo_image_surface_create(
            alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cannotDraw("cannot allocate a \(width)×\(height) image")
        }
        context = cairo_create(surface)
        cairo_set_source_rgba(context, background.red, background.green, background.blue, background.opacity)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Paints white paper over `paper` (canvas pixels) and draws `page` on it, the top-left corner of
    /// its crop box (as shown, /Rotate applied) at `contentOrigin` pixels, `scale` pixels per point.
    /// Nothing is drawn outside the paper. A page rendered alone at the same scale and drawn here at
    /// a whole-pixel origin gives the same pixels.
    public func draw(_ page: Page, paper: PixelRect, contentOrigin: (x: Double, y: Double), scale: Double) {
        precondition(!handedOver, "a canvas draws nothing after handing its pixels over")
        cairo_save(context)
        cairo_rectangle(context, Double(paper.x), Double(paper.y), Double(paper.width), Double(paper.height))
        cairo_clip(context)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_translate(context, contentOrigin.x, contentOrigin.y)
        cairo_scale(context, scale, scale)
        page.draw(on: context, forPrinting: false)
        cairo_restore(context)
    }

    /// Draws `page` alone with its top-left corner at the canvas's, `scale` pixels per point, over
    /// whatever the canvas holds (no paper).
    public func draw(_ page: Page, scale: Double) {
        precondition(!handedOver, "a canvas draws nothing after handing its pixels over")
        cairo_save(context)
        cairo_scale(context, scale, scale)
        page.draw(on: context, forPrinting: false)
        cairo_restore(context)
    }

    /// Packed R, G, B bytes, plus straight alpha when the background is not opaque.
    public var bands: Int { alpha ? 4 : 3 }

    /// The canvas's pixels, packed and band-interleaved (`bands` per pixel), row by row.
    public func pixels() -> [UInt8] {
        precondition(!handedOver, "a canvas's pixels are handed over once")
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return CairoPixels.unpack(data, width: width, height: height, stride: stride, alpha: alpha)
    }

    /// The same pixels as `pixels()`, unpacked in place in cairo's own memory and handed over
    /// without a copy: the memory stays until the last holder of the `PixelMemory` lets it go,
    /// however long the canvas lives. The canvas's last use: it draws nothing afterwards.
    public func handOverPixels() -> PixelMemory {
        precondition(!handedOver, "a canvas's pixels are handed over once")
        handedOver = true
        cairo_surface_flush(surface)
        // A surface that allocated has memory (its status was checked when it was made).
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        CairoPixels.unpack(data, width: width, height: height, stride: stride, alpha: alpha, into: data)
        let kept = cairo_surface_reference(surface)
        return PixelMemory(bytes: data, width: width, height: height, bands: bands) { cairo_surface_destroy(kept) }
    }
}
