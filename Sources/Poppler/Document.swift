import CPoppler
import PageLayout
import Foundation

/// A poppler failure, one line of text for the user.
public struct PopplerError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, for exit statuses and tests.
    public enum Kind: Sendable { case encrypted, damaged, notFound, unreadable, badPage }
    /// The kind of failure.
    public let kind: Kind
    /// One line for the user.
    public let message: String
    /// The message itself.
    public var description: String { message }

    /// A failure of `kind` with a one-line message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

extension PageLayoutHint {
    /// From poppler-glib's enum, whose order the cases follow.
    init(_ value: PopplerPageLayout) {
        let index = Int(value.rawValue)
        self = Self.allCases.indices.contains(index) ? Self.allCases[index] : .unset
    }
}

/// An open PDF. poppler documents must not be used from two threads (a shared document
/// crashed 5 of 5 runs here), so this type is deliberately not Sendable: open one per thread.
public final class Document {
    let pointer: OpaquePointer
    /// The bytes behind a document opened from memory; poppler reads them lazily.
    private let bytes: OpaquePointer?
    /// Where the document came from, to read its structure with qpdf on demand.
    private let path: String?
    private let password: String?

    /// Opens a PDF from a path, or from standard input when `path` is `-`.
    public convenience init(path: String, password: String? = nil) throws(PopplerError) {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            try self.init(bytes: [UInt8](data), password: password)
            return
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw PopplerError(.notFound, "no such file")
        }
        guard !isFolder.boolValue else { throw PopplerError(.unreadable, "is a directory") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw PopplerError(.unreadable, "permission denied") }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &error) else {
            throw Document.failure(error)
        }
        defer { g_free(uri) }
        guard let document = poppler_document_new_from_file(uri, password, &error) else {
            throw Document.failure(error)
        }
        self.init(document: document, bytes: nil, path: path, password: password)
    }

    /// Opens a PDF held in memory.
    public convenience init(bytes: [UInt8], password: String? = nil) throws(PopplerError) {
        guard !bytes.isEmpty else { throw PopplerError(.damaged, "empty input, not a PDF") }
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(gbytes, password, &error) else {
            g_bytes_unref(gbytes)
            throw Document.failure(error)
        }
        self.init(document: document, bytes: gbytes, path: nil, password: password)
    }

    private init(document: OpaquePointer, bytes: OpaquePointer?, path: String?, password: String?) {
        self.pointer = document
        self.bytes = bytes
        self.path = path
        self.password = password
    }

    /// Each page's /Rotate and boxes and the /Direction preference, which poppler-glib does not
    /// expose (read with qpdf from the same file or bytes, with the same password).
    public func structure() throws(PopplerError) -> DocumentStructure {
        if let path { return try DocumentStructure.read(path: path, password: password) }
        guard let bytes else { throw PopplerError(.unreadable, "the document has no source") }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        return try DocumentStructure.read(bytes: UnsafeRawBufferPointer(start: data, count: Int(size)), password: password)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
        if let bytes { g_bytes_unref(bytes) }
    }

    private var document: OpaquePointer { pointer }

    /// Number of pages.
    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The catalog's /PageLayout (`.unset` when absent).
    public var pageLayout: PageLayoutHint { PageLayoutHint(poppler_document_get_page_layout(document)) }

    /// True when the file's security handler restricts printing, copying or changes (an owner
    /// password), which also means it is encrypted even if it opened without a password.
    public var isRestricted: Bool {
        poppler_document_get_permissions(document).rawValue != POPPLER_PERMISSIONS_FULL.rawValue
    }

    /// "1.7" style version of the file format.
    public var pdfVersion: String {
        guard let text = poppler_document_get_pdf_version_string(document) else { return "" }
        defer { g_free(text) }
        return String(cString: text).replacingOccurrences(of: "PDF-", with: "")
    }

    /// The Info dictionary's /Title, nil when absent or empty.
    public var title: String? {
        guard let text = poppler_document_get_title(document) else { return nil }
        defer { g_free(text) }
        let title = String(cString: text)
        return title.isEmpty ? nil : title
    }

    /// The page at a 0-based index.
    public func page(at index: Int) throws(PopplerError) -> Page {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
            throw PopplerError(.badPage, "page \(index + 1) does not exist (the document has \(pageCount))")
        }
        return Page(owning: page, document: self)
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> PopplerError {
        guard let error else { return PopplerError(.damaged, "not a readable PDF") }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "not a readable PDF"
        if error.pointee.domain == poppler_error_quark() {
            switch UInt32(error.pointee.code) {
            case POPPLER_ERROR_ENCRYPTED.rawValue:
                return PopplerError(.encrypted, "encrypted: needs --password (or the one given is wrong)")
            case POPPLER_ERROR_OPEN_FILE.rawValue:
                return PopplerError(.unreadable, message)
            default:
                break
            }
        }
        return PopplerError(.damaged, "not a readable PDF (\(message))")
    }
}
