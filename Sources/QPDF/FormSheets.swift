import CQPDF
import CoreTypes
import Foundation

/// Writes sheets that show pages of a PDF the way a PDF library imposes them: each page becomes
/// a form XObject (its content, resources and printable annotation appearances, with /Rotate as
/// the form's matrix, clipped to the crop box) placed on the sheet. Nothing is re-rendered or
/// re-embedded: fonts, images and text stay as they were, so this is fast and the file small.
/// Done with qpdf, which also decrypts, repairs and writes object streams.
public enum FormSheets {
    /// Writes `sheets` to `output`. `structure` is the document's, as `Document.structure()` reads it
    /// (crop boxes and /Rotate of the pages placed).
    /// `preferences` go into the new catalog (how viewers should show the sheets).
    /// With `navigation`, the outline, links, page labels, document information, XMP metadata and
    /// /Lang come along, retargeted to the sheets (`NavigationReport` says what was dropped).
    /// An encrypted source gives the sheets its encryption (AES-256 with its user password and
    /// permissions, the owner password as `policy` says), or throws `.encryptionNotKept` before
    /// anything is written when a password that needs is not known; `.drop` writes them unencrypted.
    @discardableResult
    public static func write(
        _ sheets: [Sheet], from source: PDFSource, password: String?, structure: DocumentStructure,
        preferences: ViewerPreferences? = nil, navigation: Bool = false,
        encryption policy: EncryptionPolicy = .keep(ownerPassword: nil),
        to output: String
    ) throws(QPDFError) -> NavigationReport {
        let reader = try QPDFHandle(source, password: password)
        var encryption: PDFEncryption?
        if case .keep(let ownerPassword) = policy {
            encryption = try reader.encryptionToKeep(source: source, given: password, ownerPassword: ownerPassword)
        }
        let src = reader.handle
        let source = reader
        try source.check(qpdf_push_inherited_attributes_to_page(src), "the page tree is damaged")
        let target = try QPDFHandle(nil)
        let dst = target.handle
        var forms: [Int: qpdf_oh] = [:], reusedContents = Set<Int64>(), sharedContents: [String: qpdf_oh] = [:]
        var sharedBoxes: [String: qpdf_oh] = [:]
        var placements: [Int: [Placement]] = [:], sheetPages: [qpdf_oh] = []
        for (sheetIndex, sheet) in sheets.enumerated() {
            var xobjects: [(String, qpdf_oh)] = [], content = ""
            if let colour = sheet.background, colour.opacity > 0 {
                // Inside q … Q: a page drawn as a form inherits the graphics state, and its content
                // expects a page's initial one (black fill), not our white paper colour.
                content +=
                    "q \(number(colour.red)) \(number(colour.green)) \(number(colour.blue)) rg 0 0 \(number(sheet.width)) \(number(sheet.height)) re f\n"
                content += "1 1 1 rg\n"
                for paper in sheet.papers {
                    content +=
                        "\(number(paper.x)) \(number(sheet.height - paper.y - paper.height)) \(number(paper.width)) \(number(paper.height)) re f\n"
                }
                content += "Q\n"
            }
            for (slot, placed) in sheet.pages.enumerated() {
                if forms[placed.index] == nil {
                    let form = try pageForm(
                        placed.index, in: source, boxes: structure.pages[placed.index], reused: &reusedContents,
                        sharedBoxes: &sharedBoxes)
                    forms[placed.index] = qpdf_oh_copy_foreign_object(dst, src, form)
                    try target.check(
                        qpdf_has_error(dst) != 0 ? QPDF_ERRORS : QPDF_SUCCESS, "cannot copy page \(placed.index + 1)")
                }
                let boxes = structure.pages[placed.index]
                let shownHeight = boxes.rotation % 180 == 90 ? boxes.cropBox.width : boxes.cropBox.height
                // PDF's origin is the bottom-left corner: the page's bottom edge sits at height - y - its height.
                let bottom = sheet.height - placed.y - shownHeight * placed.scale
                content +=
                    "q \(number(placed.scale)) 0 0 \(number(placed.scale)) \(number(placed.x)) \(number(bottom)) cm /P\(slot) Do Q\n"
                let r = rotationAffine(boxes.rotation, boxes.cropBox), s = placed.scale
                placements[placed.index, default: []].append(
                    Placement(
                        sheet: sheetIndex,
                        transform: Affine(
                            a: s * r.a, b: s * r.b, c: s * r.c, d: s * r.d, e: s * r.e + placed.x, f: s * r.f + bottom),
                        crop: boxes.cropBox))
                xobjects.append(("/P\(slot)", forms[placed.index]!))
            }
            let page = qpdf_oh_new_dictionary(dst)
            qpdf_oh_replace_key(dst, page, "/Type", qpdf_oh_new_name(dst, "/Page"))
            qpdf_oh_replace_key(
                dst, page, "/MediaBox", qpdf_oh_parse(dst, "[0 0 \(number(sheet.width)) \(number(sheet.height))]"))
            qpdf_oh_replace_key(dst, page, "/Resources", resourceDictionary(xobjects, in: dst))
            // Sheets laid out alike (most spreads) share one content stream: the names it draws
            // resolve through each sheet's own /Resources.
            if sharedContents[content] == nil { sharedContents[content] = contentStream(content, in: dst) }
            qpdf_oh_replace_key(dst, page, "/Contents", sharedContents[content]!)
            let indirect = qpdf_make_indirect_object(dst, page)
            try target.check(qpdf_add_page(dst, dst, indirect, QPDF_FALSE), "cannot add a sheet")
            sheetPages.append(indirect)
        }
        // The commonest sheet size goes on the page tree's root, inherited by the sheets of that size;
        // of sizes as common, the first sheet's (a hashed order would make the file differ run to run).
        let mediaBoxes = sheets.map { "[0 0 \(number($0.width)) \(number($0.height))]" }
        let counts = Dictionary(mediaBoxes.map { ($0, 1) }, uniquingKeysWith: +)
        if let common = mediaBoxes.max(by: { counts[$0, default: 0] < counts[$1, default: 0] }) {
            qpdf_oh_replace_key(
                dst, qpdf_oh_get_key(dst, qpdf_get_root(dst), "/Pages"), "/MediaBox", qpdf_oh_parse(dst, common))
            for (sheetPage, box) in zip(sheetPages, mediaBoxes) where box == common {
                qpdf_oh_remove_key(dst, sheetPage, "/MediaBox")
            }
        }
        var report = NavigationReport()
        if navigation {
            var carried = Navigation(src: src, dst: dst, placements: placements, sheetPages: sheetPages)
            carried.carryOver()
            try target.check(QPDF_SUCCESS, "cannot copy the outline and links")
            report = carried.report
        }
        preferences?.apply(to: PDFObjects(document: dst))
        try target.write(to: output) { dst in
            qpdf_set_object_stream_mode(dst, qpdf_o_generate)
            qpdf_set_compress_streams(dst, QPDF_TRUE)
            qpdf_set_decode_level(dst, qpdf_dl_none)  // already-compressed streams pass through untouched
            if let encryption { target.setEncryption(encryption) }
        }
        return report
    }

    /// The page as a form XObject in the source document: an inner form with the page's content
    /// and resources, and around it one with the crop box as /BBox and /Rotate as /Matrix that
    /// also draws the printable annotations' appearances (as a printer, and poppler printing, do).
    /// A page with no printable appearance is the inner form alone, with the matrix.
    private static func pageForm(
        _ index: Int, in source: QPDFHandle, boxes: DocumentStructure.PageBoxes,
        reused: inout Set<Int64>, sharedBoxes: inout [String: qpdf_oh]
    ) throws(QPDFError) -> qpdf_oh {
        let src = source.handle
        let page = qpdf_get_page_n(src, index)
        let crop = boxes.cropBox
        let box = "[\(number(crop.x1)) \(number(crop.y1)) \(number(crop.x2)) \(number(crop.y2))]"
        let inner: qpdf_oh
        let contents = qpdf_oh_get_key(src, page, "/Contents")
        if qpdf_oh_is_stream(src, contents) != 0, qpdf_oh_is_indirect(src, contents) != 0,
            reused.insert(
                Int64(qpdf_oh_get_object_id(src, contents)) << 20 | Int64(qpdf_oh_get_generation(src, contents))
            ).inserted
        {
            // One content stream used by no other page: it becomes the form itself, its data kept
            // as stored (no decoding, no recompression; the source is never written back).
            inner = contents
        } else {
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            try source.check(
                qpdf_oh_get_page_content_data(src, page, &buffer, &length), "cannot read page \(index + 1)")
            defer { free(buffer) }
            inner = qpdf_oh_new_stream(src)
            qpdf_oh_replace_stream_data(src, inner, buffer, length, qpdf_oh_new_null(src), qpdf_oh_new_null(src))
        }
        let innerDictionary = qpdf_oh_get_dict(src, inner)
        // /Type /XObject is optional in a form's dictionary (PDF 32000 Table 95): left out of
        // these hundreds of uncompressed dictionaries.
        qpdf_oh_replace_key(src, innerDictionary, "/Subtype", qpdf_oh_new_name(src, "/Form"))
        // Pages of one size share one /BBox array, an indirect object: hundreds of stream
        // dictionaries are written uncompressed, and a reference is shorter.
        if sharedBoxes[box] == nil { sharedBoxes[box] = qpdf_make_indirect_object(src, qpdf_oh_parse(src, box)) }
        qpdf_oh_replace_key(src, innerDictionary, "/BBox", sharedBoxes[box]!)
        qpdf_oh_replace_key(src, innerDictionary, "/Resources", qpdf_oh_get_key(src, page, "/Resources"))
        if qpdf_oh_has_key(src, page, "/Group") != 0 {
            qpdf_oh_replace_key(src, innerDictionary, "/Group", qpdf_oh_get_key(src, page, "/Group"))
        }
        let appearances = printableAppearances(page, in: src)
        guard !appearances.isEmpty else {
            // Nothing to draw over the page: the content's own form takes the matrix (one form less
            // per page, a smaller and faster file).
            let matrix = rotationMatrix(boxes.rotation, crop)
            if matrix != "[1 0 0 1 -0 -0]" {
                qpdf_oh_replace_key(src, innerDictionary, "/Matrix", qpdf_oh_parse(src, matrix))
            }
            return qpdf_oh_is_indirect(src, inner) != 0 ? inner : qpdf_make_indirect_object(src, inner)
        }
        var content = "/Page Do\n"
        var xobjects: [(String, qpdf_oh)] = [
            ("/Page", qpdf_oh_is_indirect(src, inner) != 0 ? inner : qpdf_make_indirect_object(src, inner))
        ]
        for (number, appearance) in appearances.enumerated() {
            content += "q \(appearance.placement) cm /A\(number) Do Q\n"
            xobjects.append(("/A\(number)", appearance.stream))
        }
        let outer = contentStream(content, in: src)
        let outerDictionary = qpdf_oh_get_dict(src, outer)
        qpdf_oh_replace_key(src, outerDictionary, "/Type", qpdf_oh_new_name(src, "/XObject"))
        qpdf_oh_replace_key(src, outerDictionary, "/Subtype", qpdf_oh_new_name(src, "/Form"))
        qpdf_oh_replace_key(src, outerDictionary, "/BBox", qpdf_oh_parse(src, box))
        qpdf_oh_replace_key(src, outerDictionary, "/Matrix", qpdf_oh_parse(src, rotationMatrix(boxes.rotation, crop)))
        qpdf_oh_replace_key(src, outerDictionary, "/Resources", resourceDictionary(xobjects, in: src))
        return outer
    }

    /// A new indirect stream holding `text`, uncompressed (the writer compresses it).
    private static func contentStream(_ text: String, in qpdf: qpdf_data) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(qpdf)
        let bytes = Array(text.utf8)
        qpdf_oh_replace_stream_data(qpdf, stream, bytes, bytes.count, qpdf_oh_new_null(qpdf), qpdf_oh_new_null(qpdf))
        return qpdf_make_indirect_object(qpdf, stream)
    }

    /// `<< /XObject << /Name object … >> >>`, built with handles (parsed text cannot hold references).
    private static func resourceDictionary(_ xobjects: [(String, qpdf_oh)], in qpdf: qpdf_data) -> qpdf_oh {
        let names = qpdf_oh_new_dictionary(qpdf)
        for (name, object) in xobjects { qpdf_oh_replace_key(qpdf, names, name, object) }
        let resources = qpdf_oh_new_dictionary(qpdf)
        qpdf_oh_replace_key(qpdf, resources, "/XObject", names)
        return resources
    }

    /// `rotationMatrix` as numbers.
    static func rotationAffine(_ rotation: Int, _ box: DocumentStructure.Box) -> Affine {
        switch rotation {
        case 90: return Affine(a: 0, b: -1, c: 1, d: 0, e: -box.y1, f: box.x2)
        case 180: return Affine(a: -1, b: 0, c: 0, d: -1, e: box.x2, f: box.y2)
        case 270: return Affine(a: 0, b: 1, c: -1, d: 0, e: box.y2, f: -box.x1)
        default: return Affine(a: 1, b: 0, c: 0, d: 1, e: -box.x1, f: -box.y1)
        }
    }

    /// Maps the crop box, turned by /Rotate (clockwise on screen), onto [0, shown width] × [0, shown height].
    static func rotationMatrix(_ rotation: Int, _ box: DocumentStructure.Box) -> String {
        let (x1, y1, x2, y2) = (number(box.x1), number(box.y1), number(box.x2), number(box.y2))
        switch rotation {
        case 90: return "[0 -1 1 0 -\(y1) \(x2)]"
        case 180: return "[-1 0 0 -1 \(x2) \(y2)]"
        case 270: return "[0 1 -1 0 \(y2) -\(x1)]"
        default: return "[1 0 0 1 -\(x1) -\(y1)]"
        }
    }

    /// Annotations that print (Print flag, not Hidden) and have a normal appearance stream, each
    /// with the `cm` operands that fit its transformed /BBox onto its /Rect (PDF 32000 §12.5.5).
    private static func printableAppearances(
        _ page: qpdf_oh, in src: qpdf_data
    ) -> [(stream: qpdf_oh, placement: String)] {
        let annotations = qpdf_oh_get_key(src, page, "/Annots")
        guard qpdf_oh_is_array(src, annotations) != 0 else { return [] }
        var found: [(qpdf_oh, String)] = []
        for item in 0..<qpdf_oh_get_array_n_items(src, annotations) {
            // Keys of a stream live in its dictionary: qpdf_oh_get_key on the stream itself finds nothing.
            let annotation = qpdf_oh_get_array_item(src, annotations, item)
            let flags = qpdf_oh_get_int_value_as_int(src, qpdf_oh_get_key(src, annotation, "/F"))
            guard flags & 4 != 0, flags & 2 == 0 else { continue }
            var appearance = qpdf_oh_get_key(src, qpdf_oh_get_key(src, annotation, "/AP"), "/N")
            if qpdf_oh_is_dictionary(src, appearance) != 0, qpdf_oh_is_stream(src, appearance) == 0 {
                let state = qpdf_oh_get_key(src, annotation, "/AS")
                guard qpdf_oh_is_name(src, state) != 0 else { continue }
                appearance = qpdf_oh_get_key(src, appearance, qpdf_oh_get_name(src, state))
            }
            guard qpdf_oh_is_stream(src, appearance) != 0, qpdf_oh_is_indirect(src, appearance) != 0,
                let rect = numbers(qpdf_oh_get_key(src, annotation, "/Rect"), src, count: 4),
                let bbox = numbers(qpdf_oh_get_key(src, qpdf_oh_get_dict(src, appearance), "/BBox"), src, count: 4)
            else { continue }
            let m =
                numbers(qpdf_oh_get_key(src, qpdf_oh_get_dict(src, appearance), "/Matrix"), src, count: 6) ?? [
                    1, 0, 0, 1, 0, 0,
                ]
            let corners = [(bbox[0], bbox[1]), (bbox[2], bbox[1]), (bbox[0], bbox[3]), (bbox[2], bbox[3])]
                .map { (m[0] * $0.0 + m[2] * $0.1 + m[4], m[1] * $0.0 + m[3] * $0.1 + m[5]) }
            let (left, right) = (corners.map(\.0).min()!, corners.map(\.0).max()!)
            let (bottom, top) = (corners.map(\.1).min()!, corners.map(\.1).max()!)
            guard right > left, top > bottom else { continue }
            let sx = (max(rect[0], rect[2]) - min(rect[0], rect[2])) / (right - left)
            let sy = (max(rect[1], rect[3]) - min(rect[1], rect[3])) / (top - bottom)
            found.append(
                (
                    appearance,
                    "\(number(sx)) 0 0 \(number(sy)) \(number(min(rect[0], rect[2]) - left * sx)) \(number(min(rect[1], rect[3]) - bottom * sy))"
                ))
        }
        return found
    }

    private static func numbers(_ array: qpdf_oh, _ src: qpdf_data, count: Int) -> [Double]? {
        guard qpdf_oh_is_array(src, array) != 0, qpdf_oh_get_array_n_items(src, array) == Int32(count) else {
            return nil
        }
        let values = (0..<Int32(count)).map { qpdf_oh_get_array_item(src, array, $0) }
        guard values.allSatisfy({ qpdf_oh_is_number(src, $0) != 0 }) else { return nil }
        return values.map { qpdf_oh_get_numeric_value(src, $0) }
    }

    /// PDF number syntax: no exponent, at most 4 decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
