import PageLayout
// The sides a fixed-layout EPUB states for each page: each page takes the side pdflayout puts it
// on, a lone page too (the cover on the right, a trailing odd page on the left, an --alone page on
// the right; mirrored right to left); a wide page filling its view is centred, and modes without
// spreads centre every page.
import TestSupport
import Testing

@Suite(.tags(.fast)) struct SpreadSidesTests {
    func sides(
        _ count: Int, wide: Set<Int> = [], alone: Set<Int> = [], mode: LayoutMode = .twoUp, cover: Bool, rtl: Bool
    )
        -> String
    {
        let options = LayoutOptions(mode: mode, rtl: rtl, cover: cover, alone: alone)
        return SpreadSides.sides(book(count, wide: wide), options: options).map { side in
            switch side {
            case .left: return "L"
            case .right: return "R"
            case .center: return "C"
            }
        }.joined()
    }

    @Test func coverStandsAloneOnTheRightThenSpreadsPairLeftToRight() {
        #expect(sides(6, cover: true, rtl: false) == "RLRLRL")
        #expect(sides(5, cover: true, rtl: false) == "RLRLR")
        #expect(sides(4, cover: false, rtl: false) == "LRLR")
    }

    @Test func rightToLeftPutsTheFirstPageOfASpreadOnTheRight() {
        #expect(sides(5, cover: true, rtl: true) == "LRLRL")
        #expect(sides(3, cover: false, rtl: true) == "RLR")
    }

    @Test func widePagesAreCentredAlonePagesKeepTheirSideAndPairingRestarts() {
        // Pages 4 (wide) and 7 (--alone): 1 cover | 2 3 | W4 | 5 6 | 7 alone | 8 9
        #expect(sides(9, wide: [4], alone: [7], cover: true, rtl: false) == "RLRCLRRLR")
        #expect(sides(9, wide: [4], alone: [7], cover: true, rtl: true) == "LRLCRLLRL")
        // A page left waiting before a wide page stands alone too, on the left.
        #expect(sides(6, wide: [3], cover: false, rtl: false) == "LRCLRL")
        #expect(sides(5, wide: [2], cover: false, rtl: false) == "LCLRL")
    }

    @Test func continuousSpreadsAreTheSameAsTwoUpAndSinglePagesAreCentred() {
        #expect(sides(6, mode: .twoUpContinuous, cover: true, rtl: true) == sides(6, cover: true, rtl: true))
        #expect(sides(4, mode: .single, cover: true, rtl: false) == "CCCC")
        #expect(sides(4, mode: .continuous, cover: false, rtl: true) == "CCCC")
    }

    @Test func aPageListedTwiceGetsASideEachTime() {
        let pages = [book(3)[0], book(3)[1], book(3)[1], book(3)[2]]
        let found = SpreadSides.sides(pages, options: LayoutOptions(mode: .twoUp, cover: true))
        #expect(found == [.right, .left, .right, .left])
    }
}
