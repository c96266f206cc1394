/// Where a PDF comes from, in a form every worker thread can open again for itself (poppler
/// documents must not be shared between threads): a file, or bytes already read (standard input,
/// which the command reads once).
public enum PDFSource: Sendable, Equatable {
    case file(String)
    case bytes([UInt8])
}
