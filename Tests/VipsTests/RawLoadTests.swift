import Foundation
import TestSupport
import Testing

@testable import Vips

/// rawload is re-enabled alone after the untrusted loaders are blocked: it reads exactly the
/// bytes it is told to, yet no file is ever sniffed into it or into the other untrusted loaders.
/// The blocking is the executables' runtime policy (`ToolRuntime`), applied here as they apply it.
@Suite(.tags(.fast)) struct RawLoadTests {
    init() {
        VipsRuntime.configure(VipsRuntime.Settings(blocksUntrustedLoaders: true, silencesWarnings: true))
    }

    @Test func readsPixelsAtAnOffset() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pixels.raw").path
        let pixels = (0..<(5 * 3 * 4)).map { UInt8($0 * 4) }  // 5×3 RGBA
        try Data([UInt8](repeating: 0xEE, count: 16) + pixels).write(to: URL(fileURLWithPath: path))
        let image = try Image.rawload(path: path, width: 5, height: 3, bands: 4, offset: 16)
        unlink(path)  // libvips already holds the file open
        #expect(image.width == 5 && image.height == 3 && image.bands == 4 && image.interpretation == .srgb)
        #expect(try image.bytes() == pixels)
    }

    @Test func rawFilesAreNotSniffedAndOtherUntrustedLoadersStayBlocked() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("pixels.raw").path
        try Data(repeating: 7, count: 300).write(to: URL(fileURLWithPath: raw))
        #expect(throws: VipsError("not a known image format")) { try Image.load(raw) }
        let ppm = folder.appendingPathComponent("tiny.ppm").path
        try Data("P6\n2 1\n255\n".utf8 + [1, 2, 3, 4, 5, 6]).write(to: URL(fileURLWithPath: ppm))
        // Blocked unless the runtime policy accepts it (the tools' policy does: InputFormatTests).
        #expect(throws: VipsError.untrustedLoader(format: "ppm")) {
            try Image.load(ppm)
        }
    }

    @Test func constantHasOneValuePerBand() throws {
        let image = try Image.constant(width: 3, height: 2, colour: [10, 20, 30, 40])
        #expect(image.bands == 4 && image.bandFormat == .uchar)
        #expect(try image.bytes() == Array(repeating: [10, 20, 30, 40], count: 6).flatMap { $0 })
    }
}
