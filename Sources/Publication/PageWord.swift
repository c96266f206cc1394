/// A word of a page's text and its box (top-left origin, the page as shown; points or pixels as the
/// user of it says), with the way its characters run: along a line, or down or up a column (the
/// text of a page turned by /Rotate, or set sideways). What an invisible text layer places over
/// the page's image, so that the text can be searched, selected, copied and read aloud: the web
/// reader's and the EPUB's.
public struct PageWord: Sendable, Equatable {
    /// Which way the word's characters run on the page as shown.
    public enum Run: Int, Sendable {
        case across = 0
        case down = 1
        case up = -1
    }

    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var run: Run

    public init(text: String, x: Double, y: Double, width: Double, height: Double, run: Run = .across) {
        self.text = text; self.x = x; self.y = y; self.width = width; self.height = height; self.run = run
    }

    /// The same word with its box multiplied by `scale` (points to pixels).
    public func scaled(by scale: Double) -> PageWord {
        PageWord(text: text, x: x * scale, y: y * scale, width: width * scale, height: height * scale, run: run)
    }
}
