// `--pages` parser: "1-5,8,10-" → [1, 2, 3, 4, 5, 8, 10, 11, …, pageCount].

/// Why a page-range text was refused. `description` is one line naming no command-line option;
/// the command that read the text says which option it came from.
public enum PageRangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but blanks.
    case empty
    /// An item that is neither `N`, `N-M`, `N-` nor `-M` (given as written, trimmed).
    case malformed(String)
    /// A page number outside 1…pageCount.
    case outOfRange(page: Int, pageCount: Int)
    /// `N-M` with N > M.
    case reversed(from: Int, to: Int)

    /// One line, e.g. `page 9 does not exist (the document has 7 pages)`.
    public var description: String {
        switch self {
        case .empty:
            return "no pages given (expected e.g. 1-5,8,10-)"
        case .malformed(let item) where item.isEmpty:
            return "an item between commas is empty (expected e.g. 1-5,8,10-)"
        case .malformed(let item):
            return "cannot read \"\(item)\" (expected e.g. 1-5,8,10-)"
        case .outOfRange(let page, let pageCount):
            return pageCount == 1
                ? "page \(page) does not exist (the document has 1 page)"
                : "page \(page) does not exist (the document has \(pageCount) pages)"
        case .reversed(let from, let to):
            return "range \(from)-\(to) runs backwards"
        }
    }
}

/// The `--pages` syntax (`1-5,8,10-`) turned into page numbers.
public enum PageRanges {
    /// Parses a comma-separated list of items: `N` (one page), `N-M` (N through M), `N-` (N to the
    /// last page), `-M` (first page through M). Blanks around items and numbers are ignored.
    /// Pages come out in the order written, repeats kept (like pdfjam and qpdf), so that
    /// "5-8,1" or "1,1" can build an arbitrary page sequence for pairing.
    public static func parse(_ text: String, pageCount: Int) throws(PageRangeError) -> [Int] {
        guard text.contains(where: { !$0.isWhitespace }) else { throw .empty }
        var pages: [Int] = []
        for rawItem in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = trimmed(rawItem)
            let (first, last) = try bounds(of: item, pageCount: pageCount)
            for page in [first, last] where page < 1 || page > pageCount {
                throw .outOfRange(page: page, pageCount: pageCount)
            }
            guard first <= last else { throw .reversed(from: first, to: last) }
            pages.append(contentsOf: first...last)
        }
        return pages
    }

    /// The first and last page of one item, before range checks.
    private static func bounds(of item: Substring, pageCount: Int) throws(PageRangeError) -> (Int, Int) {
        let parts = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let page = try number(parts[0], in: item, pageCount: pageCount)
            return (page, page)
        case 2:
            let from = trimmed(parts[0]), to = trimmed(parts[1])
            if from.isEmpty && to.isEmpty { throw .malformed(String(item)) }
            let first = from.isEmpty ? 1 : try number(from, in: item, pageCount: pageCount)
            let last = to.isEmpty ? pageCount : try number(to, in: item, pageCount: pageCount)
            return (first, last)
        default:
            throw .malformed(String(item))
        }
    }

    /// ASCII digits only: `Int("+3")` would accept a sign, and "-" already has a meaning here.
    private static func number(
        _ text: Substring, in item: Substring,
        pageCount: Int
    ) throws(PageRangeError) -> Int {
        let digits = trimmed(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .malformed(String(item))
        }
        // Too many digits for an Int is certainly beyond the document.
        guard let value = Int(digits) else { throw .outOfRange(page: Int.max, pageCount: pageCount) }
        return value
    }

    private static func trimmed(_ text: Substring) -> Substring {
        guard let start = text.firstIndex(where: { !$0.isWhitespace }),
            let end = text.lastIndex(where: { !$0.isWhitespace })
        else { return text[text.endIndex...] }
        return text[start...end]
    }
}
