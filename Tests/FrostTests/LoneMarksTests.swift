import Frost
import TestSupport
import Testing

/// Lone marks on synthetic masks: a digit alone on a flat page is found, one beside other ink or
/// on a textured background is not, nor a solid block.
@Suite(.tags(.fast)) struct LoneMarksTests {
    /// A width × height page: grey 255, with `marks` drawn as ink (grey 30): each a list of
    /// filled rectangles making one connected part, labelled 1, 2, … (the page 0).
    static func page(
        width: Int, height: Int, marks: [[Region]], texture: Bool = false
    ) -> (labels: [Int], ink: [Bool], grey: [UInt8]) {
        var labels = [Int](repeating: 0, count: width * height)
        var grey = (0..<(width * height)).map { index in texture ? UInt8(128 + (index * 37 % 97)) : 255 }
        for (number, mark) in marks.enumerated() {
            for part in mark {
                for y in part.y..<(part.y + part.height) {
                    for x in part.x..<(part.x + part.width) {
                        labels[y * width + x] = number + 1
                        grey[y * width + x] = 30
                    }
                }
            }
        }
        return (labels, labels.map { $0 > 0 }, grey)
    }

    /// A "7" 10 px high at (x, y): a bar and a stem.
    static func seven(_ x: Int, _ y: Int) -> [Region] {
        [Region(x: x, y: y, width: 7, height: 2), Region(x: x + 5, y: y + 2, width: 2, height: 8)]
    }

    @Test func aDigitAloneIsFound() {
        let (labels, ink, grey) = Self.page(width: 60, height: 40, marks: [Self.seven(25, 15)])
        let boxes = LoneMarks.boxes(
            labels: labels, ink: ink, grey: grey, width: 60, height: 40, smallest: 6, largest: 40)
        #expect(boxes == [Region(x: 25, y: 15, width: 7, height: 10)])
    }

    @Test func digitsSideBySideAreOneMark() {
        let (labels, ink, grey) = Self.page(width: 60, height: 40, marks: [Self.seven(20, 15), Self.seven(30, 15)])
        let boxes = LoneMarks.boxes(
            labels: labels, ink: ink, grey: grey, width: 60, height: 40, smallest: 6, largest: 40)
        #expect(boxes == [Region(x: 20, y: 15, width: 17, height: 10)])
    }

    @Test func notAloneSolidOrOnTextureIsLeft() {
        let crowded = Self.page(
            width: 60, height: 40, marks: [Self.seven(25, 15), [Region(x: 25, y: 27, width: 20, height: 2)]])
        #expect(
            LoneMarks.boxes(
                labels: crowded.labels, ink: crowded.ink, grey: crowded.grey, width: 60, height: 40, smallest: 6,
                largest: 40
            ).isEmpty)
        let solid = Self.page(width: 60, height: 40, marks: [[Region(x: 25, y: 15, width: 8, height: 10)]])
        #expect(
            LoneMarks.boxes(
                labels: solid.labels, ink: solid.ink, grey: solid.grey, width: 60, height: 40, smallest: 6, largest: 40
            ).isEmpty)
        let textured = Self.page(width: 60, height: 40, marks: [Self.seven(25, 15)], texture: true)
        #expect(
            LoneMarks.boxes(
                labels: textured.labels, ink: textured.ink, grey: textured.grey, width: 60, height: 40, smallest: 6,
                largest: 40
            ).isEmpty)
    }
}
