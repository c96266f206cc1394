import Poppler

/// A word of a page's text and its box in points (top-left origin, the page as shown): what the
/// reader's invisible text layer places over the page image, so that the text can be selected,
/// copied and searched.
public struct ReaderWord: Sendable, Equatable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(text: String, x: Double, y: Double, width: Double, height: Double) {
        self.text = text; self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// Groups poppler's characters into words.
public enum ReaderText {
    /// Words in poppler's reading order. A word ends at white space, at a line break, and where
    /// the next character is not beside the last one (another line, another column). Characters
    /// may run either way along the line: right-to-left scripts come in logical order with
    /// falling x.
    public static func words(_ characters: [TextCharacter], offset: (x: Double, y: Double) = (0, 0)) -> [ReaderWord] {
        var words: [ReaderWord] = []
        var text = "", box: (x0: Double, y0: Double, x1: Double, y1: Double)?
        var last: TextCharacter?
        func finish() {
            if let found = box, !text.isEmpty {
                words.append(
                    ReaderWord(
                        text: text, x: found.x0 + offset.x, y: found.y0 + offset.y, width: found.x1 - found.x0,
                        height: found.y1 - found.y0))
            }
            text = ""
            box = nil
            last = nil
        }
        for character in characters {
            // Poppler wraps right-to-left runs in bidi embedding marks; the browser orders the
            // text itself, and the marks would only stop a search from matching.
            if isBidiControl(character.scalar) { continue }
            if character.scalar.properties.isWhitespace || character.width <= 0 || character.height <= 0 {
                finish()
                continue
            }
            if let previous = last, !isBeside(character, previous) { finish() }
            text.unicodeScalars.append(character.scalar)
            let x1 = character.x + character.width, y1 = character.y + character.height
            if let found = box {
                box = (min(found.x0, character.x), min(found.y0, character.y), max(found.x1, x1), max(found.y1, y1))
            } else {
                box = (character.x, character.y, x1, y1)
            }
            last = character
        }
        finish()
        return words
    }

    private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F
    }

    /// On the same line (centres less than half a height apart) and no more than a height away.
    private static func isBeside(_ character: TextCharacter, _ previous: TextCharacter) -> Bool {
        let height = max(character.height, previous.height)
        let centreGap = abs((character.y + character.height / 2) - (previous.y + previous.height / 2))
        let gap = max(character.x - (previous.x + previous.width), previous.x - (character.x + character.width), 0)
        return centreGap < height / 2 && gap < height
    }
}
