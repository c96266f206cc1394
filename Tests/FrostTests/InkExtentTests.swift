import Frost
import TestSupport
import Testing

/// `InkExtent.grown` on synthetic lines with known ink: a box that falls short grows over all of
/// its line's ink, light on dark alike, and stops at frames and at gaps wider than allowed.
@Suite(.tags(.fast)) struct InkExtentTests {
    /// A width × height image of `background` with `ink` rectangles of `foreground`.
    static func image(width: Int, height: Int, background: UInt8, foreground: UInt8, ink: [Region]) -> [UInt8] {
        var pixels = [UInt8](repeating: background, count: width * height)
        for box in ink {
            for y in box.y..<(box.y + box.height) {
                for x in box.x..<(box.x + box.width) { pixels[y * width + x] = foreground }
            }
        }
        return pixels
    }

    /// "Letters" 6 px wide, 10 high, 2 px apart, in words of four with 5 px between words.
    static func letters(fromX start: Int, count: Int, y: Int = 20) -> [Region] {
        var x = start
        var boxes: [Region] = []
        for index in 0..<count {
            boxes.append(Region(x: x, y: y, width: 6, height: 10))
            x += index % 4 == 3 ? 11 : 8
        }
        return boxes
    }

    static func covers(_ box: Region, _ ink: [Region]) -> Bool {
        ink.allSatisfy {
            $0.x >= box.x && $0.y >= box.y && $0.x + $0.width <= box.x + box.width
                && $0.y + $0.height <= box.y + box.height
        }
    }

    @Test(arguments: [(UInt8(255), UInt8(0)), (UInt8(20), UInt8(230))])
    func aShortBoxGrowsOverItsLine(background: UInt8, foreground: UInt8) {
        let ink = Self.letters(fromX: 10, count: 16)
        let grey = Self.image(width: 200, height: 50, background: background, foreground: foreground, ink: ink)
        // Layout analysis found the middle words only, and cut the tops off.
        let found = Region(x: 45, y: 22, width: 60, height: 7)
        let grown = InkExtent.grown(found, grey: grey, width: 200, height: 50)
        #expect(Self.covers(grown, ink), "\(grown)")
        #expect(grown.y >= 17 && grown.y + grown.height <= 33, "\(grown) spills into other lines")
    }

    @Test func aFrameCrossingTheLineStopsIt() {
        let words = Self.letters(fromX: 10, count: 8)
        let frame = Region(x: 90, y: 0, width: 1, height: 50)
        let beyond = Self.letters(fromX: 95, count: 4)
        let grey = Self.image(width: 200, height: 50, background: 255, foreground: 0, ink: words + [frame] + beyond)
        let grown = InkExtent.grown(Region(x: 10, y: 17, width: 20, height: 16), grey: grey, width: 200, height: 50)
        #expect(Self.covers(grown, words))
        #expect(grown.x + grown.width <= 91, "\(grown) crossed the frame")
    }

    @Test func aSmallGapKeepsAWordApart() {
        let ink = Self.letters(fromX: 10, count: 8)
        let grey = Self.image(width: 200, height: 50, background: 255, foreground: 0, ink: ink)
        let grown = InkExtent.grown(
            Region(x: 12, y: 18, width: 20, height: 14), grey: grey, width: 200, height: 50, gap: 3)
        #expect(Self.covers(grown, Array(ink.prefix(4))))
        #expect(grown.x + grown.width < ink[4].x, "\(grown) ran into the next word")
    }

    /// Photo texture on the line's rows (noise: most of it neither background nor under half ink) is
    /// no text: the growth stops where it begins and takes none of it, which a picture beside a
    /// caption, or a line found by mistake in a video frame, would otherwise lose whole.
    @Test func aPictureOnTheRowsIsNotTakenIn() {
        let ink = Self.letters(fromX: 10, count: 12)
        var grey = Self.image(width: 200, height: 50, background: 255, foreground: 0, ink: ink)
        var state: UInt32 = 12345
        for y in 19..<31 {
            for x in 130..<190 {
                state = state &* 1_103_515_245 &+ 12345
                grey[y * 200 + x] = UInt8(truncatingIfNeeded: state >> 16)
            }
        }
        let grown = InkExtent.grown(Region(x: 10, y: 18, width: 40, height: 14), grey: grey, width: 200, height: 50)
        #expect(Self.covers(grown, ink), "\(grown)")
        #expect(grown.x + grown.width <= 132, "\(grown) took the picture in")
    }

    @Test func theLimitIsKept() {
        let ink = Self.letters(fromX: 10, count: 16)
        let grey = Self.image(width: 200, height: 50, background: 255, foreground: 0, ink: ink)
        let limit = Region(x: 0, y: 0, width: 80, height: 50)
        let grown = InkExtent.grown(
            Region(x: 20, y: 18, width: 20, height: 14), grey: grey, width: 200, height: 50, limit: limit)
        #expect(grown.x >= 0 && grown.x + grown.width <= 80)
    }
}
