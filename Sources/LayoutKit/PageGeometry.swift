/// Which page box is laid out, after PDFKit's displayBox.
public enum PageBox: String, CaseIterable, Sendable {
    case crop, media
}

/// One page's geometry for layout and drawing: its size as shown in the chosen box, its /Rotate,
/// and where the crop box's content sits inside that box (poppler-glib draws the crop box only).
public struct PageGeometry: Sendable {
    public var number: Int
    public var width: Double
    public var height: Double
    public var rotation: Int
    /// Offset in points of the shown crop box's top-left corner from the shown box's top-left.
    public var contentOffset: (x: Double, y: Double)
}
