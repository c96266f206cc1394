import Poppler
import Testing

@testable import LayoutKit

@Suite struct ReaderTextTests {
    /// Characters 6 pt wide, 10 pt tall, from `x` on a line at `y`.
    func line(_ text: String, x: Double, y: Double, step: Double = 6) -> [TextCharacter] {
        text.unicodeScalars.enumerated().map { index, scalar in
            TextCharacter(scalar: scalar, x: x + Double(index) * step, y: y, width: 6, height: 10)
        }
    }

    @Test func wordsEndAtSpacesAndLines() {
        let characters = line("ab cd", x: 10, y: 20) + line("\n", x: 40, y: 20) + line("ef", x: 10, y: 34)
        let words = ReaderText.words(characters)
        #expect(words.map(\.text) == ["ab", "cd", "ef"])
        #expect(words[0] == ReaderWord(text: "ab", x: 10, y: 20, width: 12, height: 10))
        #expect(words[1].x == 28 && words[2].y == 34)
    }

    @Test func aFarCharacterStartsAWord() {
        // Two columns with no space between them in the text stream.
        let words = ReaderText.words(line("ab", x: 10, y: 20) + line("cd", x: 200, y: 20))
        #expect(words.map(\.text) == ["ab", "cd"])
    }

    @Test func rightToLeftRunsStayOneWordWithoutBidiMarks() {
        // Logical order, falling x, wrapped in RLE … PDF as poppler gives Arabic.
        var characters = line("\u{202B}", x: 100, y: 0)
        characters += "بيت".unicodeScalars.enumerated().map { index, scalar in
            TextCharacter(scalar: scalar, x: 100 - Double(index) * 6, y: 0, width: 6, height: 10)
        }
        characters += line("\u{202C}", x: 80, y: 0)
        let words = ReaderText.words(characters, offset: (5, 7))
        #expect(words.map(\.text) == ["بيت"])
        #expect(words.first.map { ($0.x, $0.y, $0.width) } ?? (0, 0, 0) == (93, 7, 18))
    }
}

@Suite struct HalvedPixelsTests {
    @Test func averagesBlocksAndKeepsOddEdges() {
        // 3 × 3 grey: blocks of 4, 2, 2 and 1 pixels.
        let pixels: [UInt8] = [0, 10, 20, 30, 40, 50, 60, 70, 80]
        let half = HalvedPixels.halve(pixels, width: 3, height: 3, bands: 1)
        #expect(half.width == 2 && half.height == 2)
        #expect(half.pixels == [20, 35, 65, 80])
    }

    @Test func bandsStayApart() {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]  // 2 × 2 RGB: red row, blue row
        #expect(HalvedPixels.halve(pixels, width: 2, height: 2, bands: 3).pixels == [128, 0, 128])
    }
}

@Suite struct TurnedTextTests {
    /// Characters stacked down a column, as poppler gives the text of a page turned by /Rotate 90:
    /// boxes as wide as the font is tall (9 pt) and as tall as each advance (5 pt).
    @Test func aColumnOfCharactersIsOneWordRunningDown() {
        let characters = "The".unicodeScalars.enumerated().map { index, scalar in
            TextCharacter(scalar: scalar, x: 700, y: 100 + Double(index) * 5, width: 9, height: 5)
        }
        let words = ReaderText.words(characters)
        #expect(words == [ReaderWord(text: "The", x: 700, y: 100, width: 9, height: 15, run: .down)])
    }

    @Test func aWordDoesNotTurnHalfWay() {
        // "ab" across, then "c" below "b": a new word.
        let characters = [
            TextCharacter(scalar: "a", x: 0, y: 0, width: 6, height: 10),
            TextCharacter(scalar: "b", x: 6, y: 0, width: 6, height: 10),
            TextCharacter(scalar: "c", x: 6, y: 10, width: 6, height: 10),
        ]
        #expect(ReaderText.words(characters).map(\.text) == ["ab", "c"])
    }
}
