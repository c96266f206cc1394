import CoreTypes

/// A word Tesseract's layout analysis found: its box in pixels of the analysed image and how sure
/// the layout is that it is text.
public struct WordBox: Equatable, Sendable {
    /// The word's box, in pixels of the analysed image.
    public var box: PixelRect
    /// 0…1. Layout analysis runs no recognition, so this is the kind of block the word lies in:
    /// 1 in a text block (flowing, heading, pull-out, caption, vertical text, table), 0.5 elsewhere
    /// (a word Tesseract found in a block it did not class as text, or could not class).
    public var confidence: Double

    public init(box: PixelRect, confidence: Double) {
        self.box = box
        self.confidence = confidence
    }

    public init(x: Int, y: Int, width: Int, height: Int, confidence: Double) {
        self.init(box: PixelRect(x: x, y: y, width: width, height: height), confidence: confidence)
    }

    /// The box's left edge, top edge and size.
    public var x: Int {
        get { box.x }
        set { box.x = newValue }
    }
    public var y: Int {
        get { box.y }
        set { box.y = newValue }
    }
    public var width: Int {
        get { box.width }
        set { box.width = newValue }
    }
    public var height: Int {
        get { box.height }
        set { box.height = newValue }
    }
}
