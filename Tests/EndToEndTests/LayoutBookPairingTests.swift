import Foundation
import TestSupport
import Testing

/// Two-up pairing the way books are made, on a PDF built with qpdf: seven Letter pages of the
/// hyperref manual with a landscape slide (mixed.pdf's page 4) as page 4.
@Suite(.tags(.tools)) struct LayoutBookPairingTests {
    private func bookWithALandscapePage(_ scratch: Scratch) throws -> String {
        let output = scratch.path("book.pdf")
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let built = try run(
            "qpdf", ["--empty", "--pages", manual, "1-3", LayoutRun.mixed, "4", manual, "4-7", "--", output])
        try #require(built.status == 0, "\(built.stderr)")
        return output
    }

    /// Each view's pages in screen order, left to right ("3 2"), a lone page marked by its side.
    private func screens(_ report: [String: Any]) throws -> [String] {
        try LayoutRun.views(report).map { view in
            let pages = try LayoutRun.pages(view).sorted { try LayoutRun.number($0, "x") < LayoutRun.number($1, "x") }
            let numbers = pages.map { String($0["page"] as? Int ?? 0) }
            if pages.count == 2 { return numbers.joined(separator: " ") }
            let page = pages[0], width = try LayoutRun.number(view, "width")
            if try abs(LayoutRun.number(page, "width") + 8 - width) < 0.01 { return "W" + numbers[0] }
            return try LayoutRun.number(page, "x") < width / 2 ? numbers[0] + " _" : "_ " + numbers[0]
        }
    }

    @Test func aLandscapePageStandsAloneAndTheRestRePairs() throws {
        let scratch = try Scratch()
        let book = try bookWithALandscapePage(scratch)
        let report = try LayoutRun.json([book, "--two-up", "--cover", "--rtl"])
        #expect(try screens(report) == ["1 _", "3 2", "W4", "6 5", "8 7"])
        #expect(report["wide_pages"] as? String == "alone")
        let paired = try LayoutRun.json([book, "--two-up", "--cover", "--rtl", "--wide-pages", "pair"])
        #expect(try screens(paired) == ["1 _", "3 2", "5 4", "7 6", "_ 8"])
        let opener = try LayoutRun.json([book, "--two-up", "--cover", "--alone", "5"])
        #expect(try screens(opener) == ["_ 1", "2 3", "W4", "_ 5", "6 7", "8 _"])
        #expect(opener["alone"] as? [Int] == [5])
    }

    @Test func everyOutputShowsIt() throws {
        let scratch = try Scratch()
        let book = try bookWithALandscapePage(scratch)
        let report = try LayoutRun.json([book, "--two-up", "--cover", "--rtl", "-o", scratch.path("sheets.pdf")])
        let views = try LayoutRun.views(report)
        let info = try run("pdfinfo", ["-f", "1", "-l", "99", scratch.path("sheets.pdf")])
        let sizes = info.text.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }
        try #require(sizes.count == 5)
        // The wide page's sheet is as wide as the slide plus its margins.
        let wideSheet = try LayoutRun.number(views[2], "width")
        #expect(sizes[2].contains("847.05") && wideSheet == 847.055)
        // Raster: one image per view.
        #expect(
            try run(
                "pdflayout", [book, "--two-up", "--cover", "--rtl", "--dpi", "10", "-q", "-o", scratch.path("v.png")]
            ).status == 0)
        #expect(try LayoutRun.files(in: scratch.folder).filter { $0.hasPrefix("v-") }.count == 5)
    }

    @Test func aloneOutsideTheDocumentIsACommandLineError() throws {
        let result = try run("pdflayout", [LayoutRun.mixed, "--two-up", "--alone", "9", "--json"])
        #expect(result.status == 64 && result.stderr.contains("--alone: page 9 does not exist"))
    }
}
