/// A word Tesseract's layout analysis found: its box in pixels of the analysed image and how sure
/// the layout is that it is text.
public struct WordBox: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// 0…1. Layout analysis runs no recognition, so this is the kind of block the word lies in:
    /// 1 in a text block (flowing, heading, pull-out, caption, vertical text, table), 0.5 elsewhere
    /// (a word Tesseract found in a block it did not class as text, or could not class).
    public var confidence: Double

    public init(x: Int, y: Int, width: Int, height: Int, confidence: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.confidence = confidence
    }
}
