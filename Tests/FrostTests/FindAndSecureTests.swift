import CoreTypes
import Frost
import TestSupport
import Testing

@Suite(.tags(.fast)) struct RegionShareTests {
    @Test func sharesResolveOnTheImageSize() throws {
        let bar = try RegionSpec(parsing: "0,0,100%,8%")
        #expect(bar.resolved(width: 1920, height: 1080) == Region(x: 0, y: 0, width: 1920, height: 86))
        #expect(bar.resolved(width: 3840, height: 2160) == Region(x: 0, y: 0, width: 3840, height: 173))
        let mixed = try RegionSpec(parsing: "50%, 10, 12.5%, 40")
        #expect(mixed.resolved(width: 800, height: 600) == Region(x: 400, y: 10, width: 100, height: 40))
        #expect(mixed.description == "50%,10,12.5%,40")
        // A share never rounds to nothing.
        #expect(try RegionSpec(parsing: "0,0,0.01%,1").resolved(width: 100, height: 100).width == 1)
    }

    @Test func pixelsParseAsBefore() throws {
        #expect(
            try RegionSpec(parsing: "40,60,300,40").resolved(width: 1, height: 1)
                == Region(x: 40, y: 60, width: 300, height: 40))
        #expect(throws: ParseError(.region, "1,2,3", "it needs 4 numbers, found 3")) {
            try RegionSpec(parsing: "1,2,3")
        }
    }

    @Test(arguments: [
        ("0,0,100%", "it needs 4 numbers, found 3"),
        ("0,0,101%,5", "not a percentage from 0% to 100%"),
        ("0,0,0%,5", "width and height must be above 0%"),
        ("-1,0,10%,5", "x and y cannot be negative"),
        ("x%,0,10%,5", "not a percentage"),
        ("0,0,10%,0", "width and height must be at least 1"),
    ])
    func badSharesAreRefused(text: String, reason: String) {
        do {
            _ = try RegionSpec(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }
}

@Suite(.tags(.fast)) struct CoverChoiceTests {
    @Test func parses() throws {
        #expect(try CoverChoice(parsing: "average") == .average)
        #expect(try CoverChoice(parsing: " Average ") == .average)
        #expect(try CoverChoice(parsing: "black") == .colour(Colour(white: 0, alpha: 1)))
        #expect(try CoverChoice(parsing: "#ff0000") == .colour(Colour(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(throws: ParseError.self) { try CoverChoice(parsing: "black@0.5") }
        #expect(throws: ParseError.self) { try CoverChoice(parsing: "nonsense") }
    }
}

/// Colours, regions and covers are refused with one error type; each sentence is the one users
/// have always read, ending with how to write such a value.
@Suite(.tags(.fast)) struct ParseErrorTests {
    @Test func theThreeParsersShareOneTypeAndKeepTheirSentences() {
        #expect(throws: ParseError(.colour, "bleu", "unknown colour name")) { try Colour.parse("bleu") }
        #expect(throws: ParseError(.colour, "bleu", "unknown colour name")) { try TintChoice(parsing: "bleu") }
        #expect(throws: ParseError(.region, "1,x,3,4", "y \"x\" is not a whole number")) {
            try Region(parsing: "1,x,3,4")
        }
        #expect(
            ParseError(.colour, "bleu", "unknown colour name").description
                == "\"bleu\" is not a colour: unknown colour name (use #rrggbb, #rrggbbaa, rgb(r,g,b), rgba(r,g,b,a), "
                + "a name such as white or COLOUR@ALPHA)")
        #expect(
            ParseError(.region, "1,2,3", "it needs 4 numbers, found 3").description
                == "\"1,2,3\" is not a region: it needs 4 numbers, found 3 (use x,y,width,height in pixels, e.g. 40,60,300,40)"
        )
        do {
            _ = try CoverChoice(parsing: "black@0.5")
            Issue.record("a see-through cover parsed")
        } catch {
            #expect(
                error.description
                    == "\"black@0.5\" is not a cover: a cover is opaque (a see-through fill would leave the text "
                    + "readable) (use a colour such as black or #202020, or average)")
        }
    }
}

/// `--region` areas, text boxes and pixel rectangles are one type: parsed, clipped, shown and
/// written to JSON alike.
@Suite(.tags(.fast)) struct PixelRectTests {
    @Test func regionsArePixelRects() throws {
        let region: PixelRect = try Region(parsing: " 40, 60,300,40")
        #expect(region == PixelRect(x: 40, y: 60, width: 300, height: 40))
        #expect(region.description == "40,60,300,40" && region.maxX == 340 && region.maxY == 100)
        #expect(region.clipped(toWidth: 100, height: 80) == PixelRect(x: 40, y: 60, width: 60, height: 20))
        #expect(region.clipped(toWidth: 40, height: 80) == nil)
        #expect(TextBox(region, confidence: 1).region == region)
    }
}

@Suite(.tags(.fast)) struct TextLinesTests {
    static func word(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ c: Double = 1) -> TextBox {
        TextBox(Region(x: x, y: y, width: w, height: h), confidence: c)
    }

    @Test func wordsOfALineMergeAndArePadded() {
        let lines = TextLines.lines(
            [Self.word(10, 10, 40, 12), Self.word(56, 11, 30, 11, 0.5), Self.word(10, 40, 50, 12)],
            width: 200, height: 100)
        #expect(lines.count == 2)
        // Padding: a quarter of the height (3 px) on each side.
        #expect(lines[0].region == Region(x: 7, y: 7, width: 82, height: 18))
        #expect(lines[0].confidence == 1)
        #expect(lines[1].region == Region(x: 7, y: 37, width: 56, height: 18))
    }

    @Test func farWordsAndOtherLinesStayApart() {
        let lines = TextLines.lines(
            [Self.word(10, 10, 40, 12), Self.word(150, 10, 30, 12), Self.word(10, 30, 40, 12)],
            width: 300, height: 100)
        #expect(lines.count == 3)
    }

    @Test func boxesFoundTwiceMergeAndAreClipped() {
        let lines = TextLines.lines([Self.word(0, 0, 40, 12), Self.word(1, 1, 39, 11, 0.5)], width: 41, height: 100)
        #expect(lines == [TextBox(Region(x: 0, y: 0, width: 41, height: 15), confidence: 1)])
    }
}

@Suite(.tags(.fast)) struct SecureFillTests {
    /// Random pixels: outside unchanged, inside a function of the outside only.
    @Test func insideIsMadeFromOutsideOnly() {
        var random = SystemRandomNumberGenerator()
        let width = 40, height = 30, bands = 3
        let regions = [
            Region(x: 5, y: 5, width: 10, height: 8), Region(x: 12, y: 10, width: 20, height: 15),
            Region(x: 0, y: 25, width: 40, height: 5),
        ]
        let inside = SecureFill.insideFlags(regions, width: width, height: height)
        var pixels = (0..<(width * height * bands)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let first = SecureFill.filled(pixels, width: width, height: height, bands: bands, inside: inside)
        for index in 0..<(width * height) where inside[index] {
            for band in 0..<bands { pixels[index * bands + band] = UInt8.random(in: 0...255, using: &random) }
        }
        let second = SecureFill.filled(pixels, width: width, height: height, bands: bands, inside: inside)
        #expect(first == second)
        for index in 0..<(width * height) where !inside[index] {
            #expect(first[index * bands] == pixels[index * bands])
        }
    }

    @Test func aFlatSurroundingFillsFlat() {
        let width = 20, height = 20
        let inside = SecureFill.insideFlags([Region(x: 4, y: 4, width: 10, height: 10)], width: width, height: height)
        let pixels = (0..<(width * height)).map { inside[$0] ? UInt8(0) : UInt8(200) }
        let filled = SecureFill.filled(pixels, width: width, height: height, bands: 1, inside: inside)
        #expect(filled.allSatisfy { $0 == 200 })
        #expect(
            SecureFill.mean(of: Region(x: 4, y: 4, width: 10, height: 10), in: filled, width: width, bands: 1) == [200])
    }

    /// Each hidden pixel weighs the nearest outside pixel in each of the four directions by the
    /// inverse of its distance.
    @Test func neighboursWeighByInverseDistance() {
        // 5×1 row: 10, [hidden], [hidden], [hidden], 90 → distances 1 and 3, 2 and 2, 3 and 1.
        let row = SecureFill.filled(
            [10, 0, 0, 0, 90], width: 5, height: 1, bands: 1, inside: [false, true, true, true, false])
        #expect(row == [10, 30, 50, 70, 90])
        // One hidden pixel in a 3×3: the mean of its four neighbours (corners do not count).
        let square = SecureFill.filled(
            [255, 10, 255, 20, 0, 30, 255, 40, 255], width: 3, height: 3, bands: 1,
            inside: [false, false, false, false, true, false, false, false, false])
        #expect(square[4] == 25)
    }

    @Test func theWholeImageHiddenIsGrey() {
        let filled = SecureFill.filled([1, 2, 3, 4], width: 2, height: 2, bands: 1, inside: [true, true, true, true])
        #expect(filled == [128, 128, 128, 128])
    }
}
