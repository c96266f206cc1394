import CPoppler
import CoreTypes
import Foundation

/// An open PDF. poppler documents must not be used from two threads (a shared document crashes
/// poppler), so this type is deliberately not Sendable: open one per thread.
public final class Document {
    let pointer: OpaquePointer
    /// The bytes behind a document opened from memory; poppler reads them lazily.
    private let bytes: OpaquePointer?
    /// Opens a PDF from a file or from bytes already read.
    public convenience init(_ source: PDFSource, password: String? = nil) throws(PopplerError) {
        do {
            switch source {
            case .file(let path): try self.init(path: path, password: password)
            case .bytes(let bytes): try self.init(bytes: bytes, password: password)
            }
        } catch .damaged(let detail) {
            // "PDF document is damaged" for a PNG says the wrong thing: say what the file is.
            if let kind = source.notPDFKind() { throw .notPDF(kind: kind) }
            throw .damaged(detail: detail)
        }
    }

    /// Opens a PDF file (`-` is a file of that name: standard input is the caller's to read).
    public convenience init(path: String, password: String? = nil) throws(PopplerError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notFound
        }
        guard !isFolder.boolValue else { throw .unreadable("is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable("permission denied") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &error) else {
            throw Document.failure(error)
        }
        defer { g_free(uri) }
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            throw Document.failure(error)
        }
        self.init(document: document, bytes: nil)
    }

    /// Opens a PDF held in memory.
    public convenience init(bytes: [UInt8], password: String? = nil) throws(PopplerError) {
        guard !bytes.isEmpty else { throw .empty }
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(gbytes, password, &error) else {
            g_bytes_unref(gbytes)
            throw Document.failure(error)
        }
        self.init(document: document, bytes: gbytes)
    }

    private init(document: OpaquePointer, bytes: OpaquePointer?) {
        self.pointer = document
        self.bytes = bytes
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
        if let bytes { g_bytes_unref(bytes) }
    }

    private var document: OpaquePointer { pointer }

    /// Number of pages.
    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The catalog's /PageLayout as its PDF name ("TwoPageRight"); nil when absent.
    public var pageLayoutName: String? {
        switch poppler_document_get_page_layout(document) {
        case POPPLER_PAGE_LAYOUT_SINGLE_PAGE: return "SinglePage"
        case POPPLER_PAGE_LAYOUT_ONE_COLUMN: return "OneColumn"
        case POPPLER_PAGE_LAYOUT_TWO_COLUMN_LEFT: return "TwoColumnLeft"
        case POPPLER_PAGE_LAYOUT_TWO_COLUMN_RIGHT: return "TwoColumnRight"
        case POPPLER_PAGE_LAYOUT_TWO_PAGE_LEFT: return "TwoPageLeft"
        case POPPLER_PAGE_LAYOUT_TWO_PAGE_RIGHT: return "TwoPageRight"
        default: return nil
        }
    }

    /// True when the file's security handler restricts printing, copying or changes (an owner
    /// password), which also means it is encrypted even if it opened without a password.
    public var isRestricted: Bool {
        poppler_document_get_permissions(document).rawValue != POPPLER_PERMISSIONS_FULL.rawValue
    }

    /// True when the file's permissions forbid copying its text and images (extraction), as its
    /// owner password would lift.
    public var forbidsCopying: Bool {
        poppler_document_get_permissions(document).rawValue & POPPLER_PERMISSIONS_OK_TO_COPY.rawValue == 0
    }

    /// "1.7" style version of the file format.
    public var pdfVersion: String {
        guard let text = poppler_document_get_pdf_version_string(document) else { return "" }
        defer { g_free(text) }
        return String(cString: text).replacingOccurrences(of: "PDF-", with: "")
    }

    /// The Info dictionary's /Title, nil when absent or empty.
    public var title: String? { infoText(poppler_document_get_title(document)) }

    /// The Info dictionary's /Author, nil when absent or empty.
    public var author: String? { infoText(poppler_document_get_author(document)) }

    /// A string poppler hands over (and the caller frees), nil when absent or empty.
    private func infoText(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        let value = String(cString: text)
        return value.isEmpty ? nil : value
    }

    /// The page at a 0-based index.
    public func page(at index: Int) throws(PopplerError) -> Page {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
            throw .noSuchPage(number: index + 1, count: pageCount)
        }
        return Page(owning: page, document: self)
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> PopplerError {
        guard let error else { return .damaged(detail: nil) }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "not a readable PDF"
        if error.pointee.domain == poppler_error_quark() {
            switch UInt32(error.pointee.code) {
            case POPPLER_ERROR_ENCRYPTED.rawValue:
                return .encrypted
            case POPPLER_ERROR_OPEN_FILE.rawValue:
                return .unreadable(message)
            default:
                break
            }
        }
        return .damaged(detail: message)
    }
}
