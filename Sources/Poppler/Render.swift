import CoreTypes
import CPoppler
import Vips

extension Page {
    /// The pixel size of the page at `scale` (pixels per point), rounded up.
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        let shown = size
        return (max(1, Int((shown.width * scale).rounded(.up))), max(1, Int((shown.height * scale).rounded(.up))))
    }

    /// Renders the page at `scale` (1 = 72 dpi) into a libvips image: sRGB, 3 bands on an opaque
    /// background, 4 bands (straight alpha) on a transparent one. PDF pages are transparent, so a
    /// white background is painted first unless told otherwise.
    public func render(scale: Double, background: Colour = .white) throws(PopplerError) -> Image {
        let (width, height) = pixelSize(scale: scale)
        let opaque = background.opacity >= 1
        let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PopplerError(.unreadable, "cannot allocate a \(width)×\(height) page image")
        }
        let context = cairo_create(surface)
        cairo_set_source_rgba(context, background.red, background.green, background.blue, background.opacity)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        cairo_scale(context, scale, scale)
        draw(on: context!, forPrinting: false)
        cairo_destroy(context)
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw PopplerError(.unreadable, "page \(index + 1) could not be rendered")
        }
        let pixels = CairoPixels.unpack(data, width: width, height: height, stride: stride, alpha: !opaque)
        do {
            return try Image(bytes: pixels, width: width, height: height, bands: opaque ? 3 : 4)
        } catch {
            throw PopplerError(.unreadable, error.description)
        }
    }
}

/// cairo stores pixels as native-endian 32-bit words 0xAARRGGBB with premultiplied alpha and
/// its own row stride; libvips wants packed R, G, B(, A) bytes with straight alpha.
enum CairoPixels {
    static func unpack(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, alpha: Bool) -> [UInt8] {
        let bands = alpha ? 4 : 3
        var out = [UInt8](repeating: 0, count: width * height * bands)
        out.withUnsafeMutableBufferPointer { buffer in
            // `while` over raw pointers: this runs for every pixel of every page, and for-in over
            // ranges is many times slower in debug builds (the tests run those).
            guard var target = buffer.baseAddress else { return }
            var y = 0
            while y < height {
                var word = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let end = word + width
                while word < end {
                    var r = (word.pointee >> 16) & 0xFF, g = (word.pointee >> 8) & 0xFF, b = word.pointee & 0xFF
                    if alpha {
                        let a = word.pointee >> 24
                        if a != 0 && a != 255 {
                            // Undo premultiplication with rounding: c = c' * 255 / a.
                            r = min(255, (r * 255 + a / 2) / a)
                            g = min(255, (g * 255 + a / 2) / a)
                            b = min(255, (b * 255 + a / 2) / a)
                        }
                        target[3] = UInt8(a)
                    }
                    target[0] = UInt8(r); target[1] = UInt8(g); target[2] = UInt8(b)
                    target += bands
                    word += 1
                }
                y += 1
            }
        }
        return out
    }
}

/// A vector PDF being written, one sheet at a time, with pages drawn into it as vectors
/// (text stays text). cairo re-subsets the fonts; links, forms and the outline are not kept.
public final class PDFWriter {
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private var sheetOpen = false

    /// Starts a PDF at `path` (written progressively; finish or the file is incomplete).
    public init(path: String) throws(PopplerError) {
        surface = cairo_pdf_surface_create(path, 595, 842)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw PopplerError(.unreadable, "cannot write \(path)")
        }
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Opens a new sheet of the given size in points.
    public func beginSheet(width: Double, height: Double) {
        if sheetOpen { endSheet() }
        cairo_pdf_surface_set_size(surface, width, height)
        sheetOpen = true
    }

    /// Fills a rectangle of the current sheet (a background colour).
    public func fill(x: Double, y: Double, width: Double, height: Double, colour: Colour) {
        cairo_save(context)
        cairo_set_source_rgba(context, colour.red, colour.green, colour.blue, colour.opacity)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
        cairo_restore(context)
    }

    /// Draws `page` with its top-left corner at (x, y) points, scaled by `scale`, clipped to its box.
    public func draw(_ page: Page, x: Double, y: Double, scale: Double = 1) {
        let shown = page.size
        cairo_save(context)
        cairo_translate(context, x, y)
        cairo_scale(context, scale, scale)
        cairo_rectangle(context, 0, 0, shown.width, shown.height)
        cairo_clip(context)
        page.draw(on: context, forPrinting: true)
        cairo_restore(context)
    }

    /// Ends the current sheet (cairo emits it as a page); does nothing when no sheet is open.
    public func endSheet() {
        guard sheetOpen else { return }
        cairo_show_page(context)
        sheetOpen = false
    }

    /// Writes the end of the file; reports any error cairo met while writing.
    public func finish() throws(PopplerError) {
        endSheet()
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PopplerError(.unreadable, "writing the PDF failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
