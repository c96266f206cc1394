import CoreTypes
import Foundation
import Testing
import TestSupport
import Vips
@testable import Poppler

/// Facts about Assets/mixed.pdf, read with pdfinfo when the file was made (Assets/LICENSES.md).
enum MixedPDF {
    static let path = Fixtures.asset("mixed.pdf")
}

func meanDifference(_ a: Image, _ b: Image) throws -> Double {
    try a.cast(.float).subtract(b.cast(.float)).abs().average()
}

@Suite struct DocumentTests {
    @Test func pageCountAndSizesMatchPdfinfo() throws {
        let document = try Document(path: MixedPDF.path)
        let expected = try PdfinfoPages.read(MixedPDF.path)
        #expect(document.pageCount == expected.count)
        #expect(document.pageCount >= 5)
        for (index, page) in expected.enumerated() {
            let size = try document.page(at: index).size
            #expect(abs(size.width - page.width) < 0.01 && abs(size.height - page.height) < 0.01, "page \(index + 1)")
            #expect(try document.page(at: index).isQuarterTurned == (page.rotation % 180 == 90), "page \(index + 1)")
        }
        // The file has a page turned by /Rotate and pages of more than one size.
        #expect(expected.contains { $0.rotation % 180 == 90 })
        #expect(Set(expected.map { "\($0.width)x\($0.height)" }).count >= 2)
    }

    @Test func rotatedPageReportsSwappedSize() throws {
        let document = try Document(path: MixedPDF.path)
        let expected = try PdfinfoPages.read(MixedPDF.path)
        let index = try #require(expected.firstIndex { $0.rotation % 180 == 90 })
        let page = try document.page(at: index)
        let box = page.cropBox
        #expect(abs(page.size.width - abs(box.y2 - box.y1)) < 0.01)
        #expect(abs(page.size.height - abs(box.x2 - box.x1)) < 0.01)
    }

    @Test func encryptedNeedsPassword() throws {
        let path = Fixtures.asset("encrypted.pdf")
        let error = #expect(throws: PopplerError.self) { try Document(path: path) }
        #expect(error?.kind == .encrypted)
        #expect(error?.description.contains("--password") == true)
        #expect(throws: PopplerError.self) { try Document(path: path, password: "wrong") }
        let document = try Document(path: path, password: "secret")
        #expect(document.pageCount >= 1)
    }

    @Test func missingAndDamagedFiles() {
        #expect(throws: PopplerError(.notFound, "no such file")) { try Document(path: "/nonexistent.pdf") }
        let damaged = #expect(throws: PopplerError.self) { try Document(path: Fixtures.asset("damaged.pdf")) }
        #expect(damaged?.kind == .damaged)
        let text = #expect(throws: PopplerError.self) { try Document(path: Fixtures.asset("not-an-image.txt")) }
        #expect(text?.kind == .damaged)
    }

    @Test func badPageIndexIsAnError() throws {
        let document = try Document(path: MixedPDF.path)
        #expect(throws: PopplerError.self) { try document.page(at: document.pageCount) }
        #expect(throws: PopplerError.self) { try document.page(at: -1) }
    }
}

@Suite struct RenderTests {
    /// poppler-glib + cairo at 100 dpi against pdftocairo's own rendering of the crop box.
    @Test(arguments: [0, 3])
    func rasterMatchesPdftocairo(pageIndex: Int) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("ref").path
        let result = try run("pdftocairo", ["-png", "-cropbox", "-r", "100", "-singlefile", "-f", "\(pageIndex + 1)", "-l", "\(pageIndex + 1)", MixedPDF.path, prefix])
        #expect(result.status == 0, "\(result.stderr)")
        let reference = try Image.load(prefix + ".png").colourspace("srgb")
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
        #expect(try alpha.average() < 255) // text only: most of the page is transparent
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

/// Page sizes and rotations as pdfinfo (poppler-utils) reports them: an independent reader.
struct PdfinfoPages {
    var width: Double, height: Double, rotation: Int

    static func read(_ path: String) throws -> [PdfinfoPages] {
        let result = try run("pdfinfo", ["-f", "1", "-l", "9999", path])
        var pages: [PdfinfoPages] = []
        for line in result.text.split(separator: "\n") {
            // "Page    1 size: 595.276 x 841.89 pts (A4)" then "Page    1 rot:  90"
            let words = line.split(separator: " ")
            if line.contains(" size: "), let x = words.firstIndex(of: "x") {
                pages.append(PdfinfoPages(width: Double(words[x - 1])!, height: Double(words[x + 1])!, rotation: 0))
            } else if line.contains(" rot: "), let value = Int(words.last!) {
                pages[pages.count - 1].rotation = value
            }
        }
        // pdfinfo prints the unrotated box size: swap at a quarter turn to get the shown size.
        return pages.map { $0.rotation % 180 == 90 ? PdfinfoPages(width: $0.height, height: $0.width, rotation: $0.rotation) : $0 }
    }
}
