import Foundation

/// Estimates the quality setting a JPEG was saved with, from its luminance quantisation table.
///
/// libvips 8.14 does not report it, so the DQT segment is read from the file's header bytes and
/// compared with the IJG tables libjpeg (and so libvips, ImageMagick, GIMP and most software)
/// derives from a quality 1…100. Saving again at the estimated quality reproduces libjpeg's tables
/// exactly; cameras with their own tables get the nearest IJG quality.
public enum JPEGQuality {
    /// The IJG (Annex K) luminance table in natural (row-major) order.
    static let standardLuminance: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]

    /// Natural-order index of each zig-zag position (DQT tables are stored in zig-zag order).
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// The quality of the JPEG file at `path`, or nil when it is not a JPEG or has no table 0.
    public static func estimate(path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // Tables come before the first scan, after EXIF/XMP/ICC segments of up to 64 kB each.
        guard let head = try? handle.read(upToCount: 1 << 20) else { return nil }
        return estimate(bytes: [UInt8](head))
    }

    /// The quality of the JPEG whose first bytes are `bytes`.
    public static func estimate(bytes: [UInt8]) -> Int? {
        guard let table = luminanceTable(bytes) else { return nil }
        var best = (quality: 75, error: Int.max)
        for quality in 1...100 {
            let error = zip(table, ijgTable(quality: quality)).reduce(0) { $0 + abs($1.0 - $1.1) }
            if error < best.error { best = (quality, error) }
        }
        return best.quality
    }

    /// The table libjpeg's `jpeg_set_quality(quality, force_baseline = TRUE)` writes, natural order.
    static func ijgTable(quality: Int) -> [Int] {
        let q = min(max(quality, 1), 100)
        let scale = q < 50 ? 5000 / q : 200 - 2 * q
        return standardLuminance.map { min(max(($0 * scale + 50) / 100, 1), 255) }
    }

    /// Quantisation table 0 in natural order, from the DQT segments before the first scan.
    static func luminanceTable(_ bytes: [UInt8]) -> [Int]? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan or end: no table 0 found
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let end = at + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xDB {
                var p = at + 4
                while p < end {
                    let precision = bytes[p] >> 4, id = bytes[p] & 0x0F
                    let size = precision == 0 ? 64 : 128
                    guard p + 1 + size <= end else { return nil }
                    if id == 0 {
                        var natural = [Int](repeating: 0, count: 64)
                        for k in 0..<64 {
                            natural[zigzag[k]] =
                                precision == 0
                                ? Int(bytes[p + 1 + k])
                                : Int(bytes[p + 1 + 2 * k]) << 8 | Int(bytes[p + 2 + 2 * k])
                        }
                        return natural
                    }
                    p += 1 + size
                }
            }
            at = end
        }
        return nil
    }
}
