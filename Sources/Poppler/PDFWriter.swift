import CPoppler
import CoreTypes

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
