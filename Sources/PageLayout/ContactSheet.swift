// A contact sheet: every page in one view, in a grid of N columns (`--columns N`), as an overview
// of a whole book in one image.
//
// Cells are all alike: as wide as the widest page and as tall as the tallest, plus the margins;
// each page is centred in its cell. Pages go in reading order along the rows, left to right (right
// to left with `rtl`), rows from top to bottom. With `cover` the first cell stays empty, so that
// with an even column count the book's spreads (2–3, 4–5, …) sit side by side in a row, as a
// printed book shows them (mirrored with `rtl`). A document with fewer cells than N columns gets
// only as many columns as it fills.

/// The geometry of contact sheets.
public enum ContactSheet {
    /// Without `--dpi` or `--fit`, the widest page is drawn this many pixels wide (points in PDF
    /// sheets): 20 columns of a book give a sheet about 4,000 pixels wide.
    public static let defaultPageWidth = 200.0

    /// The scale (pixels per point) that draws the widest of `pages` `defaultPageWidth` wide.
    public static func defaultScale(_ pages: [SourcePage]) -> Double {
        let widest = pages.map(\.width).max() ?? 0
        return widest > 0 ? defaultPageWidth / widest : 1
    }

    /// The place of the page at `position` (0-based, in reading order): row and column from the
    /// top left, for `count` pages in `columns` columns.
    public static func cell(
        of position: Int, count: Int, columns: Int, rtl: Bool, cover: Bool
    ) -> (row: Int, column: Int) {
        let used = usedColumns(count: count, columns: columns, cover: cover)
        let slot = position + (cover ? 1 : 0)
        let column = slot % used
        return (slot / used, rtl ? used - 1 - column : column)
    }

    /// Columns the sheet has: `columns`, or fewer when the pages (and the cover's empty cell)
    /// fill less than one row.
    public static func usedColumns(count: Int, columns: Int, cover: Bool) -> Int {
        max(1, min(max(columns, 1), count + (cover ? 1 : 0)))
    }

    /// The one view of `pages` in a grid of `columns` columns.
    public static func layout(
        _ pages: [SourcePage], columns: Int, rtl: Bool, cover: Bool, margins: PageMargins
    ) -> Layout {
        guard !pages.isEmpty else { return Layout(views: []) }
        let cellWidth = (pages.map(\.width).max() ?? 0) + margins.horizontal
        let cellHeight = (pages.map(\.height).max() ?? 0) + margins.vertical
        let used = usedColumns(count: pages.count, columns: columns, cover: cover)
        let slots = pages.count + (cover ? 1 : 0)
        let rows = (slots + used - 1) / used
        let placed = pages.enumerated().map { position, page in
            let cell = cell(of: position, count: pages.count, columns: columns, rtl: rtl, cover: cover)
            return PlacedPage(
                page: page.number,
                x: Double(cell.column) * cellWidth + margins.left + (cellWidth - margins.horizontal - page.width) / 2,
                y: Double(cell.row) * cellHeight + margins.top + (cellHeight - margins.vertical - page.height) / 2,
                width: page.width, height: page.height, rotation: page.rotation)
        }
        return Layout(views: [
            View(index: 0, width: Double(used) * cellWidth, height: Double(rows) * cellHeight, pages: placed)
        ])
    }
}
