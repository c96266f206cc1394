/// A libvips saver's options as users write them in brackets (`out.jpg[Q=85,strip]`): ordered
/// `key=value` pairs (a bare key such as `strip` or `interlace` has no value). Rendered as
/// `[k=v,...]` in one place (`text`), and merged so that what the user gave wins over defaults.
public struct SaverOptions: Sendable, Equatable, CustomStringConvertible {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String?

        public init(_ key: String, _ value: String? = nil) {
            self.key = key
            self.value = value
        }

        var text: String { value.map { "\(key)=\($0)" } ?? key }
    }

    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// Reads `[Q=85,strip]` (brackets optional; empty text is no options).
    public init(parsing text: String) {
        var inner = Substring(text)
        if inner.hasPrefix("[") && inner.hasSuffix("]") { inner = inner.dropFirst().dropLast() }
        entries = inner.split(separator: ",", omittingEmptySubsequences: true).map { part in
            guard let equals = part.firstIndex(of: "=") else { return Entry(String(part)) }
            return Entry(String(part[..<equals]), String(part[part.index(after: equals)...]))
        }
    }

    public static let none = SaverOptions()

    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `key` is set.
    public func contains(_ key: String) -> Bool {
        entries.contains { $0.key == key }
    }

    /// The value of `key`, nil when absent or bare.
    public func value(_ key: String) -> String? {
        entries.last { $0.key == key }?.value
    }

    /// These options with `entry` added at the end.
    public func adding(_ key: String, _ value: String? = nil) -> SaverOptions {
        SaverOptions(entries + [Entry(key, value)])
    }

    /// These options after `defaults` whose keys these do not set: libvips reads left to right,
    /// so the user's settings (these) come last and win.
    public func over(_ defaults: SaverOptions) -> SaverOptions {
        SaverOptions(defaults.entries.filter { !contains($0.key) } + entries)
    }

    /// `[Q=85,strip]`, or the empty string when there are none: the form libvips' savers read.
    public var text: String {
        entries.isEmpty ? "" : "[" + entries.map(\.text).joined(separator: ",") + "]"
    }

    public var description: String { text }
}
