import Foundation
import TestSupport

/// Derives broken inputs from real files: generic byte damage plus format-aware damage that
/// reaches past the first sanity checks (chunk lengths, declared dimensions, xref offsets).
enum Mutator {
    static func mutate(_ original: [UInt8], random: inout SplitMix64) -> (bytes: [UInt8], how: String) {
        var bytes = original
        guard !bytes.isEmpty else { return (bytes, "empty") }
        let isPDF = original.starts(with: Array("%PDF".utf8))
        let isPNG = original.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = original.starts(with: [0xFF, 0xD8])
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            let flips = Int.random(in: 1...16, using: &random)
            for _ in 0..<flips {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8(
                    1 << Int.random(in: 0..<8, using: &random))
            }
            return (bytes, "flip \(flips) bits")
        case 1:
            // Truncation anywhere: header, first chunk, middle, the last bytes.
            let cut = Int.random(in: 0..<bytes.count, using: &random)
            return (Array(bytes[..<cut]), "truncate at \(cut)")
        case 2:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let length = min(bytes.count - start, Int.random(in: 1...512, using: &random))
            let fill: UInt8 = Bool.random(using: &random) ? 0xFF : 0x00
            for index in start..<(start + length) { bytes[index] = fill }
            return (bytes, "overwrite \(length) bytes at \(start) with \(fill)")
        case 3 where isPNG:
            return pngChunkLength(bytes, random: &random)
        case 3 where isJPEG:
            return jpegDimensions(bytes, random: &random)
        case 3 where isPDF, 4 where isPDF:
            return pdfText(bytes, random: &random)
        case 4 where isPNG || isJPEG:
            return headerDimensions(bytes, isPNG: isPNG, random: &random)
        case 5:
            // Duplicate a slice: repeated chunks, repeated objects.
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let length = min(bytes.count - start, Int.random(in: 1...4096, using: &random))
            bytes.insert(
                contentsOf: bytes[start..<(start + length)], at: Int.random(in: 0...bytes.count, using: &random))
            return (bytes, "duplicate \(length) bytes from \(start)")
        case 6:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let length = min(bytes.count - start, Int.random(in: 1...4096, using: &random))
            bytes.removeSubrange(start..<(start + length))
            return (bytes, "delete \(length) bytes at \(start)")
        default:
            for index in 0..<min(bytes.count, Int.random(in: 1...64, using: &random)) {
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            return (bytes, "random header")
        }
    }

    /// Sets the length field of a random PNG chunk to a random (often huge) value.
    private static func pngChunkLength(_ original: [UInt8], random: inout SplitMix64) -> ([UInt8], String) {
        var bytes = original
        var offsets: [Int] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            offsets.append(offset)
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            offset += 12 + length
        }
        guard let target = offsets.randomElement(using: &random) else { return (bytes, "png: no chunk") }
        let value = [UInt32(0), 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32.random(in: 0...UInt32.max, using: &random)]
            .randomElement(using: &random)!
        withUnsafeBytes(of: value.bigEndian) { for (index, byte) in $0.enumerated() { bytes[target + index] = byte } }
        return (bytes, "png chunk at \(target) length \(value)")
    }

    /// Rewrites the frame size in the JPEG SOF marker to absurd values.
    private static func jpegDimensions(_ original: [UInt8], random: inout SplitMix64) -> ([UInt8], String) {
        var bytes = original
        for index in 0..<(bytes.count - 9) where bytes[index] == 0xFF && (0xC0...0xC2).contains(bytes[index + 1]) {
            let height = UInt16.random(in: 0...UInt16.max, using: &random),
                width = UInt16.random(in: 0...UInt16.max, using: &random)
            bytes[index + 5] = UInt8(height >> 8); bytes[index + 6] = UInt8(height & 0xFF)
            bytes[index + 7] = UInt8(width >> 8); bytes[index + 8] = UInt8(width & 0xFF)
            return (bytes, "jpeg SOF \(width)×\(height)")
        }
        return (bytes, "jpeg: no SOF")
    }

    /// Absurd dimensions in the PNG IHDR (with a valid CRC, so the decoder believes them).
    private static func headerDimensions(
        _ original: [UInt8], isPNG: Bool, random: inout SplitMix64
    ) -> ([UInt8], String) {
        guard isPNG, original.count > 33 else { return jpegDimensions(original, random: &random) }
        var bytes = original
        let width = UInt32.random(in: 1...200_000, using: &random),
            height = UInt32.random(in: 1...200_000, using: &random)
        withUnsafeBytes(of: width.bigEndian) { for (i, b) in $0.enumerated() { bytes[16 + i] = b } }
        withUnsafeBytes(of: height.bigEndian) { for (i, b) in $0.enumerated() { bytes[20 + i] = b } }
        let crc = CRC32.checksum(bytes[12..<29])
        withUnsafeBytes(of: crc.bigEndian) { for (i, b) in $0.enumerated() { bytes[29 + i] = b } }
        return (bytes, "png IHDR \(width)×\(height)")
    }

    /// Text-level damage to PDF structure: xref offsets, page counts, boxes, object loops.
    private static func pdfText(_ original: [UInt8], random: inout SplitMix64) -> ([UInt8], String) {
        let edits: [(String, String)] = [
            ("/Count ", "/Count 99999999"), ("/MediaBox [", "/MediaBox [0 0 1e9 1e9] /X ["),
            ("/Rotate ", "/Rotate 45 /Y "), ("startxref", "startxref\n1"), ("endobj", "endob"),
            ("/Parent ", "/Parent 1 0 R /Z "), ("/Kids [", "/Kids [1 0 R 1 0 R "),
            ("/Length ", "/Length 999999999 /W "),
            ("xref", "xrfe"), ("/Type /Page", "/Type /Pages"), ("stream", "streem"),
            ("/Filter", "/Filter /JBIG2Decode /F"),
        ]
        let (target, replacement) = edits.randomElement(using: &random)!
        // Search bytes, not a String: binary streams do not survive a UTF-8 round trip.
        let needle = Array(target.utf8)
        guard original.count >= needle.count else { return (original, "pdf: too short") }
        let starts = (0...(original.count - needle.count)).filter {
            original[$0] == needle[0] && original[$0..<($0 + needle.count)].elementsEqual(needle)
        }
        guard let start = starts.randomElement(using: &random) else { return (original, "pdf: no \(target)") }
        var bytes = original
        bytes.replaceSubrange(start..<(start + needle.count), with: Array(replacement.utf8))
        return (bytes, "pdf \(target) → \(replacement)")
    }
}

enum CRC32 {
    static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
