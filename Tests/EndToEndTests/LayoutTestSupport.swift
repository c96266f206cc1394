import Foundation
import TestSupport
import Testing
import Vips

/// Helpers for the `pdflayout` end-to-end tests: the JSON it prints, reference renders, pixel maths.
enum LayoutRun {
    static let mixed = Fixtures.asset("mixed.pdf")
    static let bookRTL = Fixtures.asset("book-rtl.pdf")

    /// Runs `pdflayout ARGS --json` and returns the one JSON object it prints.
    static func json(_ arguments: [String], stdin: Data? = nil) throws -> [String: Any] {
        let result = try run("pdflayout", arguments + ["--json"], stdin: stdin)
        try #require(result.status == 0, "pdflayout \(arguments): \(result.stderr)")
        let objects = try result.jsonLines()
        try #require(objects.count == 1, "\(result.text)")
        return objects[0]
    }

    static func views(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["views"] as? [[String: Any]])
    }

    static func pages(_ view: [String: Any]) throws -> [[String: Any]] {
        try #require(view["pages"] as? [[String: Any]])
    }

    /// The placed page with number `page` in `view`.
    static func placed(_ page: Int, in view: [String: Any]) throws -> [String: Any] {
        try #require(try pages(view).first { $0["page"] as? Int == page }, "page \(page) not in view")
    }

    static func number(_ object: [String: Any], _ key: String) throws -> Double {
        try #require((object[key] as? NSNumber)?.doubleValue, "\(key) missing in \(object)")
    }

    /// Page `page` of `pdf` rendered alone by pdftocairo (crop box, as poppler-glib draws).
    static func pdftocairo(_ pdf: String, page: Int, dpi: Int, in folder: URL) throws -> Image {
        let prefix = folder.appendingPathComponent("ref-\(page)-\(dpi)").path
        let result = try run(
            "pdftocairo",
            ["-png", "-cropbox", "-r", "\(dpi)", "-singlefile", "-f", "\(page)", "-l", "\(page)", pdf, prefix])
        try #require(result.status == 0, "\(result.stderr)")
        return try Image.load(prefix + ".png").colourspace(.srgb)
    }

    /// Mean absolute difference per band value of `reference` and the same-sized area of `image`
    /// at (x, y); sizes may differ by a rounding pixel, so the common area is compared.
    static func meanDifference(_ image: Image, at x: Int, _ y: Int, _ reference: Image) throws -> Double {
        let width = min(reference.width, image.width - x), height = min(reference.height, image.height - y)
        try #require(width > 0 && height > 0)
        let area = try image.extractArea(x: x, y: y, width: width, height: height).extractBand(0, count: 3)
        let expected = try reference.extractArea(x: 0, y: 0, width: width, height: height).extractBand(0, count: 3)
        return try area.cast(.float).subtract(expected.cast(.float)).abs().average()
    }

    /// Files in `folder`, hidden ones (temporary outputs) included, sorted.
    static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A one-page PDF whose media box (400 × 300) is larger than its crop box ([50 100 350 250]),
    /// turned by /Rotate 90: the media box is painted red, the crop box blue, so a render shows
    /// where the crop box's content lands.
    static func croppedRotatedPDF(in folder: URL) throws -> String {
        try writePDF(
            page: "/MediaBox [0 0 400 300] /CropBox [50 100 350 250] /Rotate 90",
            content: "1 0 0 rg 0 0 400 300 re f 0 0 1 rg 50 100 300 150 re f", named: "cropped.pdf", in: folder)
    }

    /// A 200 × 200 page with two square annotations drawn only by their appearance streams: a
    /// printable green one at [20 20 80 80] (its /BBox scaled onto /Rect) and a red one without
    /// the Print flag at [120 120 180 180].
    static func annotatedPDF(in folder: URL) throws -> String {
        let green = "0 1 0 rg 0 0 10 10 re f", red = "1 0 0 rg 0 0 10 10 re f"
        return try writePDF(
            page: "/MediaBox [0 0 200 200] /Annots [5 0 R 6 0 R]", content: "",
            extra: [
                "<< /Type /Annot /Subtype /Square /F 4 /Rect [20 20 80 80] /AP << /N 7 0 R >> >>",
                "<< /Type /Annot /Subtype /Square /F 0 /Rect [120 120 180 180] /AP << /N 8 0 R >> >>",
                "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length \(green.utf8.count) >>\nstream\n\(green)\nendstream",
                "<< /Type /XObject /Subtype /Form /BBox [0 0 10 10] /Length \(red.utf8.count) >>\nstream\n\(red)\nendstream",
            ], named: "annotated.pdf", in: folder)
    }

    /// A one-page PDF: catalog 1, pages 2, page 3 (with `page` entries), contents 4, then `extra`
    /// objects from 5 on. Offsets in the xref table are computed, not guessed.
    static func writePDF(
        page: String, content: String, extra: [String] = [], named name: String, in folder: URL
    ) throws -> String {
        let objects =
            [
                "<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R \(page) /Contents 4 0 R >>",
                "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            ] + extra
        return try writePDF(objects: objects, named: name, in: folder)
    }

    /// A PDF of `objects` (numbered from 1, the catalog first), with a computed xref table.
    static func writePDF(objects: [String], named name: String, in folder: URL) throws -> String {
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A temporary folder for one test, removed afterwards.
final class Scratch {
    let folder: URL
    init() throws { folder = try Fixtures.temporaryFolder() }
    deinit { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
