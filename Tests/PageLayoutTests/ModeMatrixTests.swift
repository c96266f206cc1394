import PageLayout
// Every mode × direction × rtl × cover on 1…5 equal A4 pages, checked against the oracle with
// exact rectangles worked out from first principles (cell = 603 × 851.5 pt), plus literal
// pictures of the cases people argue about.
import TestSupport
import Testing

struct MatrixCase: Sendable, CustomTestStringConvertible {
    var count: Int
    var options: LayoutOptions
    var testDescription: String {
        "\(options.mode.rawValue) \(options.direction.rawValue)\(options.rtl ? " rtl" : "")"
            + "\(options.cover ? " cover" : "") × \(count)"
    }
}

let matrix: [MatrixCase] = allOptions().flatMap { options in
    (1...5).map { MatrixCase(count: $0, options: options) }
}

@Suite(.tags(.fast)) struct ModeMatrixTests {
    @Test("exact placement for every mode, direction, rtl, cover and page count", arguments: matrix)
    func placementMatchesOracle(_ c: MatrixCase) {
        let input = equalPages(c.count)
        let result = LayoutEngine.layout(input, options: c.options)
        let expected = oracle(count: c.count, options: c.options)

        #expect(result.views.count == expected.viewCount)
        guard result.views.count == expected.viewCount else { return }
        for (index, view) in result.views.enumerated() {
            #expect(view.width == Double(expected.columns[index]) * A4.cellWidth)
            #expect(view.height == Double(expected.rows[index]) * A4.cellHeight)
        }
        for (k, slot) in expected.slots.enumerated() {
            let pageNumber = k + 1
            let found = result.views[slot.view].pages.first { $0.page == pageNumber }
            #expect(
                found
                    == PlacedPage(
                        page: pageNumber,
                        x: Double(slot.column) * A4.cellWidth + 4,
                        y: Double(slot.row) * A4.cellHeight + 4.75,
                        width: A4.width, height: A4.height),
                "page \(pageNumber)")
        }
        checkInvariants(result, input: input, margins: .pdfKitDefault)
    }
}

/// The whole layout drawn as text, views separated by " | ".
func pictures(
    _ count: Int, _ mode: LayoutMode, direction: LayoutDirection = .vertical,
    rtl: Bool = false, cover: Bool = false
) -> String {
    layout(equalPages(count), mode, direction: direction, rtl: rtl, cover: cover)
        .views.map(picture).joined(separator: " | ")
}

extension ModeMatrixTests {
    @Test func twoUpPairsLikeABook() {
        #expect(pictures(1, .twoUp) == "1 _")
        #expect(pictures(2, .twoUp) == "1 2")
        #expect(pictures(5, .twoUp) == "1 2 | 3 4 | 5 _")
        #expect(pictures(5, .twoUp, rtl: true) == "2 1 | 4 3 | _ 5")
        #expect(pictures(1, .twoUp, cover: true) == "_ 1")
        #expect(pictures(1, .twoUp, rtl: true, cover: true) == "1 _")
        #expect(pictures(4, .twoUp, cover: true) == "_ 1 | 2 3 | 4 _")
        #expect(pictures(5, .twoUp, cover: true) == "_ 1 | 2 3 | 4 5")
        #expect(pictures(4, .twoUp, rtl: true, cover: true) == "1 _ | 3 2 | _ 4")
        #expect(pictures(5, .twoUp, rtl: true, cover: true) == "1 _ | 3 2 | 5 4")
    }

    @Test func horizontalIsIgnoredWherePagesAreNotInAStrip() {
        for mode in [LayoutMode.single, .twoUp] {
            for rtl in [false, true] {
                for cover in [false, true] {
                    #expect(
                        layout(equalPages(5), mode, direction: .horizontal, rtl: rtl, cover: cover)
                            == layout(equalPages(5), mode, direction: .vertical, rtl: rtl, cover: cover))
                }
            }
        }
    }

    @Test func twoUpContinuousStacksSpreads() {
        #expect(pictures(5, .twoUpContinuous) == "1 2 / 3 4 / 5 _")
        #expect(pictures(5, .twoUpContinuous, cover: true) == "_ 1 / 2 3 / 4 5")
        #expect(pictures(4, .twoUpContinuous, rtl: true, cover: true) == "1 _ / 3 2 / _ 4")
    }

    @Test func horizontalStripsRunRightToLeftWithRTL() {
        #expect(pictures(3, .continuous, direction: .horizontal) == "1 2 3")
        #expect(pictures(3, .continuous, direction: .horizontal, rtl: true) == "3 2 1")
        #expect(pictures(4, .twoUpContinuous, direction: .horizontal, cover: true) == "_ 1 2 3 4 _")
        #expect(
            pictures(4, .twoUpContinuous, direction: .horizontal, rtl: true, cover: true)
                == "_ 4 3 2 1 _")
        #expect(pictures(5, .twoUpContinuous, direction: .horizontal, rtl: true) == "_ 5 4 3 2 1")
    }

    @Test func rtlAndCoverDoNotTouchSingleOrAVerticalColumn() {
        let plain = layout(equalPages(5), .single)
        let column = layout(equalPages(5), .continuous)
        for rtl in [false, true] {
            for cover in [false, true] {
                #expect(layout(equalPages(5), .single, rtl: rtl, cover: cover) == plain)
                #expect(layout(equalPages(5), .continuous, rtl: rtl, cover: cover) == column)
            }
        }
        #expect(pictures(3, .continuous) == "1 / 2 / 3")
        #expect(pictures(3, .single) == "1 | 2 | 3")
    }

    @Test func coverIsIgnoredOutsideTwoUp() {
        #expect(
            layout(equalPages(4), .continuous, direction: .horizontal, cover: true)
                == layout(equalPages(4), .continuous, direction: .horizontal))
    }

    @Test func a4SizesFromFirstPrinciples() {
        // Default margins: 4 pt left and right, 4.75 pt top and bottom, around every page.
        let single = layout(equalPages(1), .single).views[0]
        #expect(single.width == 603 && single.height == 851.5)
        #expect(single.pages[0].x == 4 && single.pages[0].y == 4.75)

        let spread = layout(equalPages(2), .twoUp).views[0]
        #expect(spread.width == 2 * (595 + 8) && spread.width == 1206)
        #expect(spread.height == 842 + 9.5 && spread.height == 851.5)
        #expect(spread.pages[1].x == 603 + 4)

        let column = layout(equalPages(3), .continuous).views[0]
        #expect(column.width == 603 && column.height == 3 * 851.5)
        #expect(column.pages.map(\.y) == [4.75, 856.25, 1707.75])

        let strip = layout(equalPages(3), .continuous, direction: .horizontal).views[0]
        #expect(strip.width == 3 * 603 && strip.height == 851.5)
        #expect(strip.pages.map(\.x) == [4, 607, 1210])
    }

    @Test func emptySlotTakesItsPartnersWidth() {
        // A lone cover (or trailing page) view is as wide as a full spread of that page size, so all
        // two-up views of a uniform document share one size and the page sits where the book has it.
        let views = layout(equalPages(4), .twoUp, cover: true).views
        #expect(Set(views.map(\.width)) == [1206])
        #expect(Set(views.map(\.height)) == [851.5])
        #expect(views[0].pages[0].x == 607)  // cover in the right slot
        #expect(views[2].pages[0].x == 4)  // trailing page 4 in the left slot

        // The empty slot copies the lone page's own width, whatever the other spreads are.
        let mixed = layout(pages([(300, 400), (595, 842), (595, 842)]), .twoUp, cover: true).views
        #expect(mixed[0].width == 2 * 308 && mixed[0].height == 409.5)
        #expect(mixed[0].pages[0].x == 308 + 4)
    }

    @Test func noPagesGiveNoViews() {
        for options in allOptions() {
            #expect(LayoutEngine.layout([], options: options).views.isEmpty)
        }
    }
}
