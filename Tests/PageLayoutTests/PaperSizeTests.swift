import PageLayout
import TestSupport
import Testing

// Paper names with ISO 216's tolerance, and pages grouped by equal size.

/// `millimetres` as points.
private func pt(_ millimetres: Double) -> Double { millimetres / 25.4 * 72 }

@Suite(.tags(.fast)) struct PaperSizeTests {
    @Test func namesWellKnownSizesUprightAndTurned() {
        // As exporters write them: A4 as 595.28 × 841.89 pt, or rounded to 595 × 842; Letter 612 × 792.
        #expect(PaperSize.named(width: 595.28, height: 841.89)?.description == "A4")
        #expect(PaperSize.named(width: 595, height: 842)?.description == "A4")
        #expect(PaperSize.named(width: 841.89, height: 595.28)?.description == "A4 landscape")
        #expect(PaperSize.named(width: 612, height: 792)?.description == "Letter")
        #expect(PaperSize.named(width: 792, height: 612)?.description == "Letter landscape")
        #expect(PaperSize.named(width: 612, height: 1008)?.description == "Legal")
        #expect(PaperSize.named(width: 419.53, height: 595.28)?.description == "A5")
        #expect(PaperSize.named(width: pt(176), height: pt(250))?.description == "B5")
        #expect(PaperSize.named(width: pt(182), height: pt(257))?.description == "JIS B5")
        #expect(PaperSize.named(width: pt(841), height: pt(1189))?.description == "A0")
        #expect(PaperSize.named(width: pt(26), height: pt(37))?.description == "A10")
        #expect(PaperSize.named(width: pt(110), height: pt(220))?.description == "DL")
        #expect(PaperSize.named(width: 396, height: 612)?.description == "Half Letter")
        #expect(PaperSize.named(width: 792, height: 1224)?.description == "Tabloid")
        #expect(PaperSize.named(width: 522, height: 756)?.description == "Executive")
    }

    @Test func toleranceIsISO216s() {
        #expect(PaperSize.tolerance(148) == 1.5)
        #expect(PaperSize.tolerance(210) == 2)
        #expect(PaperSize.tolerance(841) == 3)
        // A scan 1.9 mm off on both sides is still A4; 2.1 mm off is not.
        #expect(PaperSize.named(width: pt(211.9), height: pt(295.1))?.description == "A4")
        #expect(PaperSize.named(width: pt(212.1), height: pt(297)) == nil)
        // A5's short side (148) allows 1.5 mm: 149.4 is A5, 149.6 is not.
        #expect(PaperSize.named(width: pt(149.4), height: pt(210))?.description == "A5")
        #expect(PaperSize.named(width: pt(149.6), height: pt(210)) == nil)
        // Sizes between standards have no name; a square page neither.
        #expect(PaperSize.named(width: 839.06, height: 629.29) == nil)
        #expect(PaperSize.named(width: 500, height: 500) == nil)
    }

    @Test func standardSizesDoNotOverlap() {
        // No two known sizes are within each other's tolerance: every size names itself.
        for paper in PaperSize.known {
            #expect(PaperSize.named(width: pt(paper.width), height: pt(paper.height))?.paper == paper, "\(paper.name)")
        }
    }

    @Test func groupsEqualSizesWithRuns() {
        // A 300-page A5 book with an A4 fold-out as page 121, turned by /Rotate 90.
        var book = (1...300).map { SizedPage(number: $0, width: 419.53, height: 595.28, rotation: 0) }
        book[120] = SizedPage(number: 121, width: 841.89, height: 595.28, rotation: 90)
        let groups = PageSizeGroups.group(book)
        #expect(groups.count == 2)
        #expect(groups[0].pages == [1...120, 122...300])
        #expect(groups[0].pageCount == 299)
        #expect(groups[0].rangesText() == "1-120,122-300")
        #expect(groups[0].rangesText(dash: "–", separator: ", ") == "1–120, 122–300")
        #expect(groups[0].paper?.description == "A5")
        #expect(groups[0].rotation == 0)
        #expect((groups[0].widthMillimetres * 10).rounded() / 10 == 148)
        #expect((groups[0].heightMillimetres * 10).rounded() / 10 == 210)
        #expect(groups[1].pages == [121...121])
        #expect(groups[1].rangesText() == "121")
        #expect(groups[1].paper?.description == "A4 landscape")
        #expect(groups[1].rotation == 90)
    }

    @Test func sizesEqualToTheHundredthAndRotationDecideTheGroups() {
        let pages = [
            SizedPage(number: 1, width: 612, height: 792, rotation: 0),
            SizedPage(number: 2, width: 612.001, height: 792, rotation: 0),  // the same to the hundredth
            SizedPage(number: 3, width: 612, height: 792, rotation: 180),  // turned: another group
            SizedPage(number: 4, width: 612, height: 792, rotation: nil),  // rotation unknown: another
            SizedPage(number: 5, width: 612, height: 792, rotation: 0),
        ]
        let groups = PageSizeGroups.group(pages)
        #expect(groups.map(\.pages) == [[1...2, 5...5], [3...3], [4...4]])
        #expect(PageSizeGroups.group([]).isEmpty)
        #expect(PageSizeGroups.runs([3, 4, 5, 9, 1, 2]) == [3...5, 9...9, 1...2])
    }
}
