import CPoppler
import CoreTypes

#if canImport(Glibc)
import Glibc
#endif

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
            throw .cannotDraw("cannot write \(path)")
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

    /// Fills the current sheet, from (0, 0), with an image of `width` × `height` pixels at one
    /// point per pixel: `jpeg` bytes are embedded as they are (cairo's JPEG mime data: no
    /// re-encoding, no loss), otherwise `rgb` (packed R, G, B bytes) is written losslessly.
    public func drawImage(width: Int, height: Int, rgb: [UInt8]?, jpeg: [UInt8]?) throws(PopplerError) {
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image)
        else { throw .cannotDraw("cannot make a \(width)×\(height) image") }
        if let jpeg {
            // cairo frees its copy when the image surface goes.
            guard let copy = malloc(max(jpeg.count, 1)) else { throw .cannotDraw("out of memory") }
            jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
            let status = cairo_surface_set_mime_data(
                image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
                { free($0) }, copy)
            guard status == CAIRO_STATUS_SUCCESS else {
                free(copy)
                throw .cannotDraw("cannot embed the JPEG")
            }
        } else if let rgb {
            let stride = Int(cairo_image_surface_get_stride(image))
            cairo_surface_flush(image)
            rgb.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    var offset = y * width * 3
                    for x in 0..<width {
                        row[x] =
                            0xFF00_0000 | UInt32(source[offset]) << 16 | UInt32(source[offset + 1]) << 8
                            | UInt32(source[offset + 2])
                        offset += 3
                    }
                }
            }
            cairo_surface_mark_dirty(image)
        }
        cairo_save(context)
        cairo_set_source_surface(context, image, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Sets the document's /Title.
    public func setTitle(_ title: String) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
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
            throw .cannotDraw("writing the PDF failed: \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
