import CQPDF
import CoreTypes

/// What poppler-glib 22.12 cannot tell about a PDF, read with qpdf: each page's /Rotate,
/// /MediaBox and /CropBox (inherited attributes resolved), and the catalog's
/// /ViewerPreferences /Direction (right-edge binding for RTL books).
public struct DocumentStructure: Sendable, Equatable {
    /// /ViewerPreferences /Direction: the reading order the author declared.
    public enum Direction: String, Sendable, Codable {
        /// `/L2R`: left-to-right reading, bound on the left (the default).
        case leftToRight = "L2R"
        /// `/R2L`: right-to-left reading, bound on the right (Arabic, Hebrew, manga).
        case rightToLeft = "R2L"
    }

    /// A rectangle in PDF user space, unrotated, normalised so that x1 ≤ x2 and y1 ≤ y2.
    public struct Box: Sendable, Equatable {
        /// Lower-left (x1, y1) and upper-right (x2, y2) corners, points.
        public var x1, y1, x2, y2: Double
        /// x2 − x1.
        public var width: Double { x2 - x1 }
        /// y2 − y1.
        public var height: Double { y2 - y1 }

        /// A box from two opposite corners in any order.
        public init(x1: Double, y1: Double, x2: Double, y2: Double) {
            (self.x1, self.x2) = (Swift.min(x1, x2), Swift.max(x1, x2))
            (self.y1, self.y2) = (Swift.min(y1, y2), Swift.max(y1, y2))
        }
    }

    /// One page's /Rotate and boxes.
    public struct PageBoxes: Sendable, Equatable {
        /// /Rotate normalised to 0, 90, 180 or 270.
        public var rotation: Int
        /// The /MediaBox (inherited from the page tree if needed).
        public var mediaBox: Box
        /// The crop box as the file gives it, clipped to the media box (defaults to it).
        public var cropBox: Box
    }

    /// /ViewerPreferences /Direction, nil when the file does not say.
    public var direction: Direction?
    /// One entry per page, in document order.
    public var pages: [PageBoxes]
    /// The catalog's /Lang (a BCP 47 tag such as "ar" or "en-GB"), nil when absent or empty.
    public var language: String?

    /// Reads the structure of a PDF (a file, or bytes); `password` opens encrypted files.
    public static func read(_ source: PDFSource, password: String?) throws(QPDFError) -> DocumentStructure {
        try QPDFHandle(source, password: password).structure()
    }
}

extension DocumentStructure {
    /// The catalog's /PageLayout name without the slash, nil when there is none.
    public static func pageLayoutName(_ source: PDFSource, password: String?) throws(QPDFError) -> String? {
        let document = try QPDFHandle(source, password: password)
        return PDFObjects(document: document.handle).root["/PageLayout"].name.map { String($0.dropFirst()) }
    }
}

extension QPDFHandle {
    func structure() throws(QPDFError) -> DocumentStructure {
        let handle = self.handle
        let objects = PDFObjects(document: handle)
        let root = objects.root
        let directionName = root["/ViewerPreferences"]["/Direction"]
        var direction: DocumentStructure.Direction?
        if directionName.isName("/R2L") { direction = .rightToLeft }
        if directionName.isName("/L2R") { direction = .leftToRight }
        var language: String?
        if let text = root["/Lang"].text {
            let tag = text.filter { !$0.isWhitespace }
            language = tag.isEmpty ? nil : tag
        }

        // Copies /Rotate, /MediaBox, /CropBox inherited from parent nodes onto each page.
        try check(qpdf_push_inherited_attributes_to_page(handle), "the page tree is damaged")
        let count = qpdf_get_num_pages(handle)
        guard count >= 0 else { throw .failed(step: "the page tree is damaged", detail: nil) }
        var pages: [DocumentStructure.PageBoxes] = []
        pages.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let page = objects.page(index)
            let rotate = page["/Rotate"].integer32 ?? 0
            // PDF: a multiple of 90; viewers round anything else the same way poppler does.
            let rotation = (((rotate % 360) + 360) % 360) / 90 * 90
            let letter = DocumentStructure.Box(x1: 0, y1: 0, x2: 612, y2: 792)
            let media = box(page["/MediaBox"]) ?? letter
            var crop = box(page["/CropBox"]) ?? media
            crop = DocumentStructure.Box(
                x1: Swift.max(crop.x1, media.x1), y1: Swift.max(crop.y1, media.y1),
                x2: Swift.min(crop.x2, media.x2), y2: Swift.min(crop.y2, media.y2))
            if crop.width <= 0 || crop.height <= 0 { crop = media }
            pages.append(DocumentStructure.PageBoxes(rotation: rotation, mediaBox: media, cropBox: crop))
        }
        try check(QPDF_SUCCESS, "not a readable PDF")
        return DocumentStructure(direction: direction, pages: pages, language: language)
    }

    /// A box of four finite numbers.
    private func box(_ object: PDFObject) -> DocumentStructure.Box? {
        guard let box = object.rectangle, [box.x1, box.y1, box.x2, box.y2].allSatisfy(\.isFinite) else { return nil }
        return box
    }
}
