import Foundation
import TestSupport
import Testing
import Vips

/// `pdflayout -o X.png|.jpg`: views rendered to images, checked pixel by pixel against pages
/// rendered alone by pdftocairo and placed by hand from the JSON geometry.
@Suite(.tags(.tools)) struct LayoutRasterTests {
    let mixed = LayoutRun.mixed

    /// Places each page of `view` (JSON) at `dpi` and compares it with pdftocairo's render of it.
    private func expectPagesMatch(_ image: Image, view: [String: Any], dpi: Int, pdf: String, folder: URL) throws {
        let scale = Double(dpi) / 72
        for page in try LayoutRun.pages(view) {
            let number = try #require(page["page"] as? Int)
            let x = Int((try LayoutRun.number(page, "x") * scale).rounded()),
                y = Int((try LayoutRun.number(page, "y") * scale).rounded())
            let reference = try LayoutRun.pdftocairo(pdf, page: number, dpi: dpi, in: folder)
            let difference = try LayoutRun.meanDifference(image, at: x, y, reference)
            #expect(difference <= 2, "page \(number) at (\(x), \(y)) differs by \(difference) grey levels")
        }
    }

    @Test(.tags(.sanitizerSmoke)) func twoUpRTLSpreadIsPageTwoLeftPageOneRight() throws {
        let scratch = try Scratch()
        let report = try LayoutRun.json([
            mixed, "--two-up", "--rtl", "--pages", "1-2", "--dpi", "60", "-o", scratch.path("spread.png"),
        ])
        let view = try LayoutRun.views(report)[0]
        let image = try Image.load(scratch.path("spread.png"))
        let scale = 60.0 / 72
        #expect(image.width == Int((try LayoutRun.number(view, "width") * scale - 1e-6).rounded(.up)))
        #expect(image.bands == 3)
        let half = image.width / 2
        let pageTwo = try LayoutRun.pdftocairo(mixed, page: 2, dpi: 60, in: scratch.folder)
        let pageOne = try LayoutRun.pdftocairo(mixed, page: 1, dpi: 60, in: scratch.folder)
        let top = Int((4.75 * scale).rounded()), inset = Int((4 * scale).rounded())
        // Left half: page 2; right half: page 1 (it starts one cell plus an inset from the left).
        let left = try LayoutRun.meanDifference(image, at: inset, top, pageTwo)
        let right = try LayoutRun.meanDifference(image, at: half + inset, top, pageOne)
        #expect(left <= 2 && right <= 2, "left \(left), right \(right)")
        // And the comparison can tell the pages apart.
        #expect(try LayoutRun.meanDifference(image, at: inset, top, pageOne) > 2 * max(left, 0.5))
        // Outside the pages: white.
        #expect(try image.extractArea(x: 0, y: 0, width: image.width, height: 2).average() == 255)
    }

    @Test func mixedSizesInSpreadsMatchPdftocairo() throws {
        let scratch = try Scratch()
        let report = try LayoutRun.json([
            mixed, "--two-up", "--cover", "--pages", "2-6", "--dpi", "40", "-o", scratch.path("s.png"),
        ])
        let views = try LayoutRun.views(report)
        #expect(
            try LayoutRun.files(in: scratch.folder).filter { $0.hasPrefix("s-") } == [
                "s-001.png", "s-002.png", "s-003.png",
            ])
        for (index, view) in views.enumerated() {
            let image = try Image.load(scratch.path("s-00\(index + 1).png"))
            try expectPagesMatch(image, view: view, dpi: 40, pdf: mixed, folder: scratch.folder)
        }
    }

    @Test func numberedNamesAndPatterns() throws {
        let scratch = try Scratch()
        var result = try run("pdflayout", [LayoutRun.bookRTL, "--dpi", "10", "-o", scratch.path("page.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == "\(scratch.path("page-001.png")) … \(scratch.path("page-004.png")): 4 images\n")
        result = try run("pdflayout", [LayoutRun.bookRTL, "--dpi", "10", "-q", "-o", scratch.path("v%02d.jpg")])
        #expect(result.status == 0 && result.text.isEmpty, "\(result.stderr)")
        result = try run(
            "pdflayout", [LayoutRun.bookRTL, "--dpi", "10", "--continuous", "-o", scratch.path("one.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try LayoutRun.files(in: scratch.folder) == [
                // The records of the numbered families (RunRecordTests); none for one.png.
                ".page.png.pdflayout-run", ".v%02d.jpg.pdflayout-run",
                "one.png", "page-001.png", "page-002.png", "page-003.png", "page-004.png",
                "v01.jpg", "v02.jpg", "v03.jpg", "v04.jpg",
            ])
    }

    /// Over 16 megapixels a view is streamed (a spool file libvips maps and saves); the pixels
    /// must be the same as pages rendered alone.
    @Test func longColumnIsStreamedAndExact() throws {
        let scratch = try Scratch()
        let report = try LayoutRun.json([mixed, "--continuous", "--dpi", "160", "-o", scratch.path("column.png")])
        let image = try Image.load(scratch.path("column.png"))
        #expect(Double(image.width) * Double(image.height) > 16e6)
        let view = try LayoutRun.views(report)[0]
        #expect(image.height == Int((try LayoutRun.number(view, "height") * 160 / 72 - 1e-6).rounded(.up)))
        try expectPagesMatch(image, view: view, dpi: 160, pdf: mixed, folder: scratch.folder)
        #expect(try LayoutRun.files(in: scratch.folder).filter { $0.hasPrefix(".") }.isEmpty)  // no spool or temp left
    }

    @Test func transparentBackgroundStreamedStrip() throws {
        let scratch = try Scratch()
        let report = try LayoutRun.json([
            mixed, "--continuous", "--horizontal", "--rtl", "--dpi", "160",
            "--background", "transparent", "-o", scratch.path("strip.png"),
        ])
        let image = try Image.load(scratch.path("strip.png"))
        #expect(image.bands == 4)
        #expect(Double(image.width) * Double(image.height) > 16e6)
        let view = try LayoutRun.views(report)[0]
        let alpha = try image.extractBand(3)
        // Page 6 is leftmost with rtl; above it (it is shorter than the A4 pages) is background.
        let six = try LayoutRun.placed(6, in: view)
        let x = Int((try LayoutRun.number(six, "x") * 160 / 72).rounded()) + 10
        #expect(try alpha.extractArea(x: x, y: 0, width: 20, height: 5).average() == 0)
        let y = Int((try LayoutRun.number(six, "y") * 160 / 72).rounded()) + 10
        #expect(try alpha.extractArea(x: x, y: y, width: 20, height: 20).average() == 255)
    }

    @Test func fitBoxScalesJPEGsIntoIt() throws {
        let scratch = try Scratch()
        let result = try run(
            "pdflayout", [mixed, "--single", "--pages", "3-5", "--fit", "320x240", "-o", scratch.path("p.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        // Named by page (issue 20): pages 3 to 5 are p-003.jpg … p-005.jpg.
        for index in 3...5 {
            let image = try Image.load(scratch.path("p-00\(index).jpg"))
            #expect(image.width <= 320 && image.height <= 240)
            #expect(image.width == 320 || image.height == 240, "\(image.width)×\(image.height)")
        }
    }

    @Test func mediaBoxShowsTheCropContentWhereItSits() throws {
        let scratch = try Scratch()
        let pdf = try LayoutRun.croppedRotatedPDF(in: scratch.folder)
        let result = try run("pdflayout", [pdf, "--box", "media", "--no-gaps", "-o", scratch.path("media.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try Image.load(scratch.path("media.png"))
        #expect(image.width == 300 && image.height == 400)
        // /Rotate 90: the crop box's bottom margin (100) becomes the left, its left margin (50) the top.
        let blue = try image.extractArea(x: 110, y: 60, width: 130, height: 280)
        #expect(try blue.extractBand(2).average() > 250 && blue.extractBand(0).average() < 5)
        // Outside the crop box poppler draws nothing: white paper, never the red media fill.
        let outside = try image.extractArea(x: 0, y: 0, width: 90, height: 400)
        #expect(try outside.average() == 255)
    }
}
