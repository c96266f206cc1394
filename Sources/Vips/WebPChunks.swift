import CWebPMux

/// WebP files rewritten chunk by chunk with libwebpmux (the image data is copied, not re-encoded).
enum WebPChunks {
    /// `webp` without its EXIF, XMP and ICC chunks (the extended header is rewritten to match).
    static func removingMetadata(_ webp: [UInt8]) throws(VipsError) -> [UInt8] {
        let mux = webp.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            return WebPMuxCreate(&data, 1)
        }
        guard let mux else { throw VipsError("the WebP written could not be read back to strip its metadata") }
        defer { WebPMuxDelete(mux) }
        for chunk in ["EXIF", "XMP ", "ICCP"] {
            let status = WebPMuxDeleteChunk(mux, chunk)
            guard status == WEBP_MUX_OK || status == WEBP_MUX_NOT_FOUND else {
                throw VipsError("the WebP's \(chunk) chunk could not be removed")
            }
        }
        var assembled = WebPData()
        guard WebPMuxAssemble(mux, &assembled) == WEBP_MUX_OK, let bytes = assembled.bytes else {
            throw VipsError("the WebP could not be rewritten without its metadata")
        }
        defer { WebPDataClear(&assembled) }
        return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
    }
}
