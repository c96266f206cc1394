import CQPDF

/// What was carried over from the pages' document to the sheets, and what was left behind.
public struct NavigationReport: Sendable, Equatable {
    /// Outline entries written (all of them; those whose page is not on a sheet have no target).
    public var outlineEntries = 0
    /// Outline entries whose target page is on no sheet (kept for their children, without a target).
    public var outlineTargetsDropped = 0
    /// Link annotations written onto the sheets.
    public var links = 0
    /// Internal links whose target page is on no sheet: not written.
    public var linksDropped = 0

    public init() {}
}

/// An affine map of PDF user space, PDF's `[a b c d e f]`: x' = a·x + c·y + e, y' = b·x + d·y + f.
struct Affine {
    var a, b, c, d, e, f: Double

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// The bounding box of the image of a rectangle.
    func apply(rect r: [Double]) -> [Double] {
        let corners = [apply(r[0], r[1]), apply(r[2], r[1]), apply(r[0], r[3]), apply(r[2], r[3])]
        return [corners.map(\.x).min()!, corners.map(\.y).min()!, corners.map(\.x).max()!, corners.map(\.y).max()!]
    }
}

/// Where one source page landed: the sheet (0-based) and the map from the page's user space to
/// the sheet's, and the page's crop box (what null coordinates of a destination fall back to).
struct Placement {
    var sheet: Int
    var transform: Affine
    var crop: DocumentStructure.Box
}

/// Carries a document's navigation onto sheets made of its pages (all with qpdf's object API):
/// the outline, link annotations, page labels, document information, XMP metadata and /Lang.
/// Destinations are rewritten to the sheet holding the target page, their coordinates mapped by
/// the page's placement; named destinations are resolved and written explicit.
struct Navigation {
    let src: qpdf_data
    let dst: qpdf_data
    /// Every placement of each source page index, in sheet order; the first is a link's target.
    let placements: [Int: [Placement]]
    let sheetPages: [qpdf_oh]
    private var pageIndex: [Int64: Int] = [:]
    private var namedDestinations: [[UInt8]: qpdf_oh] = [:]
    private(set) var report = NavigationReport()

    init(src: qpdf_data, dst: qpdf_data, placements: [Int: [Placement]], sheetPages: [qpdf_oh]) {
        self.src = src; self.dst = dst; self.placements = placements; self.sheetPages = sheetPages
        for index in 0..<Int(max(qpdf_get_num_pages(src), 0)) {
            pageIndex[Self.key(src, qpdf_get_page_n(src, index))] = index
        }
        collectNamedDestinations()
    }

    private static func key(_ qpdf: qpdf_data, _ object: qpdf_oh) -> Int64 {
        Int64(qpdf_oh_get_object_id(qpdf, object)) << 20 | Int64(qpdf_oh_get_generation(qpdf, object))
    }

    /// Everything: catalog entries, the outline, links, labels.
    mutating func carryOver() {
        let root = qpdf_get_root(src), newRoot = qpdf_get_root(dst)
        let info = qpdf_oh_get_key(src, qpdf_get_trailer(src), "/Info")
        if qpdf_oh_is_dictionary(src, info) != 0 {
            // Text strings re-encoded (PDFDocEncoding where it suffices), everything else as it is.
            let copied = qpdf_oh_new_dictionary(dst)
            for key in keys(of: info, in: src) {
                let value = qpdf_oh_get_key(src, info, key)
                qpdf_oh_replace_key(
                    dst, copied, key,
                    qpdf_oh_is_string(src, value) != 0
                        ? qpdf_oh_new_unicode_string(dst, qpdf_oh_get_utf8_value(src, value)) : copy(value))
            }
            qpdf_oh_replace_key(dst, qpdf_get_trailer(dst), "/Info", qpdf_make_indirect_object(dst, copied))
        }
        let metadata = qpdf_oh_get_key(src, root, "/Metadata")
        if qpdf_oh_is_stream(src, metadata) != 0, qpdf_oh_is_indirect(src, metadata) != 0 {
            qpdf_oh_replace_key(dst, newRoot, "/Metadata", qpdf_oh_copy_foreign_object(dst, src, metadata))
        }
        let language = qpdf_oh_get_key(src, root, "/Lang")
        if qpdf_oh_is_string(src, language) != 0 { qpdf_oh_replace_key(dst, newRoot, "/Lang", copy(language)) }
        copyLinks()
        copyOutline(root: root, newRoot: newRoot)
        writePageLabels(root: root, newRoot: newRoot)
    }

    // MARK: destinations

    private mutating func collectNamedDestinations() {
        let root = qpdf_get_root(src)
        let dests = qpdf_oh_get_key(src, root, "/Dests")
        if qpdf_oh_is_dictionary(src, dests) != 0 {
            for key in keys(of: dests, in: src) {
                namedDestinations[Array(key.utf8)] = qpdf_oh_get_key(src, dests, key)
            }
        }
        var visited = Set<Int64>()
        walkNameTree(qpdf_oh_get_key(src, qpdf_oh_get_key(src, root, "/Names"), "/Dests"), depth: 0, visited: &visited)
    }

    private mutating func walkNameTree(_ node: qpdf_oh, depth: Int, visited: inout Set<Int64>) {
        guard depth < 32, qpdf_oh_is_dictionary(src, node) != 0 else { return }
        if qpdf_oh_is_indirect(src, node) != 0 {
            guard visited.insert(Self.key(src, node)).inserted else { return }
        }
        let names = qpdf_oh_get_key(src, node, "/Names")
        if qpdf_oh_is_array(src, names) != 0 {
            let count = qpdf_oh_get_array_n_items(src, names)
            var item: Int32 = 0
            while item + 1 < count {
                let name = qpdf_oh_get_array_item(src, names, item)
                if qpdf_oh_is_string(src, name) != 0 {
                    namedDestinations[Array("/".utf8) + stringBytes(name)] = qpdf_oh_get_array_item(
                        src, names, item + 1)
                }
                item += 2
            }
        }
        let kids = qpdf_oh_get_key(src, node, "/Kids")
        if qpdf_oh_is_array(src, kids) != 0 {
            for item in 0..<qpdf_oh_get_array_n_items(src, kids) {
                walkNameTree(qpdf_oh_get_array_item(src, kids, item), depth: depth + 1, visited: &visited)
            }
        }
    }

    /// The destination `destination` (explicit array, name, or string) on the sheets; nil when
    /// it names no page, or a page on no sheet (`dropped` then says so).
    private func destination(_ destination: qpdf_oh, dropped: inout Bool) -> qpdf_oh? {
        var explicit = destination
        if qpdf_oh_is_name(src, destination) != 0 {
            // Both tables are keyed "/x": /Dests by its names, the name tree by "/" + its strings.
            explicit =
                namedDestinations[Array(String(cString: qpdf_oh_get_name(src, destination)).utf8)]
                ?? qpdf_oh_new_null(src)
        } else if qpdf_oh_is_string(src, destination) != 0 {
            explicit = namedDestinations[Array("/".utf8) + stringBytes(destination)] ?? qpdf_oh_new_null(src)
        }
        if qpdf_oh_is_dictionary(src, explicit) != 0 { explicit = qpdf_oh_get_key(src, explicit, "/D") }
        guard qpdf_oh_is_array(src, explicit) != 0, qpdf_oh_get_array_n_items(src, explicit) >= 2 else { return nil }
        let page = qpdf_oh_get_array_item(src, explicit, 0)
        guard let index = pageIndex[Self.key(src, page)] else { return nil }
        guard let placement = placements[index]?.first else {
            dropped = true
            return nil
        }
        let kindName = qpdf_oh_get_array_item(src, explicit, 1)
        let kind = qpdf_oh_is_name(src, kindName) != 0 ? String(cString: qpdf_oh_get_name(src, kindName)) : "/XYZ"
        let number = { (item: Int32) -> Double? in
            let value = qpdf_oh_get_array_item(self.src, explicit, item)
            return qpdf_oh_is_number(self.src, value) != 0 ? qpdf_oh_get_numeric_value(self.src, value) : nil
        }
        let crop = placement.crop, t = placement.transform
        let result = qpdf_oh_new_array(dst)
        qpdf_oh_append_item(dst, result, sheetPages[placement.sheet])
        switch kind {
        case "/FitR":
            let rect = t.apply(rect: [
                number(2) ?? crop.x1, number(3) ?? crop.y1, number(4) ?? crop.x2, number(5) ?? crop.y2,
            ])
            appendName("/FitR", to: result)
            for value in rect { qpdf_oh_append_item(dst, result, qpdf_oh_new_real_from_double(dst, value, 1)) }
        case "/Fit", "/FitB":
            // The whole page: the rectangle it covers on the sheet.
            appendName("/FitR", to: result)
            for value in t.apply(rect: [crop.x1, crop.y1, crop.x2, crop.y2]) {
                qpdf_oh_append_item(dst, result, qpdf_oh_new_real_from_double(dst, value, 1))
            }
        default:
            // /XYZ left top zoom; /FitH top, /FitV left (and the B variants) become /XYZ at that
            // edge, since fitting the sheet's width is not fitting the page's. Null coordinates
            // fall back to the page's top-left corner (where a viewer would go on the page).
            var left = crop.x1, top = crop.y2, zoom: Double?
            switch kind {
            case "/XYZ": left = number(2) ?? left; top = number(3) ?? top; zoom = number(4)
            case "/FitH", "/FitBH": top = number(2) ?? top
            case "/FitV", "/FitBV": left = number(2) ?? left
            default: break
            }
            let point = t.apply(left, top)
            appendName("/XYZ", to: result)
            qpdf_oh_append_item(dst, result, qpdf_oh_new_integer(dst, Int64(point.x.rounded())))
            qpdf_oh_append_item(dst, result, qpdf_oh_new_integer(dst, Int64(point.y.rounded())))
            qpdf_oh_append_item(
                dst, result, zoom.map { qpdf_oh_new_real_from_double(dst, $0, 4) } ?? qpdf_oh_new_null(dst))
        }
        return result
    }

    private func appendName(_ name: String, to array: qpdf_oh) {
        qpdf_oh_append_item(dst, array, qpdf_oh_new_name(dst, name))
    }

    /// The target of an outline item or link: /Dest, or /A. A GoTo is rewritten; other actions
    /// (URI, Launch, GoToR, …) are copied. nil when the target is a page on no sheet.
    private func target(of item: qpdf_oh, dropped: inout Bool) -> (key: String, value: qpdf_oh)? {
        if qpdf_oh_has_key(src, item, "/Dest") != 0 {
            return destination(qpdf_oh_get_key(src, item, "/Dest"), dropped: &dropped).map { ("/Dest", $0) }
        }
        let action = qpdf_oh_get_key(src, item, "/A")
        guard qpdf_oh_is_dictionary(src, action) != 0 else { return nil }
        if qpdf_oh_is_name_and_equals(src, qpdf_oh_get_key(src, action, "/S"), "/GoTo") != 0 {
            guard let goTo = destination(qpdf_oh_get_key(src, action, "/D"), dropped: &dropped) else { return nil }
            return ("/Dest", goTo)
        }
        return ("/A", copy(action))
    }

    // MARK: links

    private static let linkKeys = ["/Border", "/C", "/H", "/F", "/BS", "/Contents", "/NM"]

    private mutating func copyLinks() {
        var annotations: [Int: [qpdf_oh]] = [:]
        // Direct values shared by many links (a qpdf handle to a direct object can sit in several
        // dictionaries: the writer writes it inline in each).
        var sharedValues: [String: qpdf_oh] = [:]
        for (index, pagePlacements) in placements.sorted(by: { $0.key < $1.key }) {
            let page = qpdf_get_page_n(src, index)
            let annots = qpdf_oh_get_key(src, page, "/Annots")
            guard qpdf_oh_is_array(src, annots) != 0 else { continue }
            for item in 0..<qpdf_oh_get_array_n_items(src, annots) {
                let link = qpdf_oh_get_array_item(src, annots, item)
                guard qpdf_oh_is_name_and_equals(src, qpdf_oh_get_key(src, link, "/Subtype"), "/Link") != 0,
                    let rect = numbers(qpdf_oh_get_key(src, link, "/Rect")), rect.count == 4
                else { continue }
                var dropped = false
                let target = target(of: link, dropped: &dropped)
                if dropped { report.linksDropped += 1 }
                guard let target else { continue }
                let quads = numbers(qpdf_oh_get_key(src, link, "/QuadPoints"))
                // Border, colour, highlighting, flags, contents and name. Links of a document mostly
                // share these values: each distinct one is copied once.
                let kept = Self.linkKeys.compactMap { key -> (String, qpdf_oh)? in
                    guard qpdf_oh_has_key(src, link, key) != 0 else { return nil }
                    let value = qpdf_oh_get_key(src, link, key)
                    guard let text = qpdf_oh_unparse_resolved(src, value) else { return nil }
                    let cacheKey = key + String(cString: text)
                    if cacheKey == "/H/I" { return nil }  // the default highlighting
                    // /C colours a link's border only: with no border drawn it has no effect.
                    if key == "/C", invisibleBorder(link) { return nil }
                    if let known = sharedValues[cacheKey] { return (key, known) }
                    let copied = copy(value)
                    sharedValues[cacheKey] = copied
                    return (key, copied)
                }
                for placement in pagePlacements {
                    let annotation = qpdf_oh_new_dictionary(dst)
                    // /Type /Annot is optional (PDF 32000 Table 166) and left out: thousands of links.
                    qpdf_oh_replace_key(dst, annotation, "/Subtype", qpdf_oh_new_name(dst, "/Link"))
                    // Whole points, rounded outwards: the link covers at least its area, and thousands
                    // of links take less room.
                    let moved = placement.transform.apply(rect: [
                        min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3]),
                    ])
                    qpdf_oh_replace_key(
                        dst, annotation, "/Rect",
                        integerArray([
                            moved[0].rounded(.down), moved[1].rounded(.down), moved[2].rounded(.up),
                            moved[3].rounded(.up),
                        ]))
                    if let quads, quads.count % 8 == 0, !quads.isEmpty {
                        var mapped: [Double] = []
                        for pair in stride(from: 0, to: quads.count, by: 2) {
                            let point = placement.transform.apply(quads[pair], quads[pair + 1])
                            mapped += [point.x, point.y]
                        }
                        qpdf_oh_replace_key(dst, annotation, "/QuadPoints", realArray(mapped))
                    }
                    for (key, value) in kept {
                        qpdf_oh_replace_key(dst, annotation, key, value)
                    }
                    qpdf_oh_replace_key(dst, annotation, target.key, target.value)
                    annotations[placement.sheet, default: []].append(qpdf_make_indirect_object(dst, annotation))
                    report.links += 1
                }
            }
        }
        for (sheet, list) in annotations {
            let array = qpdf_oh_new_array(dst)
            for annotation in list { qpdf_oh_append_item(dst, array, annotation) }
            qpdf_oh_replace_key(dst, sheetPages[sheet], "/Annots", array)
        }
    }

    // MARK: outline

    private mutating func copyOutline(root: qpdf_oh, newRoot: qpdf_oh) {
        let outlines = qpdf_oh_get_key(src, root, "/Outlines")
        guard qpdf_oh_is_dictionary(src, outlines) != 0 else { return }
        var visited = Set<Int64>()
        let top = qpdf_make_indirect_object(dst, qpdf_oh_new_dictionary(dst))
        qpdf_oh_replace_key(dst, top, "/Type", qpdf_oh_new_name(dst, "/Outlines"))
        let visible = copyChildren(of: outlines, into: top, depth: 0, visited: &visited)
        guard report.outlineEntries > 0 else { return }
        qpdf_oh_replace_key(dst, top, "/Count", qpdf_oh_new_integer(dst, Int64(visible)))
        qpdf_oh_replace_key(dst, newRoot, "/Outlines", top)
        if qpdf_oh_is_name_and_equals(src, qpdf_oh_get_key(src, root, "/PageMode"), "/UseOutlines") != 0 {
            qpdf_oh_replace_key(dst, newRoot, "/PageMode", qpdf_oh_new_name(dst, "/UseOutlines"))
        }
    }

    /// Copies the children of `parent` under `newParent`; returns how many items are visible
    /// under it when it is open (its children, plus the visible items of its open children).
    private mutating func copyChildren(
        of parent: qpdf_oh, into newParent: qpdf_oh, depth: Int, visited: inout Set<Int64>
    ) -> Int {
        guard depth < 64 else { return 0 }
        var item = qpdf_oh_get_key(src, parent, "/First")
        var previous: qpdf_oh?
        var visible = 0
        while qpdf_oh_is_dictionary(src, item) != 0, visited.insert(Self.key(src, item)).inserted {
            let entry = qpdf_make_indirect_object(dst, qpdf_oh_new_dictionary(dst))
            report.outlineEntries += 1
            // Text strings re-encoded: PDFDocEncoding where it suffices, else UTF-16 (a UTF-16 title
            // of plain ASCII is written half the size).
            let title = qpdf_oh_get_key(src, item, "/Title")
            qpdf_oh_replace_key(
                dst, entry, "/Title",
                qpdf_oh_is_string(src, title) != 0
                    ? qpdf_oh_new_unicode_string(dst, qpdf_oh_get_utf8_value(src, title)) : qpdf_oh_new_string(dst, ""))
            qpdf_oh_replace_key(dst, entry, "/Parent", newParent)
            for key in ["/C", "/F"] where qpdf_oh_has_key(src, item, key) != 0 {
                qpdf_oh_replace_key(dst, entry, key, copy(qpdf_oh_get_key(src, item, key)))
            }
            var dropped = false
            if let target = target(of: item, dropped: &dropped) {
                qpdf_oh_replace_key(dst, entry, target.key, target.value)
            }
            if dropped { report.outlineTargetsDropped += 1 }
            if let previous {
                qpdf_oh_replace_key(dst, previous, "/Next", entry)
                qpdf_oh_replace_key(dst, entry, "/Prev", previous)
            } else {
                qpdf_oh_replace_key(dst, newParent, "/First", entry)
            }
            let below = copyChildren(of: item, into: entry, depth: depth + 1, visited: &visited)
            // Open state: a positive /Count is open, a negative one closed (PDF 32000 §12.3.3).
            let count = qpdf_oh_get_key(src, item, "/Count")
            let open = qpdf_oh_is_integer(src, count) != 0 && qpdf_oh_get_int_value(src, count) > 0
            if below > 0 {
                qpdf_oh_replace_key(dst, entry, "/Count", qpdf_oh_new_integer(dst, Int64(open ? below : -below)))
            }
            visible += 1 + (open ? below : 0)
            previous = entry
            item = qpdf_oh_get_key(src, item, "/Next")
        }
        if let previous { qpdf_oh_replace_key(dst, newParent, "/Last", previous) }
        return visible
    }

    // MARK: page labels

    /// Each sheet is labelled by the labels of its pages in reading order: "ii", "2–3", "1–311".
    private func writePageLabels(root: qpdf_oh, newRoot: qpdf_oh) {
        let count = Int(max(qpdf_get_num_pages(src), 0))
        let labels = PageLabels.labels(count: count, ranges: labelRanges(qpdf_oh_get_key(src, root, "/PageLabels")))
        var onSheet = Array(repeating: [Int](), count: sheetPages.count)
        for (index, list) in placements {
            for placement in list { onSheet[placement.sheet].append(index) }
        }
        let nums = qpdf_oh_new_array(dst)
        for (sheet, pages) in onSheet.enumerated() {
            let sorted = pages.sorted()
            guard let first = sorted.first, let last = sorted.last else { continue }
            let text = first == last ? labels[first] : labels[first] + "–" + labels[last]
            let label = qpdf_oh_new_dictionary(dst)
            qpdf_oh_replace_key(dst, label, "/P", qpdf_oh_new_unicode_string(dst, text))
            qpdf_oh_append_item(dst, nums, qpdf_oh_new_integer(dst, Int64(sheet)))
            qpdf_oh_append_item(dst, nums, label)
        }
        let tree = qpdf_oh_new_dictionary(dst)
        qpdf_oh_replace_key(dst, tree, "/Nums", nums)
        qpdf_oh_replace_key(dst, newRoot, "/PageLabels", tree)
    }

    /// The /PageLabels number tree's ranges, in page order.
    private func labelRanges(_ tree: qpdf_oh) -> [PageLabels.Range] {
        var ranges: [PageLabels.Range] = []
        var visited = Set<Int64>()
        func walk(_ node: qpdf_oh, depth: Int) {
            guard depth < 32, qpdf_oh_is_dictionary(src, node) != 0 else { return }
            if qpdf_oh_is_indirect(src, node) != 0, !visited.insert(Self.key(src, node)).inserted { return }
            let nums = qpdf_oh_get_key(src, node, "/Nums")
            if qpdf_oh_is_array(src, nums) != 0 {
                var item: Int32 = 0
                while item + 1 < qpdf_oh_get_array_n_items(src, nums) {
                    let start = qpdf_oh_get_array_item(src, nums, item),
                        label = qpdf_oh_get_array_item(src, nums, item + 1)
                    if qpdf_oh_is_integer(src, start) != 0, qpdf_oh_is_dictionary(src, label) != 0 {
                        let style = qpdf_oh_get_key(src, label, "/S"), prefix = qpdf_oh_get_key(src, label, "/P")
                        let first = qpdf_oh_get_key(src, label, "/St")
                        ranges.append(
                            PageLabels.Range(
                                start: Int(qpdf_oh_get_int_value(src, start)),
                                style: qpdf_oh_is_name(src, style) != 0
                                    ? String(String(cString: qpdf_oh_get_name(src, style)).dropFirst()) : nil,
                                prefix: qpdf_oh_is_string(src, prefix) != 0
                                    ? String(cString: qpdf_oh_get_utf8_value(src, prefix)) : "",
                                first: qpdf_oh_is_integer(src, first) != 0
                                    ? max(1, Int(qpdf_oh_get_int_value(src, first))) : 1))
                    }
                    item += 2
                }
            }
            let kids = qpdf_oh_get_key(src, node, "/Kids")
            if qpdf_oh_is_array(src, kids) != 0 {
                for item in 0..<qpdf_oh_get_array_n_items(src, kids) {
                    walk(qpdf_oh_get_array_item(src, kids, item), depth: depth + 1)
                }
            }
        }
        walk(tree, depth: 0)
        return ranges.sorted { $0.start < $1.start }
    }

    // MARK: copying objects

    /// A copy in `dst` of a direct object of `src`; indirect objects are copied with qpdf's
    /// foreign-object copy, except pages (a page belongs to the sheets, never copied: null).
    private func copy(_ object: qpdf_oh) -> qpdf_oh {
        // One type query, then only the calls that type needs: every C call allocates a handle.
        switch qpdf_oh_get_type_code(src, object) {
        case ot_integer: return qpdf_oh_new_integer(dst, qpdf_oh_get_int_value(src, object))
        case ot_real: return qpdf_oh_new_real_from_string(dst, qpdf_oh_get_real_value(src, object))
        case ot_name: return qpdf_oh_new_name(dst, qpdf_oh_get_name(src, object))
        case ot_boolean: return qpdf_oh_new_bool(dst, qpdf_oh_get_bool_value(src, object))
        case ot_string:
            let bytes = stringBytes(object)
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { qpdf_oh_new_binary_string(dst, $0.baseAddress, $0.count) }
            }
        case ot_dictionary, ot_array, ot_stream:
            if qpdf_oh_is_indirect(src, object) != 0 {
                if qpdf_oh_is_dictionary_of_type(src, object, "/Page", "") != 0 { return qpdf_oh_new_null(dst) }
                return qpdf_oh_copy_foreign_object(dst, src, object)
            }
            if qpdf_oh_is_array(src, object) != 0 {
                let result = qpdf_oh_new_array(dst)
                for item in 0..<qpdf_oh_get_array_n_items(src, object) {
                    qpdf_oh_append_item(dst, result, copy(qpdf_oh_get_array_item(src, object, item)))
                }
                return result
            }
            let result = qpdf_oh_new_dictionary(dst)
            for key in keys(of: object, in: src) {
                qpdf_oh_replace_key(dst, result, key, copy(qpdf_oh_get_key(src, object, key)))
            }
            return result
        default:
            return qpdf_oh_new_null(dst)
        }
    }

    /// A dictionary's keys, read before anything else iterates (the C API has one key iterator).
    private func keys(of dictionary: qpdf_oh, in qpdf: qpdf_data) -> [String] {
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(qpdf, dictionary)
        while qpdf_oh_dict_more_keys(qpdf) != 0 {
            if let key = qpdf_oh_dict_next_key(qpdf) { keys.append(String(cString: key)) }
        }
        return keys
    }

    private func stringBytes(_ string: qpdf_oh) -> [UInt8] {
        var length = 0
        guard let pointer = qpdf_oh_get_binary_string_value(src, string, &length) else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private func numbers(_ array: qpdf_oh) -> [Double]? {
        guard qpdf_oh_is_array(src, array) != 0 else { return nil }
        var values: [Double] = []
        for item in 0..<qpdf_oh_get_array_n_items(src, array) {
            let value = qpdf_oh_get_array_item(src, array, item)
            guard qpdf_oh_is_number(src, value) != 0 else { return nil }
            values.append(qpdf_oh_get_numeric_value(src, value))
        }
        return values
    }

    /// A link drawn with no border: /Border [h v 0] (width 0) and no /BS.
    private func invisibleBorder(_ link: qpdf_oh) -> Bool {
        guard qpdf_oh_has_key(src, link, "/BS") == 0, let border = numbers(qpdf_oh_get_key(src, link, "/Border")) else {
            return false
        }
        return border.count >= 3 && border[2] == 0
    }

    private func integerArray(_ values: [Double]) -> qpdf_oh {
        let array = qpdf_oh_new_array(dst)
        for value in values { qpdf_oh_append_item(dst, array, qpdf_oh_new_integer(dst, Int64(value))) }
        return array
    }

    private func realArray(_ values: [Double]) -> qpdf_oh {
        let array = qpdf_oh_new_array(dst)
        for value in values { qpdf_oh_append_item(dst, array, qpdf_oh_new_real_from_double(dst, value, 1)) }
        return array
    }
}

/// Page labels as PDF 32000 §12.4.2 defines them: ranges starting at a page index, each with a
/// numbering style (D decimal, R/r roman, A/a letters), a prefix and a first number.
enum PageLabels {
    struct Range {
        var start: Int
        var style: String?
        var prefix: String
        var first: Int
    }

    /// The label of each of `count` pages; without ranges, "1", "2", …
    static func labels(count: Int, ranges: [Range]) -> [String] {
        (0..<count).map { index in
            guard let range = ranges.last(where: { $0.start <= index }) else { return String(index + 1) }
            let value = range.first + index - range.start
            switch range.style {
            case "D": return range.prefix + String(value)
            case "R": return range.prefix + roman(value).uppercased()
            case "r": return range.prefix + roman(value)
            case "A": return range.prefix + letters(value).uppercased()
            case "a": return range.prefix + letters(value)
            default: return range.prefix
            }
        }
    }

    static func roman(_ value: Int) -> String {
        var value = value, text = ""
        for (number, digits) in [
            (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
            (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
        ] {
            while value >= number { text += digits; value -= number }
        }
        return text
    }

    /// a…z, then aa…zz, then aaa…: the letter repeated.
    static func letters(_ value: Int) -> String {
        guard value > 0 else { return "" }
        let letter = Character(UnicodeScalar(UInt8(97 + (value - 1) % 26)))
        return String(repeating: letter, count: (value - 1) / 26 + 1)
    }
}
