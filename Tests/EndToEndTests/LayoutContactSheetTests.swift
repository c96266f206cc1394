import Foundation
import TestSupport
import Testing
import Vips

/// `pdflayout --columns N`: a contact sheet, every page in one view, run as a user runs it and
/// checked against pages rendered alone by pdftocairo and placed from the JSON geometry.
@Suite(.tags(.tools)) struct LayoutContactSheetTests {
    let book = LayoutRun.bookRTL  // 7 US Letter pages, /Direction /R2L

    /// Each page of `view` (JSON) compared with pdftocairo's render of it at `dpi`.
    private func expectPagesMatch(
        _ image: Image, view: [String: Any], dpi: Int, folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scale = Double(dpi) / 72
        for page in try LayoutRun.pages(view) {
            let number = try #require(page["page"] as? Int)
            let x = Int((try LayoutRun.number(page, "x") * scale).rounded())
            let y = Int((try LayoutRun.number(page, "y") * scale).rounded())
            let reference = try LayoutRun.pdftocairo(book, page: number, dpi: dpi, in: folder)
            let difference = try LayoutRun.meanDifference(image, at: x, y, reference)
            #expect(difference <= 2, "page \(number) at (\(x), \(y)): \(difference)", sourceLocation: sourceLocation)
        }
    }

    @Test func pageOneInTheFirstCellLeftToRightAndTheLastColumnRightToLeft() throws {
        let scratch = try Scratch()
        // Letter cells are 620 × 801.5 pt; at 36 dpi half that. 7 pages in 3 columns: 3 rows.
        let ltr = try LayoutRun.json([book, "--columns", "3", "--ltr", "--dpi", "36", "-o", scratch.path("ltr.png")])
        #expect(ltr["mode"] as? String == "grid")
        #expect(ltr["columns"] as? Int == 3)
        let ltrView = try LayoutRun.views(ltr)[0]
        #expect(try LayoutRun.number(ltrView, "width") == 1860 && LayoutRun.number(ltrView, "height") == 2404.5)
        #expect(try LayoutRun.number(LayoutRun.placed(1, in: ltrView), "x") == 4)
        #expect(try LayoutRun.number(LayoutRun.placed(4, in: ltrView), "y") == 801.5 + 4.75)
        let image = try Image.load(scratch.path("ltr.png"))
        #expect(image.width == 930 && image.height == 1203)
        try expectPagesMatch(image, view: ltrView, dpi: 36, folder: scratch.folder)
        // The comparison tells pages apart: page 2 is not where page 1 is.
        let pageTwo = try LayoutRun.pdftocairo(book, page: 2, dpi: 36, in: scratch.folder)
        let pageOne = try LayoutRun.pdftocairo(book, page: 1, dpi: 36, in: scratch.folder)
        let same = try LayoutRun.meanDifference(image, at: 2, 2, pageOne)
        let other = try LayoutRun.meanDifference(image, at: 2, 2, pageTwo)
        #expect(same * 4 < other, "page 1's cell: \(same) from page 1, \(other) from page 2")

        // The book says right to left (/Direction /R2L): page 1 in the top right cell, page 4
        // at the right of the second row, page 7 at the right of the third.
        let rtl = try LayoutRun.json([book, "--columns", "3", "--dpi", "36", "-o", scratch.path("rtl.png")])
        #expect(rtl["direction"] as? String == "rtl")
        let rtlView = try LayoutRun.views(rtl)[0]
        #expect(try LayoutRun.number(LayoutRun.placed(1, in: rtlView), "x") == 2 * 620 + 4)
        #expect(try LayoutRun.number(LayoutRun.placed(3, in: rtlView), "x") == 4)
        #expect(try LayoutRun.number(LayoutRun.placed(7, in: rtlView), "x") == 2 * 620 + 4)
        let mirrored = try Image.load(scratch.path("rtl.png"))
        try expectPagesMatch(mirrored, view: rtlView, dpi: 36, folder: scratch.folder)

        // --cover leaves the first cell empty: spreads 2–3, 4–5 share a row in 4 columns.
        let cover = try LayoutRun.views(LayoutRun.json([book, "--columns", "4", "--cover", "--ltr"]))[0]
        #expect(try LayoutRun.number(LayoutRun.placed(1, in: cover), "x") == 620 + 4)
        #expect(try LayoutRun.number(LayoutRun.placed(4, in: cover), "x") == 4)
        #expect(try LayoutRun.number(LayoutRun.placed(4, in: cover), "y") == 801.5 + 4.75)
    }

    /// Without --dpi or --fit each page is 200 px wide: 63 Letter pages in 10 columns make a
    /// 2027 × 1834 image; every output kind gets the same sheet.
    @Test func defaultSizeAndEveryOutputKind() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        for name in ["sheet.png", "sheet.jpg", "sheet.webp"] {
            let result = try run("pdflayout", [manual, "--columns", "10", "-o", scratch.path(name)])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.text == "\(scratch.path(name)): 1 image\n")
            let image = try Image.load(scratch.path(name))
            #expect(image.width == 2027 && image.height == 1834, "\(name): \(image.width)×\(image.height)")
        }
        let pdf = try run("pdflayout", [manual, "--columns", "10", "-o", scratch.path("sheet.pdf")])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.text == "\(scratch.path("sheet.pdf")): 1 sheet\n")
        let info = try #require(try run("pdflayout", ["info", "--json", scratch.path("sheet.pdf")]).jsonLines().first)
        let sheet = try #require((info["pages"] as? [[String: Any]])?.first)
        #expect(info["page_count"] as? Int == 1)
        #expect(abs(try LayoutRun.number(sheet, "width") - 6200 * 200 / 612) < 0.01)
        // --fit fits the whole sheet in the box.
        let fitted = try run(
            "pdflayout", [manual, "--columns", "10", "--fit", "1000x1000", "-o", scratch.path("f.png")])
        #expect(fitted.status == 0, "\(fitted.stderr)")
        let small = try Image.load(scratch.path("f.png"))
        #expect(small.width == 1000 && small.height == 905)
        // Without -o: the summary.
        let summary = try run("pdflayout", [manual, "--columns", "10"])
        #expect(summary.text.hasPrefix("grid of 10 columns, crop box: 1 view of 63 pages\n"), "\(summary.text)")
    }

    @Test(arguments: [
        (["--columns", "0"], "--columns must be a whole number from 1 to 10000"),
        (["--columns", "3", "--two-up"], "--columns lays pages out in a grid of its own: leave out --two-up"),
        (["--columns", "3", "--horizontal"], "--columns fills rows from the top: leave out --horizontal"),
        (["--columns", "3", "--alone", "2"], "--alone is for two-up modes, not --columns"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try run("pdflayout", [book] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.text.isEmpty)
    }
}
