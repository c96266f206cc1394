import Poppler
import Publication

/// Groups poppler's characters into words.
public enum ReaderText {
    /// Words in poppler's reading order. A word ends at white space, at a line break, and where
    /// the next character is not beside the last one along the word's run (another line, another
    /// column). Characters may run either way along a line (right-to-left scripts come in logical
    /// order with falling x) or down or up a column (a quarter-turned page).
    public static func words(_ characters: [TextCharacter], offset: (x: Double, y: Double) = (0, 0)) -> [PageWord] {
        var words: [PageWord] = []
        var text = "", box: (x0: Double, y0: Double, x1: Double, y1: Double)?
        var last: TextCharacter?
        var run: PageWord.Run?
        func finish() {
            if let found = box, !text.isEmpty {
                words.append(
                    PageWord(
                        text: text, x: found.x0 + offset.x, y: found.y0 + offset.y, width: found.x1 - found.x0,
                        height: found.y1 - found.y0, run: run ?? .across))
            }
            text = ""
            box = nil
            last = nil
            run = nil
        }
        for character in characters {
            // Poppler wraps right-to-left runs in bidi embedding marks; the browser orders the
            // text itself, and the marks would only stop a search from matching.
            if isBidiControl(character.scalar) { continue }
            if character.scalar.properties.isWhitespace || character.width <= 0 || character.height <= 0 {
                finish()
                continue
            }
            if let previous = last {
                let step = self.step(from: previous, to: character)
                if let step, run == nil || run == step {
                    run = step
                } else {
                    finish()
                }
            }
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

    /// How `character` follows `previous` within a word: on the same line (centres less than half
    /// a height apart, no more than a height away), or in the same column (the same, turned);
    /// nil when it does not.
    private static func step(from previous: TextCharacter, to character: TextCharacter) -> PageWord.Run? {
        let height = max(character.height, previous.height), width = max(character.width, previous.width)
        let rowGap = abs((character.y + character.height / 2) - (previous.y + previous.height / 2))
        let gapAcross = max(
            character.x - (previous.x + previous.width), previous.x - (character.x + character.width), 0)
        if rowGap < height / 2 && gapAcross < height { return .across }
        // Turned text: the boxes are as wide as the font is tall and as tall as each advance.
        let columnGap = abs((character.x + character.width / 2) - (previous.x + previous.width / 2))
        let gapDown = character.y - (previous.y + previous.height),
            gapUp = previous.y - (character.y + character.height)
        guard columnGap < width / 2 else { return nil }
        if gapDown > -height / 2 && gapDown < width { return .down }
        if gapUp > -height / 2 && gapUp < width { return .up }
        return nil
    }
}
