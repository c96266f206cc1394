/// The facts of a document or folder a writer makes (a PDF of sheets, the web reader, a
/// fixed-layout EPUB, a comic archive), stated once by the writer itself (LayoutKit's
/// `LayoutWriter`) and read by the output model (`OutputKind.format`): how it is named, the
/// largest image side it holds, whether transparency survives, and its name in messages. An image
/// format's facts are its `ImageFormat`'s.
public struct OutputFormat: Sendable, Hashable, CustomStringConvertible {
    /// How a path names it: a file by its suffix (`.epub`), or a folder without one.
    public enum Naming: Sendable, Hashable {
        case suffix(String)
        case folder
    }

    /// Its name in messages ("EPUB", "PDF").
    public let name: String
    public let naming: Naming
    /// The largest width or height of an image it holds (`.max` when it holds no raster images).
    public let maxSide: Int
    /// Whether an image's transparency survives in it.
    public let keepsTransparency: Bool

    public init(name: String, naming: Naming, maxSide: Int = .max, keepsTransparency: Bool = true) {
        self.name = name
        self.naming = naming
        self.maxSide = maxSide
        self.keepsTransparency = keepsTransparency
    }

    /// The suffix a file of it is named with, lower-case with its dot (`""` for a folder).
    public var suffix: String {
        if case .suffix(let suffix) = naming { return suffix }
        return ""
    }

    public var isFolder: Bool { naming == .folder }

    /// Whether `path`'s own suffix names it (`book.PDF` for PDF); a folder is named by none.
    public func names(_ path: String) -> Bool {
        !isFolder && SaveTarget(path).suffix == suffix
    }

    public var description: String { name }
}
