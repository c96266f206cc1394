/// A poppler or cairo failure. Descriptions say what happened, never which command-line option
/// would help: the command layer decides what the user is told.
public enum PopplerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is encrypted and the password is missing or wrong.
    case encrypted
    /// There is no file at the path.
    case notFound
    /// The file exists but cannot be read: "is a directory", "permission denied", or GLib's text.
    case unreadable(String)
    /// Not a PDF poppler can read; `detail` is poppler's text when it gave one.
    case damaged(detail: String?)
    /// Not a PDF at all: `kind` is what the first bytes look like ("a PNG image", "text").
    case notPDF(kind: String)
    /// Zero bytes, where a PDF was expected.
    case empty
    /// A 1-based page number past the end of the document.
    case noSuchPage(number: Int, count: Int)
    /// cairo could not make or write the surface; the text says which and why.
    case cannotDraw(String)

    public var description: String {
        switch self {
        case .encrypted: return "encrypted: the password is missing or wrong"
        case .notFound: return "no such file"
        case .unreadable(let reason): return reason
        case .damaged(let detail?): return "not a readable PDF (\(detail))"
        case .damaged(nil): return "not a readable PDF"
        case .empty: return "empty input, not a PDF"
        case .notPDF(let kind): return "not a PDF: the file is \(kind)"
        case .noSuchPage(let number, let count): return "page \(number) does not exist (the document has \(count))"
        case .cannotDraw(let reason): return reason
        }
    }
}
