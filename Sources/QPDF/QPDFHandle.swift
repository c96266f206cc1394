import CQPDF
import CoreTypes

#if canImport(Glibc)
import Glibc
#endif

/// One qpdf instance, freed with the handle; qpdf's failures become `QPDFError`s (the C API
/// reports codes with text, never exceptions). A PDF read from memory stays in a buffer the
/// handle owns: qpdf reads it lazily, to the end.
final class QPDFHandle {
    private var raw: qpdf_data?
    private let buffer: UnsafeMutableRawBufferPointer?
    var handle: qpdf_data { raw! }

    /// Opens `source` with `password`; with no source, an empty PDF to build into.
    init(_ source: PDFSource?, password: String? = nil) throws(QPDFError) {
        // Before anything is allocated: deinit runs only for a handle made whole.
        if case .file(let path) = source, access(path, F_OK) != 0, errno == ENOENT { throw .notFound }
        if case .bytes(let bytes) = source {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            copy.copyBytes(from: bytes)
            buffer = UnsafeMutableRawBufferPointer(rebasing: copy[0..<bytes.count])
        } else {
            buffer = nil
        }
        raw = qpdf_init()
        guard let qpdf = raw else { throw .cannotStart }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
        let status: QPDF_ERROR_CODE
        switch source {
        case .file(let path)?:
            status = qpdf_read(qpdf, path, password)
        case .bytes?:
            status = qpdf_read_memory(
                qpdf, "stdin", buffer?.baseAddress?.assumingMemoryBound(to: CChar.self),
                UInt64(buffer?.count ?? 0), password)
        case nil:
            status = qpdf_empty_pdf(qpdf)
        }
        do {
            try check(status, QPDFError.unreadableStep)
        } catch .failed(let step, let detail) {
            if let kind = source?.notPDFKind() { throw .failed(step: "not a PDF: the file is \(kind)", detail: nil) }
            throw .failed(step: step, detail: detail)
        }
    }

    deinit {
        qpdf_cleanup(&raw)
        buffer?.deallocate()
    }

    /// Throws when `status` or the handle reports an error; `step` says what was being done.
    func check(_ status: QPDF_ERROR_CODE, _ step: String) throws(QPDFError) {
        guard status & QPDF_ERRORS != 0 || qpdf_has_error(handle) != 0 else { return }
        guard let error = qpdf_get_error(handle) else { throw .failed(step: step, detail: nil) }
        let detail = qpdf_get_error_full_text(handle, error).map { String(cString: $0) }
        if qpdf_get_error_code(handle, error) == qpdf_e_password { throw .encrypted(step: step, detail: detail) }
        throw .failed(step: step, detail: detail)
    }
}
