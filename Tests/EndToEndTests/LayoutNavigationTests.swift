import Foundation
import TestSupport
import Testing

/// Navigation kept in vector output, checked with qpdf's JSON of the input and of the output
/// (never with the code under test): hyperref's own manual (63 pages, 91 outline entries, 142
/// links: 135 internal through named destinations, 5 URIs).
@Suite(.tags(.tools)) struct LayoutNavigationTests {
    let manual = Fixtures.asset("hyperref-manual.pdf")

    /// Where a point of page `page` (0-based, user space) lands on the sheets according to the
    /// `--json` geometry: the sheet, and the point in the sheet's user space (origin bottom-left).
    struct Map {
        let sheetOfPage: [Int: Int]
        let views: [[String: Any]]
        let crops: [[Double]]

        func place(_ page: Int, _ x: Double, _ y: Double) throws -> (sheet: Int, x: Double, y: Double) {
            let sheet = try #require(sheetOfPage[page])
            let placed = try LayoutRun.placed(page + 1, in: views[sheet])
            let crop = crops[page]
            let left = try LayoutRun.number(placed, "x"), top = try LayoutRun.number(placed, "y")
            let height = try LayoutRun.number(views[sheet], "height")
            return (sheet, left + (x - crop[0]), height - top - (crop[3] - y))
        }
    }

    private func map(_ report: [String: Any], _ input: PDFObjects) throws -> Map {
        let views = try LayoutRun.views(report)
        var sheetOfPage: [Int: Int] = [:]
        for (index, view) in views.enumerated() {
            for page in try LayoutRun.pages(view) {
                let number = try #require(page["page"] as? Int)
                if sheetOfPage[number - 1] == nil { sheetOfPage[number - 1] = index }
            }
        }
        let crops = (0..<input.pageReferences.count).map { index -> [Double] in
            let page = input.page(index)
            let box = (page["/CropBox"] ?? page["/MediaBox"]) as? [Any] ?? []
            return box.compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        return Map(sheetOfPage: sheetOfPage, views: views, crops: crops)
    }

    private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test func outlineAndLinksLandOnTheSheetsHoldingTheirPages() throws {
        let scratch = try Scratch()
        let output = scratch.path("spreads.pdf")
        let report = try LayoutRun.json([manual, "--two-up", "--rtl", "-o", output])
        let input = try PDFObjects(manual), sheets = try PDFObjects(output)
        let map = try map(report, input)
        #expect(sheets.pageReferences.count == 32)

        // Outline: same titles, nesting and open state; each entry on its page's sheet, at the point.
        let before = input.flatOutline(), after = sheets.flatOutline()
        #expect(before.count == 91)
        try #require(after.count == before.count)
        for (old, new) in zip(before, after) {
            #expect(old.title == new.title && old.open == new.open && old.depth == new.depth)
            // Entries with another action (hyperref's GoToR to its own file name) stay as they are.
            guard let page = old.page else {
                #expect(new.page == nil)
                continue
            }
            let destination = try #require(old.destination), moved = try #require(new.destination, "\(new.title)")
            #expect(destination[1] as? String == "/XYZ" && moved[1] as? String == "/XYZ")
            let expected = try map.place(
                page, try #require(number(destination[2])), try #require(number(destination[3])))
            #expect(new.page == expected.sheet, "\(old.title)")
            #expect(
                abs((number(moved[2]) ?? .nan) - expected.x) < 2 && abs((number(moved[3]) ?? .nan) - expected.y) < 2,
                "\(old.title)")
        }

        // Links: every internal link on its page's sheet, its rectangle moved with the page, its
        // target on the target page's sheet at the target point; every URI kept.
        var internalLinks = 0, uris = 0
        for page in 0..<input.pageReferences.count {
            for link in input.links(onPage: page) {
                let corner = try map.place(page, link.rect[0], link.rect[1])
                // Rectangles are written in whole points, rounded outwards.
                let candidates = sheets.links(onPage: corner.sheet).filter {
                    abs($0.rect[0] - corner.x) < 1 && abs($0.rect[1] - corner.y) < 1
                        && abs(($0.rect[2] - $0.rect[0]) - (link.rect[2] - link.rect[0])) < 2
                        && $0.rect[0] <= corner.x && $0.rect[1] <= corner.y
                }
                try #require(!candidates.isEmpty, "link at \(link.rect) on page \(page + 1)")
                if let destination = link.destination {
                    internalLinks += 1
                    let target = try #require(input.pageIndex(destination[0]))
                    let expected = try map.place(
                        target, number(destination[2]) ?? map.crops[target][0],
                        number(destination[3]) ?? map.crops[target][3])
                    #expect(
                        candidates.contains { found in
                            guard let moved = found.destination else { return false }
                            return sheets.pageIndex(moved[0]) == expected.sheet
                                && abs((number(moved[2]) ?? .nan) - expected.x) < 2
                                && abs((number(moved[3]) ?? .nan) - expected.y) < 2
                        }, "link on page \(page + 1) to page \(target + 1)")
                } else if let uri = link.action?["/URI"] as? String {
                    uris += 1
                    #expect(candidates.contains { $0.action?["/URI"] as? String == uri })
                }
            }
        }
        #expect(internalLinks == 135 && uris == 5)

        // Metadata, sizes and text as before.
        #expect(
            sheets.dictionary(sheets.trailer["/Info"])?["/Title"] as? String == input.dictionary(
                input.trailer["/Info"])?["/Title"] as? String)
        let info = try run("pdfinfo", [output])
        #expect(info.text.contains("Hypertext marks in LaTeX"))
        let text = try run("pdftotext", ["-f", "2", "-l", "2", output, "-"])
        #expect(text.text.contains("Restoring removed patches"))
    }

    @Test func linksToPagesLeftOutAreDroppedAndCounted() throws {
        let scratch = try Scratch()
        let output = scratch.path("part.pdf")
        let report = try LayoutRun.json([manual, "--two-up", "--pages", "1-4", "-o", output])
        let dropped = try #require(report["links_dropped"] as? Int)
        #expect(dropped > 0)
        let sheets = try PDFObjects(output)
        for sheet in 0..<sheets.pageReferences.count {
            for link in sheets.links(onPage: sheet) where link.action == nil {
                #expect(sheets.pageIndex(link.destination?[0]) != nil)
            }
        }
        // Without --json, the people's line says it.
        let result = try run("pdflayout", [manual, "--two-up", "--pages", "1-4", "-o", output])
        #expect(result.text.contains("\(dropped) links to pages not laid out dropped"))
    }

    @Test func sheetsAreLabelledByTheirPages() throws {
        let scratch = try Scratch()
        let output = scratch.path("book.pdf")
        // book-rtl.pdf labels its pages a, a, b, c, 1, 2, 3.
        #expect(
            try run("pdflayout", [LayoutRun.bookRTL, "--two-up", "--cover", "--rtl", "-q", "-o", output]).status == 0)
        let result = try run("qpdf", ["--json", "--json-key=pages", output])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
        let labels = try #require(json["pages"] as? [[String: Any]]).map {
            ($0["label"] as? [String: Any])?["/P"] as? String
        }
        // qpdf shows PDFDocEncoding strings with an en dash (0x85) as bytes: b:<hex>.
        #expect(labels == ["u:a", "b:618562", "b:638531", "b:328533"])
        let book = try PDFObjects(output)
        #expect(book.flatOutline().count == 6)
        #expect(book.flatOutline().allSatisfy { $0.page != nil })
    }

    /// A link on a page turned by /Rotate 90 moves with the page as a viewer shows it: user-space
    /// (x, y) of a 400 × 300 media box appears at (y, 400 − x) on the 300 × 400 sheet.
    @Test func linksOnARotatedPageTurnWithIt() throws {
        let scratch = try Scratch()
        let pdf = try LayoutRun.writePDF(
            page: "/MediaBox [0 0 400 300] /Rotate 90 /Annots [5 0 R]", content: "0 0 1 rg 10 20 100 40 re f",
            extra: [
                "<< /Type /Annot /Subtype /Link /Rect [10 20 110 60] /QuadPoints [10 60 110 60 10 20 110 20] /Dest [3 0 R /XYZ 50 250 null] >>"
            ], named: "rotated-link.pdf", in: scratch.folder)
        let output = scratch.path("sheet.pdf")
        #expect(try run("pdflayout", [pdf, "--single", "--no-gaps", "-q", "-o", output]).status == 0)
        let sheet = try PDFObjects(output)
        let links = sheet.links(onPage: 0)
        try #require(links.count == 1)
        #expect(links[0].rect == [20, 290, 60, 390])
        let annotation = try #require(
            (sheet.resolve(sheet.page(0)["/Annots"]) as? [Any]).flatMap { sheet.dictionary($0.first) })
        #expect(
            (annotation["/QuadPoints"] as? [Any])?.compactMap { self.number($0) } == [
                60, 390, 60, 290, 20, 390, 20, 290,
            ])
        let destination = try #require(links[0].destination)
        #expect(sheet.pageIndex(destination[0]) == 0 && number(destination[2]) == 250 && number(destination[3]) == 350)
    }
}
