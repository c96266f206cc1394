import CZip

#if canImport(Glibc)
import Glibc
#endif

/// Writes a zip archive with libzip: entries in the order added, each stored or deflated, with no
/// extra fields (an EPUB's first entry, `mimetype`, must be stored and carry none, which
/// libarchive's zip writer cannot give). Files added by path are read when the archive is
/// closed, so a book of many pages needs no memory for them. Nothing is valid until `close()`;
/// without it the archive is discarded.
public final class ZipWriter {
    private var handle: OpaquePointer?
    private let path: String

    /// Starts an archive at `path` (created or truncated; libzip writes it in full at `close()`).
    public init(path: String) throws(ArchiveError) {
        var error: Int32 = 0
        guard let handle = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &error) else {
            var details = zip_error_t()
            zip_error_init_with_code(&details, error)
            defer { zip_error_fini(&details) }
            throw .cannotWrite(String(cString: zip_error_strerror(&details)))
        }
        self.handle = handle
        self.path = path
    }

    deinit { if let handle { zip_discard(handle) } }

    /// Adds the file at `file` as `name`, deflated or stored (images are already compressed).
    public func add(name: String, file: String, compressed: Bool) throws(ArchiveError) {
        guard let handle else { throw .cannotWrite("already closed") }
        guard let source = zip_source_file(handle, file, 0, -1) else { throw .cannotWrite(Self.message(handle)) }
        try add(source, name: name, compressed: compressed)
    }

    /// Adds `text` (UTF-8) as `name`.
    public func add(name: String, text: String, compressed: Bool) throws(ArchiveError) {
        guard let handle else { throw .cannotWrite("already closed") }
        let bytes = Array(text.utf8)
        // libzip frees the copy (freep = 1) when it no longer needs it.
        guard let copy = malloc(max(bytes.count, 1)) else { throw .cannotWrite("out of memory") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        guard let source = zip_source_buffer(handle, copy, zip_uint64_t(bytes.count), 1) else {
            free(copy)
            throw .cannotWrite(Self.message(handle))
        }
        try add(source, name: name, compressed: compressed)
    }

    private func add(_ source: OpaquePointer, name: String, compressed: Bool) throws(ArchiveError) {
        guard let handle else { return }
        let index = zip_file_add(handle, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw .cannotWrite(Self.message(handle))
        }
        let method: Int32 = compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(handle, zip_uint64_t(index), method, 0) == 0 else {
            throw .cannotWrite(Self.message(handle))
        }
    }

    /// Writes the archive. Throws `.cannotWrite` (a file added by path unreadable, a full disk).
    public func close() throws(ArchiveError) {
        guard let handle else { return }
        guard zip_close(handle) == 0 else {
            let message = Self.message(handle)
            zip_discard(handle)
            self.handle = nil
            throw .cannotWrite(message)
        }
        self.handle = nil
    }

    private static func message(_ handle: OpaquePointer) -> String {
        String(cString: zip_strerror(handle))
    }
}
