import CoreTypes
import Foundation
import LayoutKit
import Poppler
import TestSupport
import Testing
import Vips

enum MixedPDF {
    static let path = Fixtures.asset("mixed.pdf")
}

func meanDifference(_ a: Image, _ b: Image) throws -> Double {
    try a.cast(.float).subtract(b.cast(.float)).abs().average()
}

@Suite(.tags(.fast)) struct RenderTests {
    /// poppler-glib + cairo at 100 dpi against pdftocairo's own rendering of the crop box.
    @Test(arguments: [0, 3])
    func rasterMatchesPdftocairo(pageIndex: Int) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("ref").path
        let result = try run(
            "pdftocairo",
            [
                "-png", "-cropbox", "-r", "100", "-singlefile", "-f", "\(pageIndex + 1)", "-l", "\(pageIndex + 1)",
                MixedPDF.path, prefix,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let reference = try Image.load(prefix + ".png").colourspace(.srgb)
        let document = try Document(path: MixedPDF.path)
        let ours = try document.page(at: pageIndex).render(scale: 100.0 / 72.0)
        #expect(ours.bands == 3)
        // pdftocairo rounds the size differently by at most a pixel: compare the common area.
        #expect(abs(ours.width - reference.width) <= 1 && abs(ours.height - reference.height) <= 1)
        let width = min(ours.width, reference.width), height = min(ours.height, reference.height)
        let difference = try meanDifference(
            ours.extractArea(x: 0, y: 0, width: width, height: height),
            reference.extractBand(0, count: 3).extractArea(x: 0, y: 0, width: width, height: height))
        #expect(difference < 2, "mean difference \(difference)")
        // Not a blank page: real content was drawn.
        let spread = try Operation.call("deviate", [("in", .image(ours))]).double("out") ?? 0
        #expect(spread > 10, "standard deviation \(spread)")
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let document = try Document(path: MixedPDF.path)
        let image = try document.page(at: 0).render(scale: 0.5, background: .clear)
        #expect(image.bands == 4)
        let alpha = try image.extractBand(3)
        #expect(try alpha.average() < 255)  // text only: most of the page is transparent
    }

    /// A page drawn as vectors into a new PDF renders to the same picture as the original page.
    @Test func vectorPageRerendersTheSame() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("sheet.pdf").path
        let document = try Document(path: MixedPDF.path)
        let page = try document.page(at: 0)
        let writer = try PDFWriter(path: output)
        writer.beginSheet(width: page.size.width, height: page.size.height)
        writer.draw(page, x: 0, y: 0)
        try writer.finish()
        let copy = try Document(path: output)
        #expect(copy.pageCount == 1)
        let copied = try copy.page(at: 0)
        #expect(abs(copied.size.width - page.size.width) < 0.01)
        let difference = try meanDifference(page.render(scale: 1), copied.render(scale: 1))
        #expect(difference < 1, "mean difference \(difference)")
        // Text is still text (selectable), not an image of text.
        let text = try run("pdftotext", [output, "-"])
        #expect(text.text.filter(\.isLetter).count > 100)
    }
}
