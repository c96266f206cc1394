#if canImport(Glibc)
import Glibc
#endif

/// Where a PDF comes from, in a form every worker thread can open again for itself (poppler
/// documents must not be shared between threads): a file, or bytes already read (standard input,
/// which the command reads once).
public enum PDFSource: Sendable, Equatable {
    case file(String)
    case bytes([UInt8])
}

extension PDFSource {
    /// What the first bytes say the input is when they are not a PDF's ("a PNG image", "text"), nil
    /// when "%PDF" appears in the first kilobyte (a PDF, perhaps damaged) or nothing can be read.
    /// Used to say "not a PDF" in plain words instead of a parser's "document is damaged".
    public func notPDFKind() -> String? {
        let head: [UInt8]
        switch self {
        case .bytes(let bytes): head = Array(bytes.prefix(1024))
        case .file(let path):
            guard let handle = fopen(path, "rb") else { return nil }
            defer { fclose(handle) }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = fread(&buffer, 1, buffer.count, handle)
            head = Array(buffer.prefix(count))
        }
        guard !head.isEmpty else { return nil }
        let pdf: [UInt8] = Array("%PDF".utf8)
        if head.count >= pdf.count, (0...(head.count - pdf.count)).contains(where: { Array(head[$0..<$0 + 4]) == pdf })
        {
            return nil
        }
        let signatures: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"), ([0x49, 0x49, 0x2A, 0x00], "a TIFF image"),
            ([0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"), (Array("PK".utf8) + [3, 4], "a ZIP archive (EPUB, Office…)"),
            (Array("%!PS".utf8), "PostScript"), (Array("BM".utf8), "a BMP image"),
        ]
        for (magic, kind) in signatures where head.starts(with: magic) { return kind }
        if head.count >= 12, head[0..<4] == Array("RIFF".utf8)[...], head[8..<12] == Array("WEBP".utf8)[...] {
            return "a WebP image"
        }
        if head.count >= 12, head[4..<8] == Array("ftyp".utf8)[...] { return "a HEIF/AVIF image or MP4 video" }
        let printable = head.filter { $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0x80 }
        return printable.count == head.count ? "text" : "not PDF data"
    }
}
