/// A save destination as users write it: `out.jpg`, `out.jpg[Q=85,strip]`, or `.png` alone.
public struct SaveTarget: Sendable, Equatable {
    /// The file name without the option brackets.
    public let path: String
    /// The option string in brackets, e.g. `[Q=85]`, or empty.
    public let options: String

    /// A target from a name and an option string (with its brackets, or empty).
    public init(path: String, options: String) {
        self.path = path
        self.options = options
    }

    /// Splits `out.jpg[Q=85]` into the name and the options, as libvips does: brackets count
    /// only at the very end of the name.
    public init(_ text: String) {
        if text.hasSuffix("]"), let open = text.lastIndex(of: "[") {
            path = String(text[..<open])
            options = String(text[open...])
        } else {
            path = text
            options = ""
        }
    }

    /// The lower-cased suffix with its dot (".jpg"), or nil when the name has none.
    public var suffix: String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex || name.count > 1 else { return nil }
        return String(name[dot...]).lowercased()
    }
}
