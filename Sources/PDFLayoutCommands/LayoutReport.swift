import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout

/// `--json`: the layout's geometry in points, origin top-left, page and view numbers 1-based, pages
/// of each view in reading order. Keys are snake_case (JSON Lines), one object on one line, every
/// key always written (null when absent); docs/JSON.md describes the record.
struct LayoutReport: Encodable, Sendable {
    /// The PDF as given ("-" for standard input).
    var file: String
    /// The PDFKit mode's name, or "grid" for a contact sheet (`--columns`).
    var mode: String
    /// `--columns`: the contact sheet's columns (those used: fewer when the pages fill less than a row);
    /// null for the PDFKit modes.
    @NullWhenAbsent var columns: Int?
    /// Where views run: vertical (a column) or horizontal (a row).
    var flow: LayoutDirection
    /// Reading direction: "ltr" or "rtl" (the spelling `pdflayout info` uses too).
    var direction: String
    var cover: Bool
    /// Two-up pairing: what wide pages of a book do, and the pages set alone (`--alone`), sorted.
    var widePages: WidePages
    var alone: [Int]
    var box: String
    var unit = "pt"
    /// Pages laid out (after `--pages`; a page listed twice counts twice).
    var pageCount: Int
    var views: [ReportView]
    /// The files written (with -o), with their pixel sizes for images (null for a PDF).
    var outputs: [WrittenOutput] = []
    /// PDF sheets: internal links whose target page was not laid out (`--pages`), not written;
    /// null when no PDF was written.
    @NullWhenAbsent var linksDropped: Int? = nil

    /// One view: its 1-based number (as the text and the file names count), size, and pages.
    struct ReportView: Encodable, Sendable {
        var view: Int
        var width: Double
        var height: Double
        var pages: [PlacedPage]
    }

    var rtl: Bool { direction == "rtl" }

    init(file: String, layout: Layout, options: LayoutOptions, box: PageBox) {
        self.file = file
        mode = options.columns == nil ? options.mode.rawValue : "grid"
        columns = options.columns.map { asked in
            layout.views.first.map {
                ContactSheet.usedColumns(count: $0.pages.count, columns: asked, cover: options.cover)
            } ?? asked
        }
        flow = options.direction
        direction = DirectionName.json(rtl: options.rtl)
        cover = options.cover
        widePages = options.widePages
        alone = options.alone.sorted()
        self.box = box.rawValue
        pageCount = layout.views.reduce(0) { $0 + $1.pages.count }
        // Thousandths of a point, as every record (`Points`).
        views = layout.views.map { view in
            ReportView(
                view: view.index + 1, width: Points.json(view.width), height: Points.json(view.height),
                pages: view.pages.map {
                    PlacedPage(
                        page: $0.page, x: Points.json($0.x), y: Points.json($0.y),
                        width: Points.json($0.width), height: Points.json($0.height), rotation: $0.rotation)
                })
        }
    }

    enum CodingKeys: String, CodingKey {
        case file, mode, columns, flow, direction, cover, widePages, alone, box, unit, pageCount,
            views, outputs, linksDropped
    }

    /// Without `-o` or `--json`: one line per view, pages in screen order from left to right
    /// (so `--rtl` shows as "3 2"), sizes in points.
    var summary: [String] {
        var lines = [
            "\(columns.map { "grid of \($0) column\($0 == 1 ? "" : "s")" } ?? "\(mode), \(flow.rawValue)")\(rtl ? ", rtl" : "")\(cover ? ", cover" : ""), \(box) box: "
                + "\(views.count) view\(views.count == 1 ? "" : "s") of \(pageCount) page\(pageCount == 1 ? "" : "s")"
        ]
        for view in views {
            // Pages of one row share a vertical centre (each is centred in its row).
            let order = view.pages.sorted {
                (Points.json($0.y + $0.height / 2), $0.x) < (Points.json($1.y + $1.height / 2), $1.x)
            }
            .map { String($0.page) }
            let shown =
                order.count > 12
                ? order.prefix(6).joined(separator: " ") + " … " + order.suffix(3).joined(separator: " ")
                : order.joined(separator: " ")
            lines.append(
                "  view \(view.view): \(Points.text(view.width)) × \(Points.text(view.height)) pt, pages \(shown)")
        }
        return lines
    }

}
