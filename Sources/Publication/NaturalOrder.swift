/// File names in the order people number pages: runs of digits compare as numbers ("page2.jpg"
/// before "page10.jpg"), the rest by Unicode scalars without regard to case; a tie (such as "01"
/// and "1") falls back to the plain byte order, so the order is total and the same everywhere.
public enum NaturalOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let left = chunks(a), right = chunks(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m, _), .number(let n, _)) where m != n:
                return m.count != n.count ? m.count < n.count : m < n
            case (.number(_, let p), .number(_, let q)): if p != q { return p < q }
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)):
                let (ls, lt) = (s.lowercased(), t.lowercased())
                if ls != lt { return ls.unicodeScalars.lexicographicallyPrecedes(lt.unicodeScalars) }
            }
        }
        if left.count != right.count { return left.count < right.count }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// A digit run keeps its value without leading zeros (compared as a string of digits, so
    /// any length works) and its zero count; text runs are kept as they are.
    enum Chunk: Equatable {
        case number(String, zeros: Int)
        case text(String)
    }

    static func chunks(_ text: String) -> [Chunk] {
        var result: [Chunk] = []
        var current = "", inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let trimmed = current.drop { $0 == "0" }
                result.append(.number(String(trimmed), zeros: current.count - trimmed.count))
            } else {
                result.append(.text(current))
            }
            current = ""
        }
        for character in text {
            let digit = character.isASCII && character.isNumber
            if digit != inDigits { flush() }
            inDigits = digit
            current.append(character)
        }
        flush()
        return result
    }
}
