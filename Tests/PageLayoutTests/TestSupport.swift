import PageLayout
import TestSupport
// Shared fixtures, an independent oracle for page positions, and layout invariants.
import Testing

/// A4 portrait in points and its cell (page plus PDFKit's default margins).
enum A4 {
    static let width = 595.0
    static let height = 842.0
    static let cellWidth = 595.0 + 4 + 4  // 603
    static let cellHeight = 842.0 + 4.75 + 4.75  // 851.5
}

/// `count` equal pages numbered 1…count.
func equalPages(_ count: Int, width: Double = A4.width, height: Double = A4.height) -> [SourcePage] {
    (1...max(count, 1)).prefix(count).map { SourcePage(number: $0, width: width, height: height) }
}

/// Pages of the given sizes, numbered from 1.
func pages(_ sizes: [(Double, Double)]) -> [SourcePage] {
    sizes.enumerated().map { SourcePage(number: $0.offset + 1, width: $0.element.0, height: $0.element.1) }
}

func layout(
    _ pages: [SourcePage], _ mode: LayoutMode, direction: LayoutDirection = .vertical,
    rtl: Bool = false, cover: Bool = false, margins: PageMargins = .pdfKitDefault
) -> Layout {
    LayoutEngine.layout(
        pages,
        options: LayoutOptions(
            mode: mode, direction: direction, rtl: rtl,
            cover: cover, margins: margins))
}

/// Draws a view of equal A4 pages with default margins as text: slots left to right separated by
/// spaces, "_" for an empty slot, rows separated by " / ". E.g. a two-up rtl cover view: "1 _".
func picture(_ view: View) -> String {
    let columns = Int((view.width / A4.cellWidth).rounded())
    let rows = Int((view.height / A4.cellHeight).rounded())
    var grid = Array(repeating: Array(repeating: "_", count: columns), count: rows)
    for page in view.pages {
        let column = Int(((page.x - 4) / A4.cellWidth).rounded())
        let row = Int(((page.y - 4.75) / A4.cellHeight).rounded())
        grid[row][column] = String(page.page)
    }
    return grid.map { $0.joined(separator: " ") }.joined(separator: " / ")
}

/// Where a page should be, worked out independently of the engine from a printed book's rule:
/// the k-th page (1-based) has book position q = k − 1 (+1 with a cover); its spread is q / 2 and
/// its side q % 2 (0 = left); rtl flips the side, and a reversed strip mirrors the slot index.
struct ExpectedSlot: Equatable {
    var view: Int
    var row: Int
    var column: Int
}

struct ExpectedGrid {
    var slots: [ExpectedSlot]  // one per page, in input order
    var viewCount: Int
    var rows: [Int]  // per view
    var columns: [Int]  // per view
}

func oracle(count: Int, options o: LayoutOptions) -> ExpectedGrid {
    let offset = o.cover && o.mode.isTwoUp ? 1 : 0
    let spreadCount = count == 0 ? 0 : (count - 1 + offset) / 2 + 1
    var slots: [ExpectedSlot] = []
    for k in 1...max(count, 1) where k <= count {
        let q = k - 1 + offset
        let spread = q / 2
        let side = o.rtl ? 1 - q % 2 : q % 2
        switch (o.mode, o.direction) {
        case (.single, _):
            slots.append(ExpectedSlot(view: k - 1, row: 0, column: 0))
        case (.continuous, .vertical):
            slots.append(ExpectedSlot(view: 0, row: k - 1, column: 0))
        case (.continuous, .horizontal):
            slots.append(ExpectedSlot(view: 0, row: 0, column: o.rtl ? count - k : k - 1))
        case (.twoUp, _):
            slots.append(ExpectedSlot(view: spread, row: 0, column: side))
        case (.twoUpContinuous, .vertical):
            slots.append(ExpectedSlot(view: 0, row: spread, column: side))
        case (.twoUpContinuous, .horizontal):
            let ltrColumn = spread * 2 + q % 2
            slots.append(
                ExpectedSlot(
                    view: 0, row: 0,
                    column: o.rtl ? spreadCount * 2 - 1 - ltrColumn : ltrColumn))
        }
    }
    switch (o.mode, o.direction) {
    case (.single, _):
        return ExpectedGrid(
            slots: slots, viewCount: count, rows: .init(repeating: 1, count: count),
            columns: .init(repeating: 1, count: count))
    case (.continuous, .vertical):
        return ExpectedGrid(slots: slots, viewCount: 1, rows: [count], columns: [1])
    case (.continuous, .horizontal):
        return ExpectedGrid(slots: slots, viewCount: 1, rows: [1], columns: [count])
    case (.twoUp, _):
        return ExpectedGrid(
            slots: slots, viewCount: spreadCount,
            rows: .init(repeating: 1, count: spreadCount),
            columns: .init(repeating: 2, count: spreadCount))
    case (.twoUpContinuous, .vertical):
        return ExpectedGrid(slots: slots, viewCount: 1, rows: [spreadCount], columns: [2])
    case (.twoUpContinuous, .horizontal):
        return ExpectedGrid(slots: slots, viewCount: 1, rows: [1], columns: [spreadCount * 2])
    }
}

/// Checks what must hold for any input: every page placed once, in reading order, with its own
/// size and rotation; each page with its margins inside its view; no two pages (with margins)
/// overlapping; views indexed 0, 1, 2…
func checkInvariants(
    _ result: Layout, input: [SourcePage], margins: PageMargins,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.views.map(\.index) == Array(result.views.indices), sourceLocation: sourceLocation)
    let placed = result.views.flatMap(\.pages)
    #expect(
        placed.map(\.page) == input.map(\.number), "every page once, in reading order",
        sourceLocation: sourceLocation)
    for (page, source) in zip(placed, input) {
        #expect(
            page.width == source.width && page.height == source.height
                && page.rotation == source.rotation, sourceLocation: sourceLocation)
    }
    let tolerance = 1e-9
    for view in result.views {
        #expect(view.width > 0 && view.height > 0, sourceLocation: sourceLocation)
        let cells = view.pages.map { p in
            (
                x0: p.x - margins.left, y0: p.y - margins.top,
                x1: p.maxX + margins.right, y1: p.maxY + margins.bottom, page: p.page
            )
        }
        for c in cells {
            #expect(
                c.x0 >= -tolerance && c.y0 >= -tolerance && c.x1 <= view.width + tolerance
                    && c.y1 <= view.height + tolerance, "page \(c.page) inside view \(view.index)",
                sourceLocation: sourceLocation)
        }
        for i in cells.indices {
            for j in cells.indices where j > i {
                let a = cells[i], b = cells[j]
                let overlapX = min(a.x1, b.x1) - max(a.x0, b.x0)
                let overlapY = min(a.y1, b.y1) - max(a.y0, b.y0)
                #expect(
                    overlapX <= tolerance || overlapY <= tolerance,
                    "pages \(a.page) and \(b.page) overlap in view \(view.index)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

extension SplitMix64 {
    /// A whole number of points in 100…1200, sometimes with a fraction, as real page sizes have.
    mutating func length() -> Double {
        Double(100 + next() % 1101) + (next() % 2 == 0 ? 0 : 0.5)
    }
}

/// Every combination of the options that change the layout.
func allOptions(margins: PageMargins = .pdfKitDefault) -> [LayoutOptions] {
    LayoutMode.allCases.flatMap { mode in
        LayoutDirection.allCases.flatMap { direction in
            [false, true].flatMap { rtl in
                [false, true].map { cover in
                    LayoutOptions(mode: mode, direction: direction, rtl: rtl, cover: cover, margins: margins)
                }
            }
        }
    }
}
