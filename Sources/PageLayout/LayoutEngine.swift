// The layout engine: pages + options → views with page rectangles.
//
// Everything is built from one primitive, the *row*: slots side by side from left to right, each
// slot a page or an empty place, as tall as its tallest page, every page centred vertically in it.
//   single            one row of one page per view
//   twoUp             one row of two slots (a spread) per view
//   continuous        vertical: rows of one page stacked, each centred horizontally in the view;
//                     horizontal: all pages in one long row
//   twoUpContinuous   vertical: spread rows stacked, each spread centred as a unit;
//                     horizontal: all spreads' slots in one long row
// Right-to-left only decides the order of slots within rows (see `spreads` and `strip`); the
// geometry itself is always computed left to right.

/// Turns pages and `LayoutOptions` into views with page rectangles, as PDFKit's `PDFView` lays them out.
public enum LayoutEngine {
    /// Lays `pages` out in views. Pages are taken in the order given (already filtered by
    /// `--pages`); spreads are paired from that order. An empty input gives no views.
    ///
    /// Every two-up view has two slots. A lone page (a cover, a trailing odd page) sits in the slot
    /// a printed book gives it, and the empty slot beside it is as wide as that page's cell (page
    /// plus margins) and adds no height. So a uniform document gives two-up views of one size, the
    /// lone page is exactly where it will be once the book is open, and in a spread column the
    /// gutter of a lone page lines up with that of any spread of two equally wide pages.
    public static func layout(_ pages: [SourcePage], options: LayoutOptions) -> Layout {
        guard !pages.isEmpty else { return Layout(views: []) }
        if let columns = options.columns {
            return ContactSheet.layout(
                pages, columns: columns, rtl: options.rtl, cover: options.cover, margins: options.margins)
        }
        let geometry = Geometry(pages: pages, margins: options.margins)
        let views: [View]
        switch options.mode {
        case .single:
            views = pages.indices.map { geometry.view(rows: [[.page($0)]], stacked: false) }
        case .twoUp:
            views = spreads(count: pages.count, options: options, geometry: geometry)
                .map { geometry.view(rows: [$0], stacked: false) }
        case .continuous:
            let rows: [[Slot]] = pages.indices.map { [.page($0)] }
            views = [strip(rows, options: options, geometry: geometry)]
        case .twoUpContinuous:
            let rows = spreads(count: pages.count, options: options, geometry: geometry)
            views = [strip(rows, options: options, geometry: geometry)]
        }
        return Layout(
            views: views.enumerated().map { index, view in
                var numbered = view
                numbered.index = index
                return numbered
            })
    }

    /// Slots of each spread, left to right. Pairing follows a printed book: with a cover, page 1
    /// is alone and pairs start at page 2; a lone page keeps the slot the book gives it (cover on
    /// the right, trailing odd page on the left, both mirrored with rtl). Two rules of how books
    /// are made come on top: a wide page of a portrait book (`isWide`, with `.alone`) stands alone
    /// in a view of its own width, and a page listed in `alone` stands alone on the right-hand
    /// side (a chapter opener); a page in `doublePages` stands alone as a wide page does; after
    /// any of these, pairing starts afresh, and a page left waiting for
    /// its partner stands alone on the left.
    static func spreads(count: Int, options: LayoutOptions, geometry: Geometry) -> [[Slot]] {
        var wide = options.widePages == .alone ? widePages(geometry.pages) : []
        wide.formUnion(geometry.pages.indices.filter { options.doublePages.contains(geometry.pages[$0].number) })
        var rows: [[Slot]] = []
        var waiting: Int?
        // A lone page in a two-slot row: the empty slot stands for the missing facing page; most
        // documents have equal pages, so giving it the lone page's width makes a normal spread.
        func lone(_ page: Int, onTheRight: Bool) {
            let empty = Slot.empty(width: geometry.cellWidth(page))
            rows.append(onTheRight ? [empty, .page(page)] : [.page(page), empty])
        }
        func flush() {
            if let page = waiting { lone(page, onTheRight: false) }
            waiting = nil
        }
        for page in 0..<count {
            if page == 0 && options.cover {
                lone(page, onTheRight: true)
            } else if wide.contains(page) {
                flush()
                rows.append([.page(page)])
            } else if options.alone.contains(geometry.pages[page].number) {
                flush()
                lone(page, onTheRight: true)
            } else if let left = waiting {
                rows.append([.page(left), .page(page)])
                waiting = nil
            } else {
                waiting = page
            }
        }
        flush()
        return options.rtl ? rows.map { $0.reversed() } : rows
    }

    /// The fewest pages of one portrait size that make a book (a selection of three pages is none).
    public static let bookMinimum = 4

    /// The pages (positions in the input) wider than tall in a portrait book: one where more than
    /// half the pages, and at least `bookMinimum` of them, share one portrait size (to the point).
    /// A document of mixed sizes, or a selection of a few pages, is no book: its pages pair as
    /// they come.
    public static func widePages(_ pages: [SourcePage]) -> Set<Int> {
        var sizes: [String: Int] = [:]
        for page in pages where page.height > page.width {
            sizes["\(page.width.rounded())x\(page.height.rounded())", default: 0] += 1
        }
        guard let common = sizes.values.max(), common >= bookMinimum, common * 2 > pages.count else { return [] }
        return Set(pages.indices.filter { pages[$0].width > pages[$0].height })
    }

    /// The single view of a continuous mode. Vertical: rows stacked. Horizontal: every row's
    /// slots joined into one row, in reverse with rtl so that the first page or spread is rightmost
    /// (each spread is already mirrored, so the strip is the exact mirror of the ltr strip).
    static func strip(_ rows: [[Slot]], options: LayoutOptions, geometry: Geometry) -> View {
        switch options.direction {
        case .vertical:
            return geometry.view(rows: rows, stacked: true)
        case .horizontal:
            let ordered = options.rtl ? rows.reversed() : rows
            return geometry.view(rows: [ordered.flatMap { $0 }], stacked: false)
        }
    }
}

/// A place in a row: a page (by its position in the input) or an empty slot of a given width.
enum Slot: Equatable {
    case page(Int)
    case empty(width: Double)
}

/// Sizes and placement, with the margins folded in: a page's *cell* is the page plus its insets.
struct Geometry {
    let pages: [SourcePage]
    let margins: PageMargins

    func cellWidth(_ page: Int) -> Double { pages[page].width + margins.horizontal }
    func cellHeight(_ page: Int) -> Double { pages[page].height + margins.vertical }

    func width(of slot: Slot) -> Double {
        switch slot {
        case .page(let page): return cellWidth(page)
        case .empty(let width): return width
        }
    }

    /// A row is as tall as its tallest page cell (empty slots have no height of their own).
    func height(of row: [Slot]) -> Double {
        row.reduce(0) { tallest, slot in
            if case .page(let page) = slot { return max(tallest, cellHeight(page)) }
            return tallest
        }
    }

    func width(of row: [Slot]) -> Double {
        row.reduce(0) { $0 + width(of: $1) }
    }

    /// Builds a view from rows. `stacked` rows go one under the other, each centred horizontally
    /// in the widest row; otherwise there must be exactly one row. The index is set by the caller.
    func view(rows: [[Slot]], stacked: Bool) -> View {
        precondition(stacked || rows.count == 1, "an unstacked view is one row")
        let viewWidth = rows.map { width(of: $0) }.max() ?? 0
        var placed: [(input: Int, page: PlacedPage)] = []
        var top = 0.0
        for row in rows {
            let rowHeight = height(of: row)
            var left = (viewWidth - width(of: row)) / 2
            for slot in row {
                if case .page(let input) = slot {
                    let page = pages[input]
                    // Centred vertically in the row; against its slot's edges horizontally, so
                    // the two pages of a spread meet at the gutter.
                    let cellTop = top + (rowHeight - cellHeight(input)) / 2
                    placed.append(
                        (
                            input,
                            PlacedPage(
                                page: page.number,
                                x: left + margins.left,
                                y: cellTop + margins.top,
                                width: page.width, height: page.height,
                                rotation: page.rotation)
                        ))
                }
                left += width(of: slot)
            }
            top += rowHeight
        }
        // Reading order, not screen order: rtl and reversed strips place pages right to left.
        placed.sort { $0.input < $1.input }
        return View(index: 0, width: viewWidth, height: top, pages: placed.map(\.page))
    }
}
