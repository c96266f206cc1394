import CoreTypes
import Foundation
import PageLayout
import Poppler
import QPDF
import ToolSupport
import Vips

/// An open PDF with what pdflayout needs to know about it.
public struct LayoutInput {
    public let source: PDFSource
    public let password: String?
    public let document: Document
    public let hint: PageLayoutHint
    /// /ViewerPreferences /Direction, when the file states it.
    public let direction: DocumentStructure.Direction?
    /// The catalog's /Lang, when the file states it.
    public let language: String?
    /// Per-page /Rotate and boxes (read by qpdf); nil when they could not be read.
    public let structure: DocumentStructure?
    /// A comic archive or folder read as a PDF of its images (nil for a PDF).
    public var comic: ComicSource? = nil

    public var pageCount: Int { document.pageCount }

    /// Opens `source` with poppler and reads its structure with qpdf. Throws `PopplerError`. A
    /// PDF without pages opens (`pageCount` 0): it is a valid file with nothing to lay out.
    public static func open(_ source: PDFSource, password: String?) throws -> LayoutInput {
        let document = try Document(source, password: password)
        var structure = try? DocumentStructure.read(source, password: password)
        let direction = structure?.direction, language = structure?.language
        // Trust the file's page tree only where it agrees with poppler's.
        if let found = structure, !Self.agrees(found, with: document) { structure = nil }
        return LayoutInput(
            source: source, password: password, document: document,
            hint: PageLayoutHint(pdfName: document.pageLayoutName ?? ""),
            direction: direction, language: language, structure: structure)
    }

    /// Opens a comic archive or folder of images (`ComicBook.isComic`): its pages become a
    /// PDF of one image per page, a point per pixel; ComicInfo.xml gives the title, the language
    /// and, with Manga YesAndRightToLeft, the right-to-left direction. Throws `ComicError`.
    public static func openComic(
        _ path: String, maxPixels: Int = Image.defaultMaxPixels, pageLimit: Int? = nil
    ) throws -> LayoutInput {
        try open(comic: try ComicBook.read(path, maxPixels: maxPixels, pageLimit: pageLimit))
    }

    /// Opens what a command-line argument names: a comic archive or folder of images
    /// (`ComicBook.isComic`), a PDF, or standard input (`-`), which may hold either (a comic
    /// archive is known by its first bytes: `StandardInputBook`). A comic of over `pageLimit`
    /// pages is refused as soon as its reading passes the limit. Throws `PopplerError`,
    /// `ComicError`, `LayoutError`.
    public static func open(argument file: String, password: String?, pageLimit: Int? = nil) throws -> LayoutInput {
        if ComicBook.isComic(file) { return try openComic(file, pageLimit: pageLimit) }
        guard BatchInput.isStandardInput(file) else { return try open(.file(file), password: password) }
        switch try StandardInputBook.read(pageLimit: pageLimit) {
        case .pdf(let bytes): return try open(.bytes(bytes), password: password)
        case .comic(let comic): return try open(comic: comic)
        }
    }

    /// The comic's pages as the PDF `ComicBook` wrote of them, with its direction and language.
    public static func open(comic: ComicSource) throws -> LayoutInput {
        var input = try open(.file(comic.pdfPath), password: nil)
        input.comic = comic
        return LayoutInput(
            source: input.source, password: nil, document: input.document, hint: .unset,
            direction: comic.info?.isRightToLeft == true ? .rightToLeft : nil, language: comic.info?.languageISO,
            structure: input.structure, comic: comic)
    }

    private static func agrees(_ structure: DocumentStructure, with document: Document) -> Bool {
        guard structure.pages.count == document.pageCount else { return false }
        for (index, boxes) in structure.pages.enumerated() {
            guard let page = try? document.page(at: index) else { return false }
            let shown = page.size
            let turned = boxes.rotation % 180 == 90
            let expected =
                turned ? (boxes.cropBox.height, boxes.cropBox.width) : (boxes.cropBox.width, boxes.cropBox.height)
            guard abs(shown.width - expected.0) < 0.01, abs(shown.height - expected.1) < 0.01 else { return false }
        }
        return true
    }

    /// Geometry of the given pages (1-based numbers) in `box`. Without the file's structure (qpdf
    /// could not read it), /Rotate is known only as "quarter-turned or not" (poppler-glib has no
    /// getter) and the media box is unknown, so the crop box stands in for it.
    public func geometry(of numbers: [Int], box: PageBox) throws(PopplerError) -> [PageGeometry] {
        var result: [PageGeometry] = []
        var known: [Int: PageGeometry] = [:]
        for number in numbers {
            if let seen = known[number] {
                result.append(seen)
                continue
            }
            let page: Page
            page = try document.page(at: number - 1)
            let shown = page.size
            var geometry = PageGeometry(
                number: number, width: shown.width, height: shown.height,
                rotation: page.isQuarterTurned ? 90 : 0, contentOffset: (0, 0))
            if let boxes = structure?.pages[number - 1] {
                geometry.rotation = boxes.rotation
                if box == .media { Self.placeInMediaBox(&geometry, boxes) }
            }
            known[number] = geometry
            result.append(geometry)
        }
        return result
    }

    public var knowsMediaBoxes: Bool { structure != nil }

    /// The media box's shown size, and the crop box's shown offset inside it: distances from the
    /// media box's edges, turned with the page (at 90° the left margin becomes the top one).
    private static func placeInMediaBox(_ geometry: inout PageGeometry, _ boxes: DocumentStructure.PageBoxes) {
        let media = boxes.mediaBox, crop = boxes.cropBox
        let left = crop.x1 - media.x1, right = media.x2 - crop.x2
        let bottom = crop.y1 - media.y1, top = media.y2 - crop.y2
        let turned = boxes.rotation % 180 == 90
        geometry.width = turned ? media.height : media.width
        geometry.height = turned ? media.width : media.height
        switch boxes.rotation {
        case 90: geometry.contentOffset = (bottom, left)
        case 180: geometry.contentOffset = (right, bottom)
        case 270: geometry.contentOffset = (top, right)
        default: geometry.contentOffset = (left, top)
        }
    }

    /// The document's title, or the file's name without its suffix ("PDF" for standard input).
    public func title(file: String) -> String {
        if let title = document.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty { return title }
        if case .file(let path) = source { return URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
        return BatchInput.isStandardInput(file)
            ? "PDF" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// The page labels (/PageLabels) of the given pages that have one, by page number.
    public func labels(of numbers: [Int]) -> [Int: String] {
        var labels: [Int: String] = [:]
        for number in Set(numbers) {
            if let label = try? document.page(at: number - 1).label, !label.isEmpty { labels[number] = label }
        }
        return labels
    }

    /// Renders one small page on this thread before workers start: poppler's colour-management
    /// set-up races when first done from several threads at once. The page is a built-in one
    /// (colour, text in a standard font), not the book's: rendering a page of the book makes poppler
    /// read its whole form (/AcroForm), which this document, open for the whole run, would keep
    /// (≈ 15 MB on the 1,000-page pgfplots file; bench/memory/PDFLAYOUT.md).
    public func warmUp() {
        guard let warm = try? Document(bytes: Self.warmUpPDF), let page = try? warm.page(at: 0) else { return }
        _ = try? RasterCanvas(width: 8, height: 8, background: .white)
            .draw(
                page, paper: PixelRect(x: 0, y: 0, width: 8, height: 8), contentOrigin: (0, 0),
                scale: 8 / max(page.size.width, 1))
    }

    /// A one-page PDF: an RGB fill and a line of Helvetica, with its cross-reference table.
    static let warmUpPDF: [UInt8] = {
        let content = "0.2 0.4 0.6 rg 0 0 50 50 re f BT /F1 12 Tf 0 0 1 rg 5 20 Td (Aa) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 50 50] /Contents 4 0 R"
                + " /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var text = "%PDF-1.4\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            text += String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n"
        }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Array(text.utf8)
    }()
}
