import Foundation
import TestSupport
import Testing
import Vips

/// `pdflayout -o X.pdf`: one vector sheet per view, checked with poppler-utils.
@Suite(.tags(.tools)) struct LayoutVectorTests {
    let mixed = LayoutRun.mixed

    /// "Page    2 size: 1206.55 x 851.39 pts" lines of `pdfinfo -f 1 -l N`.
    private func sheetSizes(_ pdf: String) throws -> [(Double, Double)] {
        let info = try run("pdfinfo", ["-f", "1", "-l", "9999", pdf])
        try #require(info.status == 0, "\(info.stderr)")
        return info.text.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }.map { line in
            let numbers = line.split(separator: ":")[1].split(separator: " ").compactMap { Double($0) }
            return (numbers[0], numbers[1])
        }
    }

    private func text(_ pdf: String, sheet: Int, x: Double = 0, width: Double = 100_000) throws -> String {
        let result = try run(
            "pdftotext",
            [
                "-f", "\(sheet)", "-l", "\(sheet)", "-x", "\(Int(x))", "-y", "0",
                "-W", "\(Int(width))", "-H", "100000", pdf, "-",
            ])
        try #require(result.status == 0, "\(result.stderr)")
        return result.text
    }

    @Test(.tags(.sanitizerSmoke)) func sheetsHaveTheViewSizesAndSelectableTextOnTheRightSide() throws {
        let scratch = try Scratch()
        let output = scratch.path("spreads.pdf")
        let report = try LayoutRun.json([mixed, "--two-up", "--rtl", "-o", output])
        let views = try LayoutRun.views(report)
        let sizes = try sheetSizes(output)
        try #require(sizes.count == 3)
        for (view, size) in zip(views, sizes) {
            #expect(
                try abs(LayoutRun.number(view, "width") - size.0) < 0.01
                    && abs(LayoutRun.number(view, "height") - size.1) < 0.01)
        }
        // rtl: page 2's text on the left half of sheet 1, page 1's on the right half.
        let half = try LayoutRun.number(views[0], "width") / 2
        let left = try text(output, sheet: 1, width: half), right = try text(output, sheet: 1, x: half, width: half)
        #expect(left.contains("This is not an error, but some readers will find it helpful"))
        #expect(right.contains("Errata to the Second Edition"))
        #expect(!left.contains("Errata to the Second Edition"))
        // Arabic text (embedded CID TrueType with ToUnicode) survives too.
        let book = scratch.path("book.pdf")
        #expect(try run("pdflayout", [LayoutRun.bookRTL, "-q", "-o", book]).status == 0)
        #expect(try sheetSizes(book).count == 4)
        #expect(try text(book, sheet: 1).contains("محمد"))
    }

    /// A page placed at a sheet's origin renders exactly as the page itself: the form XObject
    /// (content, resources, /Rotate as its matrix, crop box as its clip) changes nothing.
    @Test func pagesAtTheOriginAreUnchanged() throws {
        let scratch = try Scratch()
        #expect(
            try run("pdflayout", [mixed, "--single", "--no-gaps", "-q", "-o", scratch.path("single.pdf")]).status == 0)
        #expect(
            try run(
                "pdflayout", [mixed, "--single", "--no-gaps", "--dpi", "50", "-q", "-o", scratch.path("single.png")]
            ).status == 0)
        for page in 1...6 {
            let prefix = scratch.path("sheet-\(page)")
            #expect(
                try run(
                    "pdftocairo",
                    [
                        "-png", "-r", "50", "-singlefile", "-f", "\(page)", "-l", "\(page)", scratch.path("single.pdf"),
                        prefix,
                    ]
                ).status == 0)
            let vector = try Image.load(prefix + ".png").colourspace(.srgb),
                raster = try Image.load(scratch.path("single-00\(page).png"))
            #expect(vector.width == raster.width && vector.height == raster.height, "page \(page)")
            #expect(try LayoutRun.meanDifference(raster, at: 0, 0, vector) < 0.5, "page \(page)")
        }
    }

    /// The vector sheets, rendered by pdftocairo, against the raster output of the same layout.
    /// They cannot be pixel-identical: raster pages sit on whole pixels while sheet positions are
    /// exact (a third of a pixel apart here) and cairo re-embeds the fonts, so glyph edges differ.
    /// So both are blurred by one pixel first, and a swapped spread must differ far more.
    @Test func sheetsRenderLikeTheRasterOutput() throws {
        let scratch = try Scratch()
        // Pages 1-3 and the turned page 6: cover, a spread, and a lone landscape page.
        let arguments = [mixed, "--two-up", "--cover", "--pages", "1-3,6", "--background", "grey"]
        #expect(try run("pdflayout", arguments + ["-o", scratch.path("sheets.pdf")]).status == 0)
        #expect(try run("pdflayout", arguments + ["--dpi", "50", "-o", scratch.path("raster.png")]).status == 0)
        #expect(
            try run("pdflayout", arguments + ["--rtl", "--dpi", "50", "-o", scratch.path("swapped.png")]).status == 0)
        func blurred(_ path: String) throws -> Image { try Image.load(path).colourspace(.srgb).gaussianBlur(sigma: 1) }
        for sheet in 1...3 {
            let prefix = scratch.path("sheet-\(sheet)")
            let rendered = try run(
                "pdftocairo",
                [
                    "-png", "-r", "50", "-singlefile", "-f", "\(sheet)", "-l", "\(sheet)", scratch.path("sheets.pdf"),
                    prefix,
                ])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let vector = try blurred(prefix + ".png"), raster = try blurred(scratch.path("raster-00\(sheet).png"))
            #expect(abs(vector.width - raster.width) <= 1 && abs(vector.height - raster.height) <= 1)
            let difference = try LayoutRun.meanDifference(raster, at: 0, 0, vector)
            let swapped = try LayoutRun.meanDifference(
                try blurred(scratch.path("swapped-00\(sheet).png")), at: 0, 0, vector)
            #expect(
                difference <= 3 && swapped > 5 * difference, "sheet \(sheet): \(difference), swapped spread \(swapped)")
            // The grey background is really there, around the pages.
            #expect(try abs(vector.extractArea(x: 0, y: 0, width: 2, height: 2).average() - 128) <= 1)
        }
    }

    /// Placed as form XObjects: /Rotate becomes the form's matrix, the crop box its clip, and
    /// the page sits in the media box where its crop box is.
    @Test func turnedCroppedPageInTheMediaBox() throws {
        let scratch = try Scratch()
        let pdf = try LayoutRun.croppedRotatedPDF(in: scratch.folder)
        #expect(
            try run("pdflayout", [pdf, "--box", "media", "--no-gaps", "-q", "-o", scratch.path("media.pdf")]).status
                == 0)
        #expect(try sheetSizes(scratch.path("media.pdf")).map { [$0.0, $0.1] } == [[300, 400]])
        let prefix = scratch.path("media")
        #expect(
            try run("pdftocairo", ["-png", "-r", "72", "-singlefile", scratch.path("media.pdf"), prefix]).status == 0)
        let image = try Image.load(prefix + ".png").colourspace(.srgb)
        let blue = try image.extractArea(x: 110, y: 60, width: 130, height: 280)
        #expect(try blue.extractBand(2).average() > 250 && blue.extractBand(0).average() < 5)
        #expect(try image.extractArea(x: 0, y: 0, width: 90, height: 400).average() > 254)  // never the red media fill
    }

    /// Printable annotation appearances are drawn (scaled onto their /Rect), the others are not.
    @Test func printableAnnotationsAreDrawn() throws {
        let scratch = try Scratch()
        let pdf = try LayoutRun.annotatedPDF(in: scratch.folder)
        #expect(try run("pdflayout", [pdf, "--no-gaps", "-q", "-o", scratch.path("sheet.pdf")]).status == 0)
        let prefix = scratch.path("sheet")
        #expect(
            try run("pdftocairo", ["-png", "-r", "72", "-singlefile", scratch.path("sheet.pdf"), prefix]).status == 0)
        let image = try Image.load(prefix + ".png").colourspace(.srgb)
        // PDF y runs upwards: [20 20 80 80] is x 20…80, y 120…180 from the top of a 200-point page.
        let green = try image.extractArea(x: 25, y: 125, width: 50, height: 50)
        #expect(try green.extractBand(1).average() > 250 && green.extractBand(0).average() < 5)
        #expect(try image.extractArea(x: 125, y: 25, width: 50, height: 50).average() > 254)
    }
}
