import PageLayout
// The sides a fixed-layout EPUB states for each page: pages paired by pdflayout take the side
// their spread gives them, every page alone in its view (cover, --alone, wide, trailing odd) is
// centred, and modes without spreads centre every page.
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

    @Test func coverStandsAloneThenSpreadsPairLeftToRight() {
        #expect(sides(6, cover: true, rtl: false) == "CLRLRC")
        #expect(sides(5, cover: true, rtl: false) == "CLRLR")
        #expect(sides(4, cover: false, rtl: false) == "LRLR")
    }

    @Test func rightToLeftPutsTheFirstPageOfASpreadOnTheRight() {
        #expect(sides(5, cover: true, rtl: true) == "CRLRL")
        #expect(sides(3, cover: false, rtl: true) == "RLC")
    }

    @Test func widePagesAndAlonePagesAreCentredAndPairingRestarts() {
        // Pages 4 (wide) and 7 (--alone): 1 cover | 2 3 | W4 | 5 6 | 7 alone | 8 9
        #expect(sides(9, wide: [4], alone: [7], cover: true, rtl: false) == "CLRCLRCLR")
        #expect(sides(9, wide: [4], alone: [7], cover: true, rtl: true) == "CRLCRLCRL")
        // A page left waiting before a wide page stands alone too.
        #expect(sides(6, wide: [3], cover: false, rtl: false) == "LRCLRC")
        #expect(sides(5, wide: [2], cover: false, rtl: false) == "CCLRC")
    }

    @Test func continuousSpreadsAreTheSameAsTwoUpAndSinglePagesAreCentred() {
        #expect(sides(6, mode: .twoUpContinuous, cover: true, rtl: true) == sides(6, cover: true, rtl: true))
        #expect(sides(4, mode: .single, cover: true, rtl: false) == "CCCC")
        #expect(sides(4, mode: .continuous, cover: false, rtl: true) == "CCCC")
    }

    @Test func aPageListedTwiceGetsASideEachTime() {
        let pages = [book(3)[0], book(3)[1], book(3)[1], book(3)[2]]
        let found = SpreadSides.sides(pages, options: LayoutOptions(mode: .twoUp, cover: true))
        #expect(found == [.center, .left, .right, .center])
    }
}
