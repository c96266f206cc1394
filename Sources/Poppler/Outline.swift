import CPoppler

/// One entry of a document's outline (its bookmarks): the title, the 1-based page it goes to
/// (nil for entries that go elsewhere: another file, a URI, nowhere), whether it is shown open,
/// and the entries under it.
public struct OutlineEntry: Sendable, Equatable {
    public var title: String
    public var page: Int?
    public var isOpen: Bool
    public var children: [OutlineEntry]

    public init(title: String, page: Int?, isOpen: Bool = false, children: [OutlineEntry] = []) {
        self.title = title; self.page = page; self.isOpen = isOpen; self.children = children
    }
}

extension Document {
    /// The outline, with named destinations resolved to pages; empty when the PDF has none.
    /// Nesting deeper than 64 levels is cut (a looped outline must not recurse for ever).
    public var outline: [OutlineEntry] {
        guard let iterator = poppler_index_iter_new(pointer) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        return entries(iterator, depth: 0)
    }

    private func entries(_ iterator: OpaquePointer, depth: Int) -> [OutlineEntry] {
        var result: [OutlineEntry] = []
        repeat {
            var entry = OutlineEntry(title: "", page: nil, isOpen: poppler_index_iter_is_open(iterator) != 0)
            if let action = poppler_index_iter_get_action(iterator) {
                entry.title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let destination = action.pointee.goto_dest.dest {
                    entry.page = page(of: destination)
                }
                poppler_action_free(action)
            }
            if depth < 64, let child = poppler_index_iter_get_child(iterator) {
                entry.children = entries(child, depth: depth + 1)
                poppler_index_iter_free(child)
            }
            result.append(entry)
        } while poppler_index_iter_next(iterator) != 0
        return result
    }

    /// The 1-based page of a destination, looking named ones up.
    private func page(of destination: UnsafeMutablePointer<PopplerDest>) -> Int? {
        if destination.pointee.type == POPPLER_DEST_NAMED {
            guard let name = destination.pointee.named_dest,
                let found = poppler_document_find_dest(pointer, name)
            else { return nil }
            defer { poppler_dest_free(found) }
            return found.pointee.page_num > 0 ? Int(found.pointee.page_num) : nil
        }
        return destination.pointee.page_num > 0 ? Int(destination.pointee.page_num) : nil
    }
}
