import CPoppler

/// One page of a `Document`; keeps its document alive and shares its thread rule.
public final class Page {
    let pointer: OpaquePointer
    private let document: Document

    init(owning pointer: OpaquePointer, document: Document) {
        self.pointer = pointer
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// 0-based index in the document.
    public var index: Int { Int(poppler_page_get_index(pointer)) }

    /// The crop box size in points with /Rotate applied (width and height swap at 90°/270°),
    /// which is how the page is shown and rendered.
    public var size: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(pointer, &width, &height)
        return (width, height)
    }

    /// The crop box as stored, before /Rotate: x1, y1, x2, y2 in PDF user space.
    public var cropBox: (x1: Double, y1: Double, x2: Double, y2: Double) {
        var rect = PopplerRectangle()
        poppler_page_get_crop_box(pointer, &rect)
        return (rect.x1, rect.y1, rect.x2, rect.y2)
    }

    /// True when /Rotate turns the page by a quarter (90° or 270°): the shown size is the crop
    /// box with width and height swapped. poppler-glib exposes no /Rotate getter.
    public var isQuarterTurned: Bool {
        let box = cropBox, shown = size
        let boxWidth = Swift.abs(box.x2 - box.x1), boxHeight = Swift.abs(box.y2 - box.y1)
        return Swift.abs(boxWidth - boxHeight) > 0.01 && Swift.abs(shown.width - boxHeight) < 0.01
            && Swift.abs(shown.height - boxWidth) < 0.01
    }

    /// The page label from /PageLabels (e.g. "iv", "a"); nil when poppler gives none.
    public var label: String? {
        guard let text = poppler_page_get_label(pointer) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The pixel size of the page at `scale` (pixels per point), rounded up.
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        let shown = size
        return (max(1, Int((shown.width * scale).rounded(.up))), max(1, Int((shown.height * scale).rounded(.up))))
    }

    /// Draws the page with its top-left corner at the current origin of `context`, 1 unit = 1 pt.
    /// `forPrinting` skips building the text index (faster) and honours annotation print flags.
    func draw(on context: OpaquePointer, forPrinting: Bool) {
        if forPrinting {
            poppler_page_render_for_printing(pointer, context)
        } else {
            poppler_page_render(pointer, context)
        }
    }
}
