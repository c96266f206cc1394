import Foundation
import Frost
import TestSupport
import Testing

/// Telling an sRGB profile (pixels left alone) from others (applied before stripping).
@Suite(.tags(.fast)) struct ICCProfileTests {
    /// A minimal profile: 128-byte header, one tag entry, the tag.
    static func profile(tag: [UInt8]) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        let header = [UInt8](repeating: 0, count: 128)
        let tagOffset = 128 + 4 + 12
        return header + be32(1) + Array("desc".utf8) + be32(tagOffset) + be32(tag.count) + tag
    }

    static func version2(_ text: String) -> [UInt8] {
        let ascii = Array(text.utf8) + [0]
        return Array("desc".utf8) + [0, 0, 0, 0] + [0, 0, 0, UInt8(ascii.count)] + ascii
            + [UInt8](repeating: 0, count: 79)
    }

    static func version4(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return Array("mluc".utf8) + [0, 0, 0, 0] + [0, 0, 0, 1] + [0, 0, 0, 12]
            + Array("enUS".utf8) + [0, 0, 0, UInt8(utf16.count)] + [0, 0, 0, 28] + utf16
    }

    @Test func readsVersion2AndVersion4Descriptions() {
        let srgb = ICCProfile(bytes: Self.profile(tag: Self.version2("sRGB IEC61966-2.1")))
        #expect(srgb.description == "sRGB IEC61966-2.1" && srgb.isSRGB)
        let p3 = ICCProfile(bytes: Self.profile(tag: Self.version4("Display P3")))
        #expect(p3.description == "Display P3" && !p3.isSRGB)
    }

    @Test func garbageIsNotSRGB() {
        #expect(!ICCProfile(bytes: []).isSRGB)
        #expect(!ICCProfile(bytes: [UInt8](repeating: 0xFF, count: 300)).isSRGB)
        var truncated = Self.profile(tag: Self.version2("sRGB"))
        truncated.removeLast(60)
        #expect(ICCProfile(bytes: truncated).description == nil)
    }

    /// Real profiles, where the system has them (ghostscript ships a few).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/color/icc/ghostscript/a98.icc")))
    func realProfiles() throws {
        let folder = "/usr/share/color/icc/ghostscript/"
        let srgb = ICCProfile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "srgb.icc"))))
        #expect(srgb.isSRGB, "\(srgb.description ?? "no description")")
        let adobe = ICCProfile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "a98.icc"))))
        #expect(adobe.description != nil && !adobe.isSRGB, "\(adobe.description ?? "no description")")
    }
}
