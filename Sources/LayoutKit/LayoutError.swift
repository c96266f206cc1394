/// Why the layout engine could not open or render a document (poppler's and qpdf's own failures
/// come as `PopplerError` and `QPDFError`).
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Too little free space in `folder` for a streamed view's spool of `megabytes`.
    case noSpaceForSpool(folder: String, megabytes: Int)
    /// A spool or temporary file or folder could not be made or written: the whole sentence.
    case spool(String)

    public var description: String {
        switch self {
        case .noSpaceForSpool(let folder, let megabytes):
            return "not enough free space in \(folder) to assemble this view (it needs \(megabytes) MB)"
        case .spool(let text): return text
        }
    }
}
