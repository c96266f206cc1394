import CoreTypes

/// A writer of a laid-out document as one file or folder (`VectorJob`: PDF sheets, `WebReader`,
/// `EPUBJob`, `CBZJob`): what it writes, stated once as its `OutputFormat` (suffix or folder,
/// largest image side, whether transparency survives, its name in messages), and one entry point
/// that writes it. The output model (`OutputKind.format`) and pdflayout's `-o` read these facts.
/// Each writer's file also holds its builder from a `LaidOut` (`LayoutRequest.epubJob`, …), so a
/// new format is one file here. Images are `RasterJob`'s, one file per view, their facts an
/// `ImageFormat`'s.
public protocol LayoutWriter {
    /// What this writer makes.
    static var format: OutputFormat { get }

    /// Writes `input`'s layout at `path`, atomically: the file or folder is complete or untouched.
    func write(_ input: LayoutInput, to path: String) throws -> LayoutWritten
}

extension LayoutWriter {
    /// The files written at `path`: the file itself, or a folder's `index.html`.
    public static func files(at path: String) -> [String] {
        format.isFolder ? [path + "/index.html"] : [path]
    }
}

/// A writer that renders from its `RenderContext` alone (the reader, the EPUB, the comic archive),
/// which opens the document itself: its entry point needs no `LayoutInput`.
public protocol RenderContextWriter: LayoutWriter {
    /// Writes at `path`, atomically.
    func write(to path: String) throws
}

extension RenderContextWriter {
    public func write(_ input: LayoutInput, to path: String) throws -> LayoutWritten {
        try write(to: path)
        return LayoutWritten(path: path)
    }
}

/// What a writer wrote: the path, and the links of the source that the output could not keep
/// (PDF sheets of some of the pages; nil for outputs that keep no links).
public struct LayoutWritten: Sendable, Equatable {
    public var path: String
    public var linksDropped: Int?

    public init(path: String, linksDropped: Int? = nil) {
        self.path = path
        self.linksDropped = linksDropped
    }
}
