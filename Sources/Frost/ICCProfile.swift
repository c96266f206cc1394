/// Just enough of an ICC profile to tell sRGB from the rest: its description tag.
///
/// Why: stripping metadata removes the profile, and a viewer then takes the pixels as sRGB. For an
/// sRGB-tagged image that changes nothing, so its pixels are left alone (and stay bit-identical
/// outside a mask or region); any other profile (Display P3, Adobe RGB) must be applied first.
public struct ICCProfile: Equatable, Sendable {
    /// The profile's description, e.g. "sRGB IEC61966-2.1" or "Display P3"; nil if unreadable.
    public let description: String?

    /// Reads the description tag from the raw profile bytes (an image's `icc-profile-data`).
    public init(bytes: [UInt8]) {
        description = ICCProfile.readDescription(bytes)
    }

    /// True when the description names sRGB; an unreadable profile counts as not sRGB.
    public var isSRGB: Bool {
        description?.lowercased().contains("srgb") ?? false
    }

    private static func readDescription(_ bytes: [UInt8]) -> String? {
        // Header 128 bytes, then a tag count and 12-byte entries: signature, offset, size.
        guard let count = uint32(bytes, at: 128), count < 1000 else { return nil }
        for index in 0..<Int(count) {
            let entry = 132 + 12 * index
            guard let offset = uint32(bytes, at: entry + 4), let size = uint32(bytes, at: entry + 8) else { return nil }
            guard signature(bytes, at: entry) == "desc" else { continue }
            let start = Int(offset), end = start + Int(size)
            guard end <= bytes.count, size >= 12 else { return nil }
            return text(Array(bytes[start..<end]))
        }
        return nil
    }

    /// ICC v2 `desc` (ASCII) or v4 `mluc` (UTF-16BE, first record).
    private static func text(_ tag: [UInt8]) -> String? {
        switch signature(tag, at: 0) {
        case "desc":
            guard let length = uint32(tag, at: 8), 12 + Int(length) <= tag.count else { return nil }
            let ascii = tag[12..<(12 + Int(length))].prefix { $0 != 0 }
            return String(decoding: ascii, as: UTF8.self)
        case "mluc":
            guard let records = uint32(tag, at: 8), records > 0,
                let length = uint32(tag, at: 20), let offset = uint32(tag, at: 24),
                Int(offset) + Int(length) <= tag.count
            else { return nil }
            let raw = tag[Int(offset)..<(Int(offset) + Int(length))]
            let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map {
                UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1])
            }
            return String(decoding: units, as: UTF16.self)
        default:
            return nil
        }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func signature(_ bytes: [UInt8], at offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }
}
