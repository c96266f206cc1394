import PageLayout
import Poppler
import Publication
import TestSupport
import Testing
import Vips

@testable import LayoutKit

@Suite(.tags(.fast)) struct ReaderTextTests {
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
        #expect(words[0] == PageWord(text: "ab", x: 10, y: 20, width: 12, height: 10))
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

/// The reader's normal set is libvips' 2 × 2 box shrink of the sharp set (the hand-written
/// halving it replaced is the reference here: exact averages, partial edge blocks averaged).
@Suite(.tags(.fast)) struct NormalImageTests {
    /// The exact 2 × 2 average, rounded, with partial blocks at the right and bottom edges.
    static func boxAverage(_ pixels: [UInt8], width: Int, height: Int, bands: Int) -> [UInt8] {
        let outWidth = (width + 1) / 2, outHeight = (height + 1) / 2
        var out: [UInt8] = []
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                for band in 0..<bands {
                    let ys = [2 * y, 2 * y + 1].filter { $0 < height }, xs = [2 * x, 2 * x + 1].filter { $0 < width }
                    let values = ys.flatMap { row in xs.map { Int(pixels[(row * width + $0) * bands + band]) } }
                    out.append(UInt8((values.reduce(0, +) + values.count / 2) / values.count))
                }
            }
        }
        return out
    }

    func normal(_ pixels: [UInt8], width: Int, height: Int, bands: Int) throws -> (Image, [UInt8]) {
        let sharp = try Image(bytes: pixels, width: width, height: height, bands: bands)
        let size = PixelSize(width: (width + 1) / 2, height: (height + 1) / 2)
        let normal = try WebReader.normalImage(of: sharp, size: size)
        return (normal, try normal.bytes())
    }

    @Test func averagesBlocksAndKeepsOddEdges() throws {
        // 3 × 3 grey: blocks of 4, 2, 2 and 1 pixels.
        let (image, bytes) = try normal([0, 10, 20, 30, 40, 50, 60, 70, 80], width: 3, height: 3, bands: 1)
        #expect(image.width == 2 && image.height == 2)
        #expect(bytes == [20, 35, 65, 80])
    }

    @Test func bandsStayApart() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]  // 2 × 2 RGB: red row, blue row
        let bytes = try normal(pixels, width: 2, height: 2, bands: 3).1
        #expect(bytes.count == 3 && zip(bytes, [128, 0, 128]).allSatisfy { abs(Int($0) - $1) <= 1 })
    }

    @Test func aPageSizedImageIsTheBoxAverageWithinOneGreyLevel() throws {
        // Odd sizes and every grey level: 201 × 155 RGB of a deterministic pattern.
        let width = 201, height = 155, bands = 3
        let pixels = (0..<width * height * bands).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let (image, bytes) = try normal(pixels, width: width, height: height, bands: bands)
        let expected = Self.boxAverage(pixels, width: width, height: height, bands: bands)
        #expect(image.width == 101 && image.height == 78 && image.bands == 3)
        #expect(bytes.count == expected.count)
        #expect(zip(bytes, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    /// A page a hair over a whole pixel (within `Scale`'s rounding tolerance) at the normal size
    /// but not at the sharp one: the average is a column wider. That column is cut off: the
    /// rest is still the exact box average.
    @Test func anAverageOnePixelTooLargeIsCropped() throws {
        let size = Scale.pixelSize(width: 10.000_000_6, height: 4, scale: 1)
        let sharpSize = Scale.pixelSize(width: 10.000_000_6, height: 4, scale: 2)
        #expect(size == PixelSize(width: 10, height: 4) && sharpSize == PixelSize(width: 21, height: 8))
        let width = sharpSize.width, height = sharpSize.height
        let pixels = (0..<width * height).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let sharp = try Image(bytes: pixels, width: width, height: height, bands: 1)
        let normal = try WebReader.normalImage(of: sharp, size: size)
        #expect(normal.width == 10 && normal.height == 4)
        let full = Self.boxAverage(pixels, width: width, height: height, bands: 1)  // 11 × 4
        let expected = (0..<4).flatMap { row in full[(row * 11)..<(row * 11 + 10)] }
        #expect(zip(try normal.bytes(), expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func anyOtherSizeIsResizedExactly() throws {
        let sharp = try Image(bytes: [UInt8](repeating: 200, count: 21 * 9), width: 21, height: 9, bands: 1)
        let normal = try WebReader.normalImage(of: sharp, size: PixelSize(width: 7, height: 3))
        #expect(normal.width == 7 && normal.height == 3)
        #expect(try normal.bytes().allSatisfy { abs(Int($0) - 200) <= 1 })
    }
}

@Suite(.tags(.fast)) struct TurnedTextTests {
    /// Characters stacked down a column, as poppler gives the text of a page turned by /Rotate 90:
    /// boxes as wide as the font is tall (9 pt) and as tall as each advance (5 pt).
    @Test func aColumnOfCharactersIsOneWordRunningDown() {
        let characters = "The".unicodeScalars.enumerated().map { index, scalar in
            TextCharacter(scalar: scalar, x: 700, y: 100 + Double(index) * 5, width: 9, height: 5)
        }
        let words = ReaderText.words(characters)
        #expect(words == [PageWord(text: "The", x: 700, y: 100, width: 9, height: 15, run: .down)])
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
