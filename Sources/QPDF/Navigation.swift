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
    func apply(_ box: DocumentStructure.Box) -> DocumentStructure.Box {
        let corners = [apply(box.x1, box.y1), apply(box.x2, box.y1), apply(box.x1, box.y2), apply(box.x2, box.y2)]
        return DocumentStructure.Box(
            x1: corners.map(\.x).min()!, y1: corners.map(\.y).min()!, x2: corners.map(\.x).max()!,
            y2: corners.map(\.y).max()!)
    }
}

/// Where one source page landed: the sheet (0-based) and the map from the page's user space to
/// the sheet's, and the page's crop box (what null coordinates of a destination fall back to).
struct Placement {
    var sheet: Int
    var transform: Affine
    var crop: DocumentStructure.Box
}

/// Carries a document's navigation onto sheets made of its pages (all with qpdf's object API,
/// through `PDFObject`): the outline, link annotations, page labels, document information, XMP
/// metadata and /Lang. Destinations are rewritten to the sheet holding the target page, their
/// coordinates mapped by the page's placement; named destinations are resolved and written explicit.
struct Navigation {
    /// The pages' document and the sheets'.
    let source: PDFObjects
    let sheets: PDFObjects
    /// Every placement of each source page index, in sheet order; the first is a link's target.
    let placements: [Int: [Placement]]
    let sheetPages: [PDFObject]
    private var pageIndex: [Int64: Int] = [:]
    private var namedDestinations: [[UInt8]: PDFObject] = [:]
    private(set) var report = NavigationReport()

    init(src: qpdf_data, dst: qpdf_data, placements: [Int: [Placement]], sheetPages: [qpdf_oh]) {
        source = PDFObjects(document: src)
        sheets = PDFObjects(document: dst)
        self.placements = placements
        self.sheetPages = sheetPages.map { PDFObject(document: dst, handle: $0) }
        for index in 0..<source.pageCount {
            pageIndex[source.page(index).identity] = index
        }
        collectNamedDestinations()
    }

    /// Everything: catalog entries, the outline, links, labels.
    mutating func carryOver() {
        let root = source.root, newRoot = sheets.root
        let info = source.trailer["/Info"]
        if info.isDictionary {
            // Text strings re-encoded (PDFDocEncoding where it suffices), everything else as it is.
            let copied = sheets.dictionary()
            for key in info.keys {
                let value = info[key]
                copied.set(key, value.text.map(sheets.string) ?? copy(value))
            }
            sheets.trailer.set("/Info", sheets.indirect(copied))
        }
        let metadata = root["/Metadata"]
        if metadata.isStream, metadata.isIndirect {
            newRoot.set("/Metadata", sheets.foreignCopy(of: metadata))
        }
        let language = root["/Lang"]
        if language.isString { newRoot.set("/Lang", copy(language)) }
        copyLinks()
        copyOutline(root: root, newRoot: newRoot)
        writePageLabels(root: root, newRoot: newRoot)
    }

    // MARK: destinations

    private mutating func collectNamedDestinations() {
        let root = source.root
        let dests = root["/Dests"]
        if dests.isDictionary {
            for key in dests.keys {
                namedDestinations[Array(key.utf8)] = dests[key]
            }
        }
        var visited = Set<Int64>()
        walkNameTree(root["/Names"]["/Dests"], depth: 0, visited: &visited)
    }

    private mutating func walkNameTree(_ node: PDFObject, depth: Int, visited: inout Set<Int64>) {
        guard depth < 32, node.isDictionary else { return }
        if node.isIndirect {
            guard visited.insert(node.identity).inserted else { return }
        }
        let names = node["/Names"]
        if names.isArray {
            let count = names.count
            var item = 0
            while item + 1 < count {
                let name = names[item]
                if name.isString {
                    namedDestinations[Array("/".utf8) + name.bytes] = names[item + 1]
                }
                item += 2
            }
        }
        let kids = node["/Kids"]
        if kids.isArray {
            for kid in kids.items {
                walkNameTree(kid, depth: depth + 1, visited: &visited)
            }
        }
    }

    /// The destination `destination` (explicit array, name, or string) on the sheets; nil when
    /// it names no page, or a page on no sheet (`dropped` then says so).
    private func destination(_ destination: PDFObject, dropped: inout Bool) -> PDFObject? {
        var explicit: PDFObject? = destination
        if let name = destination.name {
            // Both tables are keyed "/x": /Dests by its names, the name tree by "/" + its strings.
            explicit = namedDestinations[Array(name.utf8)]
        } else if destination.isString {
            explicit = namedDestinations[Array("/".utf8) + destination.bytes]
        }
        if let dictionary = explicit, dictionary.isDictionary { explicit = dictionary["/D"] }
        guard let explicit, explicit.isArray, explicit.count >= 2 else { return nil }
        guard let index = pageIndex[explicit[0].identity] else { return nil }
        guard let placement = placements[index]?.first else {
            dropped = true
            return nil
        }
        let kind = explicit[1].name ?? "/XYZ"
        let number = { (item: Int) -> Double? in explicit[item].number }
        let crop = placement.crop, t = placement.transform
        let result = sheets.array([sheetPages[placement.sheet]])
        switch kind {
        case "/FitR":
            let box = DocumentStructure.Box(
                x1: number(2) ?? crop.x1, y1: number(3) ?? crop.y1, x2: number(4) ?? crop.x2, y2: number(5) ?? crop.y2)
            append(fitR: t.apply(box), to: result)
        case "/Fit", "/FitB":
            // The whole page: the rectangle it covers on the sheet.
            append(fitR: t.apply(crop), to: result)
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
            result.append(sheets.name("/XYZ"))
            result.append(sheets.integer(Int(point.x.rounded())))
            result.append(sheets.integer(Int(point.y.rounded())))
            result.append(zoom.map { sheets.real($0, decimals: 4) } ?? sheets.null)
        }
        return result
    }

    /// `/FitR x1 y1 x2 y2` appended to a destination.
    private func append(fitR box: DocumentStructure.Box, to destination: PDFObject) {
        destination.append(sheets.name("/FitR"))
        for value in [box.x1, box.y1, box.x2, box.y2] { destination.append(sheets.real(value, decimals: 1)) }
    }

    /// The target of an outline item or link: /Dest, or /A. A GoTo is rewritten; other actions
    /// (URI, Launch, GoToR, …) are copied. nil when the target is a page on no sheet.
    private func target(of item: PDFObject, dropped: inout Bool) -> (key: String, value: PDFObject)? {
        if item.has("/Dest") {
            return destination(item["/Dest"], dropped: &dropped).map { ("/Dest", $0) }
        }
        let action = item["/A"]
        guard action.isDictionary else { return nil }
        if action["/S"].isName("/GoTo") {
            guard let goTo = destination(action["/D"], dropped: &dropped) else { return nil }
            return ("/Dest", goTo)
        }
        return ("/A", copy(action))
    }

    // MARK: links

    private static let linkKeys = ["/Border", "/C", "/H", "/F", "/BS", "/Contents", "/NM"]

    private mutating func copyLinks() {
        var annotations: [Int: [PDFObject]] = [:]
        // Direct values shared by many links (a qpdf handle to a direct object can sit in several
        // dictionaries: the writer writes it inline in each).
        var sharedValues: [String: PDFObject] = [:]
        for (index, pagePlacements) in placements.sorted(by: { $0.key < $1.key }) {
            let annots = source.page(index)["/Annots"]
            guard annots.isArray else { continue }
            for link in annots.items {
                guard link["/Subtype"].isName("/Link"), let rect = link["/Rect"].rectangle else { continue }
                var dropped = false
                let target = target(of: link, dropped: &dropped)
                if dropped { report.linksDropped += 1 }
                guard let target else { continue }
                let quads = link["/QuadPoints"].numbers
                // Border, colour, highlighting, flags, contents and name. Links of a document mostly
                // share these values: each distinct one is copied once.
                let kept = Self.linkKeys.compactMap { key -> (String, PDFObject)? in
                    guard link.has(key) else { return nil }
                    let value = link[key]
                    guard let text = value.resolvedText else { return nil }
                    let cacheKey = key + text
                    if cacheKey == "/H/I" { return nil }  // the default highlighting
                    // /C colours a link's border only: with no border drawn it has no effect.
                    if key == "/C", invisibleBorder(link) { return nil }
                    if let known = sharedValues[cacheKey] { return (key, known) }
                    let copied = copy(value)
                    sharedValues[cacheKey] = copied
                    return (key, copied)
                }
                for placement in pagePlacements {
                    // /Type /Annot is optional (PDF 32000 Table 166) and left out: thousands of links.
                    let annotation = sheets.dictionary([("/Subtype", sheets.name("/Link"))])
                    // Whole points, rounded outwards: the link covers at least its area, and thousands
                    // of links take less room.
                    let moved = placement.transform.apply(rect)
                    annotation.set(
                        "/Rect",
                        sheets.array(
                            [
                                moved.x1.rounded(.down), moved.y1.rounded(.down), moved.x2.rounded(.up),
                                moved.y2.rounded(.up),
                            ]
                            .map { sheets.integer(Int($0)) }))
                    if let quads, quads.count % 8 == 0, !quads.isEmpty {
                        var mapped: [Double] = []
                        for pair in stride(from: 0, to: quads.count, by: 2) {
                            let point = placement.transform.apply(quads[pair], quads[pair + 1])
                            mapped += [point.x, point.y]
                        }
                        annotation.set("/QuadPoints", sheets.array(mapped.map { sheets.real($0, decimals: 1) }))
                    }
                    for (key, value) in kept {
                        annotation.set(key, value)
                    }
                    annotation.set(target.key, target.value)
                    annotations[placement.sheet, default: []].append(sheets.indirect(annotation))
                    report.links += 1
                }
            }
        }
        for (sheet, list) in annotations {
            sheetPages[sheet].set("/Annots", sheets.array(list))
        }
    }

    // MARK: outline

    private mutating func copyOutline(root: PDFObject, newRoot: PDFObject) {
        let outlines = root["/Outlines"]
        guard outlines.isDictionary else { return }
        var visited = Set<Int64>()
        let top = sheets.indirect(sheets.dictionary())
        top.set("/Type", sheets.name("/Outlines"))
        let visible = copyChildren(of: outlines, into: top, depth: 0, visited: &visited)
        guard report.outlineEntries > 0 else { return }
        top.set("/Count", sheets.integer(visible))
        newRoot.set("/Outlines", top)
        if root["/PageMode"].isName("/UseOutlines") {
            newRoot.set("/PageMode", sheets.name("/UseOutlines"))
        }
    }

    /// Copies the children of `parent` under `newParent`; returns how many items are visible
    /// under it when it is open (its children, plus the visible items of its open children).
    private mutating func copyChildren(
        of parent: PDFObject, into newParent: PDFObject, depth: Int, visited: inout Set<Int64>
    ) -> Int {
        guard depth < 64 else { return 0 }
        var item = parent["/First"]
        var previous: PDFObject?
        var visible = 0
        while item.isDictionary, visited.insert(item.identity).inserted {
            let entry = sheets.indirect(sheets.dictionary())
            report.outlineEntries += 1
            // Text strings re-encoded: PDFDocEncoding where it suffices, else UTF-16 (a UTF-16 title
            // of plain ASCII is written half the size).
            entry.set("/Title", sheets.string(item["/Title"].text ?? ""))
            entry.set("/Parent", newParent)
            for key in ["/C", "/F"] where item.has(key) {
                entry.set(key, copy(item[key]))
            }
            var dropped = false
            if let target = target(of: item, dropped: &dropped) {
                entry.set(target.key, target.value)
            }
            if dropped { report.outlineTargetsDropped += 1 }
            if let previous {
                previous.set("/Next", entry)
                entry.set("/Prev", previous)
            } else {
                newParent.set("/First", entry)
            }
            let below = copyChildren(of: item, into: entry, depth: depth + 1, visited: &visited)
            // Open state: a positive /Count is open, a negative one closed (PDF 32000 §12.3.3).
            let open = (item["/Count"].integer ?? 0) > 0
            if below > 0 {
                entry.set("/Count", sheets.integer(open ? below : -below))
            }
            visible += 1 + (open ? below : 0)
            previous = entry
            item = item["/Next"]
        }
        if let previous { newParent.set("/Last", previous) }
        return visible
    }

    // MARK: page labels

    /// Each sheet is labelled by the labels of its pages in reading order: "ii", "2–3", "1–311".
    private func writePageLabels(root: PDFObject, newRoot: PDFObject) {
        let labels = PageLabels.labels(count: source.pageCount, ranges: labelRanges(root["/PageLabels"]))
        var onSheet = Array(repeating: [Int](), count: sheetPages.count)
        for (index, list) in placements {
            for placement in list { onSheet[placement.sheet].append(index) }
        }
        let nums = sheets.array()
        for (sheet, pages) in onSheet.enumerated() {
            let sorted = pages.sorted()
            guard let first = sorted.first, let last = sorted.last else { continue }
            let text = first == last ? labels[first] : labels[first] + "–" + labels[last]
            nums.append(sheets.integer(sheet))
            nums.append(sheets.dictionary([("/P", sheets.string(text))]))
        }
        newRoot.set("/PageLabels", sheets.dictionary([("/Nums", nums)]))
    }

    /// The /PageLabels number tree's ranges, in page order.
    private func labelRanges(_ tree: PDFObject) -> [PageLabels.Range] {
        var ranges: [PageLabels.Range] = []
        var visited = Set<Int64>()
        func walk(_ node: PDFObject, depth: Int) {
            guard depth < 32, node.isDictionary else { return }
            if node.isIndirect, !visited.insert(node.identity).inserted { return }
            let nums = node["/Nums"]
            if nums.isArray {
                var item = 0
                while item + 1 < nums.count {
                    let label = nums[item + 1]
                    if let start = nums[item].integer, label.isDictionary {
                        ranges.append(
                            PageLabels.Range(
                                start: start, style: label["/S"].name.map { String($0.dropFirst()) },
                                prefix: label["/P"].text ?? "", first: label["/St"].integer.map { max(1, $0) } ?? 1))
                    }
                    item += 2
                }
            }
            let kids = node["/Kids"]
            if kids.isArray {
                for kid in kids.items { walk(kid, depth: depth + 1) }
            }
        }
        walk(tree, depth: 0)
        return ranges.sorted { $0.start < $1.start }
    }

    // MARK: copying objects

    /// A copy on the sheets of a direct object of the source; indirect objects are copied with
    /// qpdf's foreign-object copy, except pages (a page belongs to the sheets, never copied: null).
    private func copy(_ object: PDFObject) -> PDFObject {
        // One type query, then only the calls that type needs: every C call allocates a handle.
        switch object.type {
        case ot_integer: return sheets.integer(object.integer ?? 0)
        case ot_real: return sheets.real(text: object.realText ?? "0")
        case ot_name: return sheets.name(object.name ?? "/")
        case ot_boolean: return sheets.bool(object.bool ?? false)
        case ot_string: return sheets.string(bytes: object.bytes)
        case ot_dictionary, ot_array, ot_stream:
            if object.isIndirect {
                if object.isPage { return sheets.null }
                return sheets.foreignCopy(of: object)
            }
            if object.isArray {
                return sheets.array(object.items.map(copy))
            }
            let result = sheets.dictionary()
            for key in object.keys {
                result.set(key, copy(object[key]))
            }
            return result
        default:
            return sheets.null
        }
    }

    /// A link drawn with no border: /Border [h v 0] (width 0) and no /BS.
    private func invisibleBorder(_ link: PDFObject) -> Bool {
        guard !link.has("/BS"), let border = link["/Border"].numbers else { return false }
        return border.count >= 3 && border[2] == 0
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
