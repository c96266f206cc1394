import PageLayout
// How books are made, on top of PDFKit's pairing: a wide page of a portrait book (a double-page
// scan, a fold-out) stands alone; pages chosen with `alone` stand alone on the right-hand side;
// the pages after either re-pair. The 160-case matrix of ModeMatrixTests still holds unchanged
// (equal pages, nothing alone); here it is extended with a wide page and an alone page at every
// position, for both two-up modes, both directions, rtl and cover.
import TestSupport
import Testing

/// Equal A4 pages, with the pages in `wide` (1-based) turned landscape (842 × 595).
func book(_ count: Int, wide: Set<Int> = []) -> [SourcePage] {
    (1...count).map {
        wide.contains($0)
            ? SourcePage(number: $0, width: A4.height, height: A4.width)
            : SourcePage(number: $0, width: A4.width, height: A4.height)
    }
}

/// A two-up view as text, slots left to right: "3 2", "_ 1", and "W4" for a page alone in a
/// view of its own width (a wide page).
func bookPicture(_ view: View) -> String {
    let pages = view.pages.sorted { $0.x < $1.x }
    if pages.count == 2 { return "\(pages[0].page) \(pages[1].page)" }
    guard let page = pages.first, pages.count == 1 else { return "\(pages.count) pages" }
    if view.width == page.width + 8 { return "W\(page.page)" }
    return page.x + page.width / 2 < view.width / 2 ? "\(page.page) _" : "_ \(page.page)"
}

/// The book's rule written out independently: walk the pages keeping the left-hand page that
/// waits for its partner; a cover, an `alone` page and a wide page each close the open spread.
func bookOracle(count: Int, wide: Set<Int>, alone: Set<Int>, cover: Bool, rtl: Bool) -> [String] {
    let isBook = count - wide.count >= 4 && (count - wide.count) * 2 > count
    var spreads: [[String]] = [], waiting: String?
    func close() {
        if let left = waiting { spreads.append([left, "_"]) }
        waiting = nil
    }
    for n in 1...count {
        if n == 1 && cover {
            spreads.append(["_", "1"])
        } else if isBook && wide.contains(n) {
            close()
            spreads.append(["W\(n)"])
        } else if alone.contains(n) {
            close()
            spreads.append(["_", String(n)])
        } else if let left = waiting {
            spreads.append([left, String(n)])
            waiting = nil
        } else {
            waiting = String(n)
        }
    }
    close()
    return spreads.map { ($0.count == 2 && rtl ? $0.reversed() : $0).joined(separator: " ") }
}

struct BookCase: Sendable, CustomTestStringConvertible {
    var count: Int
    var wide: Int?
    var alone: Int?
    var options: LayoutOptions
    var testDescription: String {
        "\(options.mode.rawValue) \(options.direction.rawValue)\(options.rtl ? " rtl" : "")\(options.cover ? " cover" : "")"
            + " × \(count)\(wide.map { ", wide \($0)" } ?? "")\(alone.map { ", alone \($0)" } ?? "")"
    }
}

let bookMatrix: [BookCase] = allOptions().filter { $0.mode.isTwoUp }.flatMap { base in
    (1...7).flatMap { count in
        ([nil] + (1...count).map { Optional($0) }).flatMap { wide in
            ([nil] + (1...count).map { Optional($0) }).compactMap { alone -> BookCase? in
                guard wide == nil || alone != wide else { return nil }
                var options = base
                options.alone = alone.map { [$0] } ?? []
                return BookCase(count: count, wide: wide, alone: alone, options: options)
            }
        }
    }
}

@Suite(.tags(.fast)) struct BookPairingTests {
    @Test("wide and alone pages pair as a book does, in every two-up mode", arguments: bookMatrix)
    func bookPairingMatchesOracle(_ c: BookCase) {
        let input = book(c.count, wide: c.wide.map { [$0] } ?? [])
        let result = LayoutEngine.layout(input, options: c.options)
        checkInvariants(result, input: input, margins: .pdfKitDefault)
        let expected = bookOracle(
            count: c.count, wide: c.wide.map { [$0] } ?? [], alone: c.options.alone,
            cover: c.options.cover, rtl: c.options.rtl)
        switch (c.options.mode, c.options.direction) {
        case (.twoUp, _):
            #expect(result.views.map(bookPicture) == expected)
        case (.twoUpContinuous, .vertical):
            // One row per spread, stacked: a row's pages share a vertical centre.
            let view = result.views[0]
            let rows = Dictionary(grouping: view.pages) { ($0.y + $0.height / 2).rounded() }
            #expect(rows.count == expected.count)
        default:
            // One long row: the spreads' slots joined, the whole strip mirrored with rtl.
            #expect(result.views.count == 1 && result.views[0].pages.count == c.count)
        }
    }

    @Test func mangaWithADoublePageScanAndChapterOpeners() {
        // 9 pages, page 4 a double-page scan, right to left with a cover.
        let manga = LayoutEngine.layout(
            book(9, wide: [4]), options: LayoutOptions(mode: .twoUp, rtl: true, cover: true))
        #expect(manga.views.map(bookPicture) == ["1 _", "3 2", "W4", "6 5", "8 7", "_ 9"])
        // Chapter openers at 5 and 8 on the right-hand side; what follows re-pairs.
        let chapters = LayoutEngine.layout(book(9), options: LayoutOptions(mode: .twoUp, alone: [5, 8]))
        #expect(chapters.views.map(bookPicture) == ["1 2", "3 4", "_ 5", "6 7", "_ 8", "9 _"])
        // --wide-pages pair: the old pairing.
        let paired = LayoutEngine.layout(book(4, wide: [3]), options: LayoutOptions(mode: .twoUp, widePages: .pair))
        #expect(paired.views.map(\.pages).map { $0.map(\.page) } == [[1, 2], [3, 4]])
    }

    @Test func onlyABookHasWidePages() {
        // Most pages share one portrait size: a book, and its landscape pages are wide.
        #expect(LayoutEngine.widePages(book(7, wide: [2, 4])) == [1, 3])
        // A few pages are no book: three A4 pages and a landscape one pair as they come.
        #expect(LayoutEngine.widePages(book(4, wide: [4])).isEmpty)
        #expect(LayoutEngine.widePages(book(5, wide: [4])) == [3])
        // Mixed sizes (no size shared by more than half the pages): no book, nothing stands alone.
        #expect(LayoutEngine.widePages(pages([(595, 842), (612, 792), (842, 595), (420, 595)])).isEmpty)
        // A landscape document (slides) is no portrait book.
        #expect(LayoutEngine.widePages(pages([(842, 595), (842, 595), (842, 595)])).isEmpty)
        // Alone pages and wide pages change nothing outside the two-up modes.
        for mode in [LayoutMode.single, .continuous] {
            #expect(
                LayoutEngine.layout(book(5, wide: [3]), options: LayoutOptions(mode: mode, alone: [2]))
                    == LayoutEngine.layout(book(5, wide: [3]), options: LayoutOptions(mode: mode, widePages: .pair)))
        }
    }
}
