import Foundation
import LayoutKit
import PageLayout

/// `--json`: the layout's geometry in points, origin top-left, page numbers 1-based, pages of each
/// view in reading order. Keys are snake_case (JSONLines), one object on one line.
struct LayoutReport: Encodable, Sendable {
    /// The PDF, in batches (one record per PDF); absent for a single PDF.
    var file: String?
    /// The PDFKit mode's name, or "grid" for a contact sheet (`--columns`).
    var mode: String
    /// `--columns`: the contact sheet's columns (those used: fewer when the pages fill less than a row).
    var columns: Int?
    var direction: LayoutDirection
    var rtl: Bool
    var cover: Bool
    /// Two-up pairing: what wide pages of a book do, and the pages set alone (`--alone`), sorted.
    var widePages: WidePages
    var alone: [Int]
    var box: String
    var unit = "pt"
    /// Pages laid out (after `--pages`; a page listed twice counts twice).
    var pageCount: Int
    var views: [View]
    /// PDF sheets: internal links whose target page was not laid out (`--pages`), not written.
    var linksDropped: Int?

    init(layout: Layout, options: LayoutOptions, box: PageBox) {
        mode = options.columns == nil ? options.mode.rawValue : "grid"
        columns = options.columns.map { asked in
            layout.views.first.map {
                ContactSheet.usedColumns(count: $0.pages.count, columns: asked, cover: options.cover)
            } ?? asked
        }
        direction = options.direction
        rtl = options.rtl
        cover = options.cover
        widePages = options.widePages
        alone = options.alone.sorted()
        self.box = box.rawValue
        pageCount = layout.views.reduce(0) { $0 + $1.pages.count }
        // Thousandths of a point: finer than any renderer, and free of binary noise like 595.2760009765625.
        views = layout.views.map { view in
            View(
                index: view.index, width: Self.rounded(view.width), height: Self.rounded(view.height),
                pages: view.pages.map {
                    PlacedPage(
                        page: $0.page, x: Self.rounded($0.x), y: Self.rounded($0.y),
                        width: Self.rounded($0.width), height: Self.rounded($0.height), rotation: $0.rotation)
                })
        }
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Without `-o` or `--json`: one line per view, pages in screen order from left to right
    /// (so `--rtl` shows as "3 2"), sizes in points.
    var summary: [String] {
        var lines = [
            "\(columns.map { "grid of \($0) column\($0 == 1 ? "" : "s")" } ?? "\(mode), \(direction.rawValue)")\(rtl ? ", rtl" : "")\(cover ? ", cover" : ""), \(box) box: "
                + "\(views.count) view\(views.count == 1 ? "" : "s") of \(pageCount) page\(pageCount == 1 ? "" : "s")"
        ]
        for view in views {
            // Pages of one row share a vertical centre (each is centred in its row).
            let order = view.pages.sorted {
                (Self.rounded($0.y + $0.height / 2), $0.x) < (Self.rounded($1.y + $1.height / 2), $1.x)
            }
            .map { String($0.page) }
            let shown =
                order.count > 12
                ? order.prefix(6).joined(separator: " ") + " … " + order.suffix(3).joined(separator: " ")
                : order.joined(separator: " ")
            lines.append(
                "  view \(view.index + 1): \(Self.text(view.width)) × \(Self.text(view.height)) pt, pages \(shown)")
        }
        return lines
    }

    private static func text(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }
}
