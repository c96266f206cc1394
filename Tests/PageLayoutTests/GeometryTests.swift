import PageLayout
import TestSupport
// Mixed sizes (centring and the gutter), gaps on and off, rtl as a mirror, rotation pass-through,
// and invariants over many pseudo-random documents.
import Testing

let portrait = (595.0, 842.0)
let landscape = (842.0, 595.0)

@Suite(.tags(.fast)) struct GeometryTests {
    @Test func spreadOfMixedSizesCentresVerticallyAgainstTheGutter() {
        let view = layout(pages([portrait, landscape]), .twoUp).views[0]
        #expect(view.width == 603 + 850 && view.height == 851.5)  // row as tall as the tallest page
        #expect(view.pages[0] == PlacedPage(page: 1, x: 4, y: 4.75, width: 595, height: 842))
        // The landscape page: 851.5 − 604.5 = 247 pt of spare height, half above.
        #expect(view.pages[1] == PlacedPage(page: 2, x: 607, y: 123.5 + 4.75, width: 842, height: 595))

        let rtl = layout(pages([portrait, landscape]), .twoUp, rtl: true).views[0]
        #expect(rtl.width == view.width && rtl.height == view.height)
        #expect(rtl.pages[1] == PlacedPage(page: 2, x: 4, y: 128.25, width: 842, height: 595))
        #expect(rtl.pages[0] == PlacedPage(page: 1, x: 850 + 4, y: 4.75, width: 595, height: 842))
    }

    @Test func withoutGapsTheTwoPagesOfASpreadMeetAtTheGutter() {
        let view = layout(pages([(500, 700), (300, 400)]), .twoUp, margins: .none).views[0]
        #expect(view.width == 800 && view.height == 700)
        #expect(view.pages[0] == PlacedPage(page: 1, x: 0, y: 0, width: 500, height: 700))
        #expect(view.pages[1] == PlacedPage(page: 2, x: 500, y: 150, width: 300, height: 400))
        #expect(view.pages[0].maxX == view.pages[1].x)

        let rtl = layout(pages([(500, 700), (300, 400)]), .twoUp, rtl: true, margins: .none).views[0]
        #expect(rtl.pages[1].maxX == rtl.pages[0].x && rtl.pages[1].x == 0)
    }

    @Test func noGapsButtEqualPagesInEveryMode() {
        let a4 = equalPages(4)
        let spread = layout(a4, .twoUp, margins: .none).views
        #expect(spread.map(\.width) == [1190, 1190] && spread.map(\.height) == [842, 842])
        #expect(spread[0].pages.map(\.x) == [0, 595] && spread[0].pages.map(\.y) == [0, 0])

        let column = layout(a4, .continuous, margins: .none).views[0]
        #expect(column.width == 595 && column.height == 4 * 842)
        #expect(column.pages.map(\.y) == [0, 842, 1684, 2526])

        let strip = layout(a4, .twoUpContinuous, direction: .horizontal, rtl: true, margins: .none).views[0]
        #expect(strip.width == 4 * 595 && strip.height == 842)
        #expect(strip.pages.map(\.x) == [1785, 1190, 595, 0])

        let single = layout(a4, .single, margins: .none).views
        #expect(single.allSatisfy { $0.width == 595 && $0.height == 842 && $0.pages[0].x == 0 && $0.pages[0].y == 0 })
    }

    @Test func columnCentresPagesOfMixedWidths() {
        let view = layout(pages([portrait, landscape, (300, 300)]), .continuous).views[0]
        #expect(view.width == 850)  // widest cell
        #expect(view.height == 851.5 + 604.5 + 309.5)
        let centred: [Double] = [(850 - 603) / 2 + 4, 4, (850 - 308) / 2 + 4]
        #expect(view.pages.map(\.x) == centred)
        let stacked: [Double] = [4.75, 851.5 + 4.75, 851.5 + 604.5 + 4.75]
        #expect(view.pages.map(\.y) == stacked)
    }

    @Test func stripCentresPagesVertically() {
        let ltr = layout(pages([portrait, landscape, (300, 300)]), .continuous, direction: .horizontal).views[0]
        #expect(ltr.width == 603 + 850 + 308 && ltr.height == 851.5)
        #expect(ltr.pages.map(\.x) == [4, 607, 1457])
        #expect(ltr.pages.map(\.y) == [4.75, 128.25, 275.75])

        let rtl = layout(
            pages([portrait, landscape, (300, 300)]), .continuous, direction: .horizontal,
            rtl: true
        ).views[0]
        let rightToLeft: [Double] = [308 + 850 + 4, 308 + 4, 4]
        #expect(rtl.pages.map(\.x) == rightToLeft)
        #expect(rtl.pages.map(\.y) == ltr.pages.map(\.y))
    }

    @Test func spreadColumnCentresEachSpreadAsAUnit() {
        // Cover 300×400 alone, A4 pair, trailing landscape alone on the left.
        let view = layout(
            pages([(300, 400), portrait, portrait, landscape]), .twoUpContinuous,
            cover: true
        ).views[0]
        #expect(view.width == 1700)  // the landscape page and its empty slot
        #expect(view.height == 409.5 + 851.5 + 604.5)
        let expected = [
            PlacedPage(page: 1, x: (1700 - 616) / 2 + 308 + 4, y: 4.75, width: 300, height: 400),
            PlacedPage(page: 2, x: (1700 - 1206) / 2 + 4, y: 409.5 + 4.75, width: 595, height: 842),
            PlacedPage(page: 3, x: (1700 - 1206) / 2 + 603 + 4, y: 409.5 + 4.75, width: 595, height: 842),
            PlacedPage(page: 4, x: 4, y: 409.5 + 851.5 + 4.75, width: 842, height: 595),
        ]
        #expect(view.pages == expected)
        // Spreads whose two slots are equal share one gutter: the view's centre line.
        #expect(view.pages[0].x - 4 == 850 && view.pages[2].x - 4 == 850 && view.pages[3].maxX + 4 == 850)
    }
}

/// A layout reflected left to right: x → width − x − w.
func mirrored(_ result: Layout) -> Layout {
    Layout(
        views: result.views.map { view in
            var flipped = view
            flipped.pages = view.pages.map { page in
                var p = page
                p.x = view.width - page.x - page.width
                return p
            }
            return flipped
        })
}

/// Documents with pages of assorted sizes, same every run.
func mixedDocuments() -> [[SourcePage]] {
    var random = SplitMix64(state: 2024)
    return (1...9).flatMap { count in
        (0..<3).map { _ in
            (1...count).map {
                SourcePage(
                    number: $0, width: random.length(), height: random.length(),
                    rotation: [0, 90, 180, 270][Int(random.next() % 4)])
            }
        }
    }
}

extension GeometryTests {
    @Test func rtlIsTheExactMirrorOfLTRInSpreadsAndStrips() {
        for document in mixedDocuments() + [equalPages(5)] {
            for margins in [PageMargins.pdfKitDefault, .none, PageMargins(top: 1, left: 7, bottom: 3, right: 7)] {
                for mode in [LayoutMode.twoUp, .twoUpContinuous] {
                    for direction in LayoutDirection.allCases {
                        for cover in [false, true] {
                            let ltr = layout(document, mode, direction: direction, cover: cover, margins: margins)
                            let rtl = layout(
                                document, mode, direction: direction, rtl: true, cover: cover,
                                margins: margins)
                            #expect(rtl == mirrored(ltr), "\(mode) \(direction) cover \(cover) × \(document.count)")
                        }
                    }
                }
                let ltr = layout(document, .continuous, direction: .horizontal, margins: margins)
                let rtl = layout(document, .continuous, direction: .horizontal, rtl: true, margins: margins)
                #expect(rtl == mirrored(ltr))
            }
        }
    }

    @Test func marginsAreScreenSidesEvenWithRTL() {
        // --rtl reorders pages; a 10 pt left inset stays on the left.
        let margins = PageMargins(top: 0, left: 10, bottom: 0, right: 0)
        let view = layout(equalPages(2), .twoUp, rtl: true, margins: margins).views[0]
        #expect(view.width == 2 * 605)
        #expect(view.pages[1].x == 10 && view.pages[0].x == 605 + 10)
    }

    @Test func invariantsHoldForAssortedDocuments() {
        let marginChoices = [PageMargins.pdfKitDefault, .none, PageMargins(top: 2, left: 9, bottom: 0.5, right: 3)]
        for document in mixedDocuments() {
            for margins in marginChoices {
                for options in allOptions(margins: margins) {
                    let result = LayoutEngine.layout(document, options: options)
                    checkInvariants(result, input: document, margins: margins)
                    if options.mode.isContinuous {
                        #expect(result.views.count == 1)
                    }
                    // The tallest page of a row touches the row's edges (with its margins): no slack.
                    for view in result.views where !options.mode.isContinuous || options.direction == .horizontal {
                        let tallest = view.pages.map { $0.height }.max() ?? 0
                        #expect(view.height == tallest + margins.vertical)
                    }
                }
            }
        }
    }

    @Test func rotationAndPageNumbersPassThrough() {
        // A /Rotate 90 page arrives with width and height already swapped; the engine keeps both.
        let input = [
            SourcePage(number: 3, width: 842, height: 595, rotation: 90),
            SourcePage(number: 7, width: 595, height: 842, rotation: 0),
            SourcePage(number: 9, width: 842, height: 595, rotation: 270),
        ]
        for options in allOptions() {
            let placed = LayoutEngine.layout(input, options: options).views.flatMap(\.pages)
            #expect(placed.map(\.page) == [3, 7, 9])
            #expect(placed.map(\.rotation) == [90, 0, 270])
            #expect(placed.map(\.width) == [842, 595, 842])
        }
    }

    @Test func pairingFollowsTheSelectionNotTheDocumentNumbers() {
        // --pages 4-7 with a cover: page 4 stands alone, then 5|6, then 7.
        let selection = [4, 5, 6, 7].map { SourcePage(number: $0, width: A4.width, height: A4.height) }
        let views = LayoutEngine.layout(selection, options: LayoutOptions(mode: .twoUp, cover: true)).views
        #expect(views.map { $0.pages.map(\.page) } == [[4], [5, 6], [7]])
    }

    @Test func negativeMarginsClampToZero() {
        #expect(PageMargins(top: -1, left: -2, bottom: -3, right: -4) == .none)
        #expect(PageMargins(all: .nan) == .none)
        #expect(PageMargins.pdfKitDefault == PageMargins(top: 4.75, left: 4, bottom: 4.75, right: 4))
    }
}
