import CQPDF
import CoreTypes
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The catalog entries that tell a viewer how to show the pages: /PageLayout (a PDF name such as
/// "TwoPageRight", without the slash) and /ViewerPreferences /Direction.
public struct ViewerPreferences: Sendable, Equatable {
    /// /PageLayout, without the slash; nil leaves the entry as it is.
    public var pageLayout: String?
    /// /ViewerPreferences /Direction; nil leaves it as it is.
    public var direction: DocumentStructure.Direction?

    /// Preferences from the two entries.
    public init(pageLayout: String?, direction: DocumentStructure.Direction?) {
        self.pageLayout = pageLayout
        self.direction = direction
    }

    /// Sets the entries on the catalog of `document`. Other viewer preferences are kept.
    func apply(to document: PDFObjects) {
        let root = document.root
        if let pageLayout {
            root.set("/PageLayout", document.name("/" + pageLayout))
        }
        guard let direction else { return }
        var preferences = root["/ViewerPreferences"]
        if !preferences.isDictionary {
            preferences = document.dictionary()
        }
        preferences.set("/Direction", document.name("/" + direction.rawValue))
        root.set("/ViewerPreferences", preferences)
    }

    /// Writes a copy of `source` with only these entries changed: a full rewrite by qpdf (the C
    /// API writes whole files, never incremental updates), with every stream's data passed through
    /// as stored (no decoding, no recompression, object streams and encryption preserved), so each
    /// page's content stream keeps its exact bytes. Objects nothing refers to are dropped.
    public func write(from source: PDFSource, password: String?, to output: String) throws(QPDFError) {
        let document = try applied(to: source, password: password)
        try document.write(to: output, configure: Self.passThrough)
    }

    /// The same copy as `write(from:password:to:)`, in memory (for standard output).
    public func data(from source: PDFSource, password: String?) throws(QPDFError) -> [UInt8] {
        let document = try applied(to: source, password: password)
        let qpdf = document.handle
        try document.check(qpdf_init_write_memory(qpdf), "cannot write the PDF")
        Self.passThrough(qpdf)
        try document.check(qpdf_write(qpdf), "writing the PDF failed")
        guard let buffer = qpdf_get_buffer(qpdf) else { return [] }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(qpdf_get_buffer_length(qpdf))))
    }

    private func applied(to source: PDFSource, password: String?) throws(QPDFError) -> QPDFHandle {
        let document = try QPDFHandle(source, password: password)
        let qpdf = document.handle
        apply(to: PDFObjects(document: qpdf))
        try document.check(QPDF_SUCCESS, "cannot set the viewer preferences")
        return document
    }

    private static func passThrough(_ qpdf: qpdf_data) {
        qpdf_set_decode_level(qpdf, qpdf_dl_none)
        qpdf_set_stream_data_mode(qpdf, qpdf_s_preserve)
        qpdf_set_object_stream_mode(qpdf, qpdf_o_preserve)
        qpdf_set_preserve_encryption(qpdf, QPDF_TRUE)
    }
}

extension QPDFHandle {
    /// Writes the document to `output` after `configure` has set the writer's options.
    func write(to output: String, configure: (qpdf_data) -> Void) throws(QPDFError) {
        // QPDFWriter keeps the file name's pointer and reads it again in qpdf_write (found by
        // AddressSanitizer): a String passed directly is a temporary, freed when the call returns.
        // Written to memory, then to the file with every write checked: qpdf's own file writer
        // ignores a failed final flush (Pl_StdioFile::finish checks fflush only for EBADF), so a
        // full disk left a truncated PDF reported as written.
        try check(qpdf_init_write_memory(handle), "cannot write \(output)")
        configure(handle)
        try check(qpdf_write(handle), "writing the PDF failed")
        let length = Int(qpdf_get_buffer_length(handle))
        guard let bytes = qpdf_get_buffer(handle) else { throw .failed(step: "writing the PDF failed", detail: nil) }
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw .failed(step: "cannot write \(output)", detail: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var written = 0
        while written < length {
            let count = Glibc.write(descriptor, bytes + written, length - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .failed(step: "cannot write \(output)", detail: String(cString: strerror(errno)))
            }
            written += count
        }
    }
}
