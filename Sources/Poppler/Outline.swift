import CPoppler

/// One entry of a document's outline (its bookmarks): the title, the 1-based page it goes to
/// (nil for entries that go elsewhere: another file, a URI, nowhere), the spot on that page its
/// destination names, whether it is shown open, and the entries under it.
public struct OutlineEntry: Sendable, Equatable {
    public var title: String
    public var page: Int?
    /// Where on the page the destination points; nil when it names no spot (a /Fit).
    public var spot: PageSpot?
    public var isOpen: Bool
    public var children: [OutlineEntry]

    public init(
        title: String, page: Int?, spot: PageSpot? = nil, isOpen: Bool = false, children: [OutlineEntry] = []
    ) {
        self.title = title; self.page = page; self.spot = spot; self.isOpen = isOpen; self.children = children
    }
}

/// A point a destination names on its page, in points from the crop box's left and top edges of
/// the page as stored (before /Rotate); `left` or `top` is nil where the destination keeps that
/// coordinate as it was (an /XYZ with a null top, a /FitH's left).
public struct PageSpot: Sendable, Equatable {
    public var left: Double?
    public var top: Double?
    /// The crop box's size as stored, which turning the spot with the page needs.
    public var boxWidth: Double
    public var boxHeight: Double

    public init(left: Double?, top: Double?, boxWidth: Double, boxHeight: Double) {
        self.left = left; self.top = top; self.boxWidth = boxWidth; self.boxHeight = boxHeight
    }

    /// How far below the top edge of the crop box as shown the spot is, for a page turned
    /// clockwise by `rotation` degrees (/Rotate): at 90° the stored left edge is the shown top.
    public func shownTop(rotation: Int) -> Double? {
        switch ((rotation % 360) + 360) % 360 {
        case 90: return left
        case 180: return top.map { boxHeight - $0 }
        case 270: return left.map { boxWidth - $0 }
        default: return top
        }
    }
}

extension Document {
    /// The outline, with named destinations resolved to pages; empty when the PDF has none.
    /// Nesting deeper than 64 levels is cut (a looped outline must not recurse for ever).
    public var outline: [OutlineEntry] {
        guard let iterator = poppler_index_iter_new(pointer) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        var boxes: [Int: PopplerRectangle] = [:]
        return entries(iterator, depth: 0, boxes: &boxes)
    }

    private func entries(_ iterator: OpaquePointer, depth: Int, boxes: inout [Int: PopplerRectangle]) -> [OutlineEntry]
    {
        var result: [OutlineEntry] = []
        repeat {
            var entry = OutlineEntry(title: "", page: nil, isOpen: poppler_index_iter_is_open(iterator) != 0)
            if let action = poppler_index_iter_get_action(iterator) {
                entry.title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let destination = action.pointee.goto_dest.dest {
                    (entry.page, entry.spot) = target(of: destination, boxes: &boxes)
                }
                poppler_action_free(action)
            }
            if depth < 64, let child = poppler_index_iter_get_child(iterator) {
                entry.children = entries(child, depth: depth + 1, boxes: &boxes)
                poppler_index_iter_free(child)
            }
            result.append(entry)
        } while poppler_index_iter_next(iterator) != 0
        return result
    }

    /// The 1-based page of a destination and the spot it names there, looking named ones up.
    private func target(
        of destination: UnsafeMutablePointer<PopplerDest>, boxes: inout [Int: PopplerRectangle]
    )
        -> (Int?, PageSpot?)
    {
        if destination.pointee.type == POPPLER_DEST_NAMED {
            guard let name = destination.pointee.named_dest,
                let found = poppler_document_find_dest(pointer, name)
            else { return (nil, nil) }
            defer { poppler_dest_free(found) }
            return resolved(found.pointee, boxes: &boxes)
        }
        return resolved(destination.pointee, boxes: &boxes)
    }

    /// poppler gives `left` and `top` in PDF user space less the crop box's lower-left corner
    /// (y up); the spot measures `top` down from the crop box's top edge.
    private func resolved(_ destination: PopplerDest, boxes: inout [Int: PopplerRectangle]) -> (Int?, PageSpot?) {
        let number = Int(destination.page_num)
        guard number > 0 else { return (nil, nil) }
        let fitRectangle = destination.type == POPPLER_DEST_FITR
        let hasTop = destination.change_top != 0 || fitRectangle
        let hasLeft = destination.change_left != 0 || fitRectangle
        guard hasTop || hasLeft else { return (number, nil) }
        if boxes[number] == nil, let page = try? page(at: number - 1) {
            var rectangle = PopplerRectangle()
            poppler_page_get_crop_box(page.pointer, &rectangle)
            boxes[number] = rectangle
        }
        guard let box = boxes[number] else { return (number, nil) }
        let width = Swift.abs(box.x2 - box.x1), height = Swift.abs(box.y2 - box.y1)
        let clamp = { (value: Double, limit: Double) in Swift.min(Swift.max(value, 0), limit) }
        return (
            number,
            PageSpot(
                left: hasLeft ? clamp(destination.left, width) : nil,
                top: hasTop ? clamp(height - destination.top, height) : nil, boxWidth: width, boxHeight: height)
        )
    }
}
