import Foundation
import TestSupport
import Testing

/// `pdflayout --json` on real files: the geometry the engine computes, as the command reports it.
/// mixed.pdf: p1, p2 A4 595.276 × 841.89; p3 Letter 612 × 792; p4 slide 839.055 × 629.291;
/// p5 A5 422.36 × 595.27; p6 A4 with /Rotate 90, shown 841.89 × 595.276. Default insets are
/// PDFKit's {top 4.75, left 4, bottom 4.75, right 4}.
@Suite(.tags(.tools)) struct LayoutJSONTests {
    let mixed = LayoutRun.mixed

    @Test func singleModeIsOneViewPerPageWithPDFKitInsets() throws {
        let report = try LayoutRun.json([mixed])
        #expect(report["mode"] as? String == "single")
        #expect(report["unit"] as? String == "pt")
        #expect(report["box"] as? String == "crop")
        #expect(report["page_count"] as? Int == 6)
        let views = try LayoutRun.views(report)
        try #require(views.count == 6)
        for (index, view) in views.enumerated() {
            #expect(view["view"] as? Int == index + 1)
            let page = try #require(try LayoutRun.pages(view).first)
            #expect(page["page"] as? Int == index + 1)
            #expect(try LayoutRun.number(page, "x") == 4 && LayoutRun.number(page, "y") == 4.75)
            #expect(try abs(LayoutRun.number(view, "width") - LayoutRun.number(page, "width") - 8) < 0.001)
            #expect(try abs(LayoutRun.number(view, "height") - LayoutRun.number(page, "height") - 9.5) < 0.001)
        }
        // The /Rotate 90 page: shown landscape, its rotation reported (read by qpdf).
        let turned = try LayoutRun.placed(6, in: views[5])
        #expect(turned["rotation"] as? Int == 90)
        #expect(try LayoutRun.number(turned, "width") == 841.89 && LayoutRun.number(turned, "height") == 595.276)
        #expect(try LayoutRun.placed(1, in: views[0])["rotation"] as? Int == 0)
    }

    @Test func twoUpPairsMeetAtTheGutterAndCentreVertically() throws {
        let views = try LayoutRun.views(try LayoutRun.json([mixed, "--two-up"]))
        try #require(views.count == 3)
        let letter = try LayoutRun.placed(3, in: views[1]), slide = try LayoutRun.placed(4, in: views[1])
        // Row as tall as the Letter page's cell; the shorter slide centred in it.
        #expect(try LayoutRun.number(views[1], "height") == 801.5)
        #expect(try abs(LayoutRun.number(slide, "y") - (4.75 + (792 - 629.291) / 2)) < 0.001)
        // Left to right: page 3 in the left slot, page 4 right after its cell (612 + 8).
        #expect(try LayoutRun.number(letter, "x") == 4)
        #expect(try abs(LayoutRun.number(slide, "x") - 624) < 0.001)
        #expect(try abs(LayoutRun.number(views[1], "width") - (620 + 847.055)) < 0.001)
    }

    @Test func rtlSwapsTheSpread() throws {
        let view = try LayoutRun.views(try LayoutRun.json([mixed, "--two-up", "--rtl"]))[0]
        #expect(try LayoutRun.number(LayoutRun.placed(2, in: view), "x") == 4)
        #expect(try abs(LayoutRun.number(LayoutRun.placed(1, in: view), "x") - (603.276 + 4)) < 0.001)
        // Pages stay listed in reading order.
        #expect(try LayoutRun.pages(view).map { $0["page"] as? Int } == [1, 2])
    }

    @Test(arguments: [false, true])
    func coverStandsAloneInTheBookSlot(rtl: Bool) throws {
        let report = try LayoutRun.json([mixed, "--two-up", "--cover"] + (rtl ? ["--rtl"] : []))
        #expect(report["cover"] as? Bool == true && report["direction"] as? String == (rtl ? "rtl" : "ltr"))
        let views = try LayoutRun.views(report)
        #expect(views.map { try! LayoutRun.pages($0).map { $0["page"] as! Int } } == [[1], [2, 3], [4, 5], [6]])
        // Cover: right slot left to right, left slot with rtl; the view keeps both slots.
        let cover = try LayoutRun.number(LayoutRun.placed(1, in: views[0]), "x")
        #expect(abs(cover - (rtl ? 4 : 603.276 + 4)) < 0.001)
        #expect(try abs(LayoutRun.number(views[0], "width") - 2 * 603.276) < 0.001)
        // Trailing odd page: left slot left to right, right slot with rtl.
        let last = try LayoutRun.number(LayoutRun.placed(6, in: views[3]), "x")
        #expect(abs(last - (rtl ? 849.89 + 4 : 4)) < 0.001)
    }

    @Test func continuousColumnCentresPagesInTheWidestRow() throws {
        let views = try LayoutRun.views(try LayoutRun.json([mixed, "--continuous"]))
        try #require(views.count == 1)
        let view = views[0]
        #expect(try abs(LayoutRun.number(view, "width") - 849.89) < 0.001)  // the turned page's cell
        let ys = try (1...6).map { try LayoutRun.number(LayoutRun.placed($0, in: view), "y") }
        #expect(ys == ys.sorted() && Set(ys).count == 6)
        #expect(abs(ys[1] - (851.39 + 4.75)) < 0.001)
        let first = try LayoutRun.placed(1, in: view)
        #expect(try abs(LayoutRun.number(first, "x") - ((849.89 - 603.276) / 2 + 4)) < 0.001)
    }

    @Test func horizontalRTLStripStartsAtTheRight() throws {
        let report = try LayoutRun.json([mixed, "--continuous", "--horizontal", "--rtl"])
        #expect(report["flow"] as? String == "horizontal" && report["direction"] as? String == "rtl")
        let view = try LayoutRun.views(report)[0]
        let xs = try (1...6).map { try LayoutRun.number(LayoutRun.placed($0, in: view), "x") }
        #expect(xs == xs.sorted(by: >), "page 1 rightmost, then leftwards: \(xs)")
        #expect(xs[5] == 4)
        #expect(try abs(LayoutRun.number(view, "height") - 851.39) < 0.001)
    }

    @Test func twoUpContinuousStacksSpreads() throws {
        let views = try LayoutRun.views(try LayoutRun.json([mixed, "--two-up-continuous", "--rtl"]))
        try #require(views.count == 1)
        let view = views[0]
        #expect(try LayoutRun.pages(view).count == 6)
        // Spread rows: 1|2 on top (2 on the left with rtl), 3|4 below them.
        #expect(
            try LayoutRun.number(LayoutRun.placed(2, in: view), "x")
                < LayoutRun.number(LayoutRun.placed(1, in: view), "x"))
        #expect(
            try LayoutRun.number(LayoutRun.placed(3, in: view), "y") > LayoutRun.number(
                LayoutRun.placed(1, in: view), "y") + 841.89)
    }

    @Test func gapsOffAndCustom() throws {
        let butted = try LayoutRun.views(try LayoutRun.json([mixed, "--two-up", "--no-gaps", "--pages", "1-2"]))[0]
        #expect(try LayoutRun.number(butted, "width") == 1190.552 && LayoutRun.number(butted, "height") == 841.89)
        #expect(try LayoutRun.number(LayoutRun.placed(2, in: butted), "x") == 595.276)
        let wide = try LayoutRun.views(try LayoutRun.json([mixed, "--gap", "10", "--pages", "3"]))[0]
        #expect(try LayoutRun.number(wide, "width") == 632 && LayoutRun.number(wide, "height") == 812)
        let uneven = try LayoutRun.views(try LayoutRun.json([mixed, "--gap", "1,2,3,4", "--pages", "3"]))[0]
        #expect(
            try LayoutRun.number(LayoutRun.placed(3, in: uneven), "x") == 2 && LayoutRun.number(uneven, "width") == 618)
    }

    @Test func pageRangesComeBeforePairing() throws {
        let report = try LayoutRun.json([mixed, "--two-up", "--pages", "6,1-2"])
        #expect(report["page_count"] as? Int == 3)
        let views = try LayoutRun.views(report)
        #expect(views.map { try! LayoutRun.pages($0).map { $0["page"] as! Int } } == [[6, 1], [2]])
    }

    @Test func theBooksOwnHintsAreDefaultsFlagsOverride() throws {
        // book-rtl.pdf: /PageLayout /TwoPageRight and /ViewerPreferences /Direction /R2L.
        let report = try LayoutRun.json([LayoutRun.bookRTL])
        #expect(report["mode"] as? String == "two-up")
        #expect(report["cover"] as? Bool == true)
        #expect(report["direction"] as? String == "rtl")
        let cover = try LayoutRun.views(report)[0]
        #expect(try LayoutRun.number(LayoutRun.placed(1, in: cover), "x") == 4)  // left slot: rtl
        let overridden = try LayoutRun.json([LayoutRun.bookRTL, "--ltr", "--no-cover", "--continuous"])
        #expect(overridden["direction"] as? String == "ltr" && overridden["cover"] as? Bool == false)
        #expect(overridden["mode"] as? String == "continuous")
    }

    @Test func standardInputGivesTheSameGeometry() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: mixed))
        let fromFile = try run("pdflayout", [mixed, "--two-up", "--cover", "--json"])
        let fromStdin = try run("pdflayout", ["-", "--two-up", "--cover", "--json"], stdin: bytes)
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        // The same record but for `file`, the input as given.
        #expect(
            fromStdin.text.replacingOccurrences(of: #""file":"-""#, with: "")
                == fromFile.text.replacingOccurrences(of: "\"file\":\"\(mixed)\"", with: "")
                && fromFile.text.contains("\"rotation\":90"))
    }

    @Test func mediaBoxOfATurnedCroppedPage() throws {
        let scratch = try Scratch()
        let pdf = try LayoutRun.croppedRotatedPDF(in: scratch.folder)
        let crop = try LayoutRun.placed(1, in: try LayoutRun.views(try LayoutRun.json([pdf, "--no-gaps"]))[0])
        #expect(try LayoutRun.number(crop, "width") == 150 && LayoutRun.number(crop, "height") == 300)
        let mediaReport = try LayoutRun.json([pdf, "--no-gaps", "--box", "media"])
        #expect(mediaReport["box"] as? String == "media")
        let media = try LayoutRun.placed(1, in: try LayoutRun.views(mediaReport)[0])
        #expect(try LayoutRun.number(media, "width") == 300 && LayoutRun.number(media, "height") == 400)
        #expect(media["rotation"] as? Int == 90)
    }

    @Test func summaryWithoutOutputShowsScreenOrder() throws {
        let result = try run("pdflayout", [LayoutRun.bookRTL])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.first == "two-up, vertical, rtl, cover, crop box: 4 views of 7 pages")
        #expect(lines.dropFirst().first?.hasSuffix("pages 1") == true)
        #expect(lines.dropFirst(2).first?.hasSuffix("pages 3 2") == true)  // rtl: 3 on the left
    }
}
