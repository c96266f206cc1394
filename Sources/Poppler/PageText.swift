import CPoppler

/// One character of a page's text and the box poppler gives it, in points from the top-left
/// corner of the page as shown (the crop box, /Rotate applied), as the page is rendered.
public struct TextCharacter: Sendable, Equatable {
    public var scalar: Unicode.Scalar
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(scalar: Unicode.Scalar, x: Double, y: Double, width: Double, height: Double) {
        self.scalar = scalar; self.x = x; self.y = y; self.width = width; self.height = height
    }
}

extension Page {
    /// The page's text in poppler's reading order, each character with its box: what a viewer
    /// selects and searches. Line breaks come as "\n" characters (with boxes of their own).
    /// Empty for a page without text (a scan).
    public func textCharacters() -> [TextCharacter] {
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(pointer, &rectangles, &count) != 0, let rectangles else { return [] }
        defer { g_free(rectangles) }
        guard let text = poppler_page_get_text(pointer) else { return [] }
        defer { g_free(text) }
        // One rectangle per Unicode character of the text (glib counts gunichar).
        var characters: [TextCharacter] = []
        characters.reserveCapacity(Int(count))
        for (index, scalar) in String(cString: text).unicodeScalars.enumerated() where index < Int(count) {
            let box = rectangles[index]
            characters.append(
                TextCharacter(
                    scalar: scalar, x: min(box.x1, box.x2), y: min(box.y1, box.y2), width: Swift.abs(box.x2 - box.x1),
                    height: Swift.abs(box.y2 - box.y1)))
        }
        return characters
    }
}
