import CVips
import CoreTypes
import Foundation
import TestSupport
import Testing

@testable import Vips

/// A 64×48 RGB gradient with known pixels: r = 4x, g = 5y, b = 255 − 2x.
func gradient() throws -> Image {
    var bytes: [UInt8] = []
    for y in 0..<48 {
        for x in 0..<64 { bytes += [UInt8(4 * x), UInt8(5 * y), UInt8(255 - 2 * x)] }
    }
    return try Image(bytes: bytes, width: 64, height: 48, bands: 3)
}

/// Mean absolute difference of two same-sized images' pixels, in grey levels.
func meanDifference(_ a: Image, _ b: Image) throws -> Double {
    try a.cast(.float).subtract(b.cast(.float)).abs().average()
}

@Suite(.tags(.fast)) struct LoadSaveTests {
    @Test(arguments: [".png", ".tif", ".webp[lossless]", ".jpg[Q=95]", ".avif", ".heic"])
    func roundTrip(format: String) throws {
        let target = SaveTarget("x" + format)
        guard Image.canSave(format: target.suffix!) else { return }  // AVIF/HEIC depend on the libvips build
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out" + target.suffix!).path
        let original = try gradient()
        try original.save(to: path, options: target.options)
        let back = try Image.load(path)
        #expect(back.width == 64 && back.height == 48 && back.bands == 3)
        let lossless = [".png", ".tif", ".webp"].contains(target.suffix!)
        #expect(try meanDifference(original, back) <= (lossless ? 0 : 4))
    }

    @Test func jpegAndPngAreAvailable() {
        #expect(Image.canSave(format: ".jpg"))
        #expect(Image.canSave(format: ".png"))
        #expect(Image.canSave(format: ".webp"))
        #expect(!Image.canSave(format: ".nope"))
    }

    /// A probe asked from batch worker threads leaves libvips' shared error buffer as it found it:
    /// another thread's load error stays readable, and no message of its own is added. Tests run
    /// in parallel and may clear the buffer themselves, so a few tries are allowed; the old probe
    /// cleared it on every unknown suffix.
    @Test func canSaveLeavesTheSharedErrorBufferAlone() throws {
        // The buffer's lock exists only once libvips has started; this test may run before any other.
        try VipsRuntime.ensure()
        defer { vips_error_clear() }
        let kept = (0..<5).contains { _ in
            vips_error_clear()
            withVaList([]) { vips_verror("another thread", "its load failed", $0) }
            for suffix in [".png", ".nope", ".JPG", ".bmp", "", ".tif"] { _ = Image.canSave(format: suffix) }
            let buffer = String(cString: vips_error_buffer())
            return buffer.contains("its load failed") && !buffer.contains("x.nope")
        }
        #expect(kept)
        #expect(Image.canSave(format: ".JPG") && Image.canSave(format: ".tif"))
        #expect(!Image.canSave(format: "") && !Image.canSave(format: ".nope"))
    }

    @Test func saveTargetSplitsOptions() {
        #expect(SaveTarget("out.jpg[Q=85,strip]") == SaveTarget(path: "out.jpg", options: "[Q=85,strip]"))
        #expect(SaveTarget("dir.v2/out").suffix == nil)
        #expect(SaveTarget("a/b/PHOTO.JPG").suffix == ".jpg")
        #expect(SaveTarget("photo[1].png").options == "")
    }

    /// Writes through a pipe with the stream saver and reads it back with the stream loader.
    @Test func pipeRoundTrip() throws {
        // libvips may stop reading before the writer has sent the last bytes; closing the read end
        // must then fail the writer's write (EPIPE), not kill the whole test process by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let original = try gradient()
        let writeEnd = ends[1]
        let writer = Thread {
            try? original.save(toDescriptor: writeEnd, format: ".png")
            close(writeEnd)
        }
        writer.start()
        let back = try Image.load(descriptor: ends[0])
        #expect(try meanDifference(original, back.copiedToMemory()) == 0)
        close(ends[0])
    }

    @Test func exifOrientationIsApplied() throws {
        let stored = try Image.load(Fixtures.asset("exif-rotated.jpg"), autorotate: false)
        #expect(stored.orientation != 1)
        let upright = try Image.load(Fixtures.asset("exif-rotated.jpg"))
        #expect(upright.orientation == 1)
        #expect(upright.width == stored.height && upright.height == stored.width)
        // The upright picture is a horizon photo: landscape, and matching its source photo.
        #expect(upright.width > upright.height)
        let source = try Image.load(Fixtures.asset(ExifRotatedSource.name)).thumbnail(
            width: upright.width, height: upright.height)
        let small = try upright.thumbnail(width: source.width, height: source.height)
        #expect(small.width == source.width && small.height == source.height)
        #expect(try meanDifference(small, source) < 6)
    }

    @Test func stripRemovesMetadata() throws {
        let image = try Image.load(Fixtures.asset("exif-rotated.jpg"))
        #expect(image.hasField("exif-data"))
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = folder.appendingPathComponent("kept.jpg").path
        let stripped = folder.appendingPathComponent("stripped.jpg").path
        try image.save(to: kept)
        try image.save(to: stripped, strip: true)
        #expect(try Image.load(kept).hasField("exif-data"))
        let bare = try Image.load(stripped)
        for field in ["exif-data", "xmp-data", "iptc-data", "icc-profile-data"] {
            #expect(!bare.hasField(field), "\(field) survived strip")
        }
    }

    @Test func missingFileIsNamed() {
        #expect(throws: VipsError("no such file")) { try Image.load("/nonexistent/photo.jpg") }
    }

    @Test func textFileIsNotAnImage() {
        #expect(throws: VipsError("not a known image format")) { try Image.load(Fixtures.asset("not-an-image.txt")) }
    }

    @Test func truncatedJPEGFailsWhenDecoded() throws {
        let image = try Image.load(Fixtures.asset("truncated.jpg"))
        let error = #expect(throws: VipsError.self) { try image.average() }
        #expect(error?.description.isEmpty == false)
    }

    @Test func unknownOperationAndArgumentAreErrors() throws {
        #expect(throws: VipsError.self) { try Operation.call("no_such_operation", []) }
        let error = #expect(throws: VipsError.self) {
            try Operation.call("invert", [("in", .image(try gradient())), ("nonsense", .int(1))])
        }
        #expect(error?.description.contains("nonsense") == true)
    }

    @Test func enumArgumentsTakeNicks() throws {
        let grey = try gradient().colourspace(.grey)
        #expect(grey.bands == 1 && grey.interpretation == .grey)
        #expect(throws: VipsError.self) {
            try Operation.call("colourspace", [("in", .image(try gradient())), ("space", .string("not-a-space"))])
        }
    }

    /// Each typed option's raw values are libvips' own nicks, and every interpretation libvips
    /// has is one of ours (the getter would otherwise call it multiband).
    @Test func typedOptionsAreLibvipsOwnNicks() throws {
        try VipsRuntime.ensure()
        func nicks(_ type: GType) -> Set<String> {
            guard let enumClass = g_type_class_ref(type)?.assumingMemoryBound(to: GEnumClass.self) else { return [] }
            defer { g_type_class_unref(enumClass) }
            return Set(
                (0..<Int(enumClass.pointee.n_values)).compactMap { enumClass.pointee.values[$0].value_nick }.map {
                    String(cString: $0)
                })
        }
        let interpretations = nicks(vips_interpretation_get_type()).subtracting(["error", "last"])
        #expect(interpretations == Set(Interpretation.allCases.map(\.rawValue)))
        #expect(Set(Kernel.allCases.map(\.rawValue)).isSubset(of: nicks(vips_kernel_get_type())))
        #expect(Set(Extend.allCases.map(\.rawValue)).isSubset(of: nicks(vips_extend_get_type())))
        #expect(Set(Precision.allCases.map(\.rawValue)).isSubset(of: nicks(vips_precision_get_type())))
        for kind in Interpolation.allCases { _ = try Interpolator.named(kind) }
        // The typed options reach libvips: a resize by kernel, an embed by extend, a convolution by precision.
        let image = try gradient()
        #expect(try image.resize(0.5, kernel: .nearest).width == 32)
        #expect(try image.embed(x: 4, y: 4, width: 72, height: 56, extend: .white).width == 72)
        #expect(try image.conv(try Image.matrix(width: 1, height: 1, values: [1]), precision: .integer).width == 64)
    }
}

/// The photo exif-rotated.jpg was made from (see Assets/LICENSES.md).
enum ExifRotatedSource {
    static let name = "horizon-lake.jpg"
}

@Suite(.tags(.fast)) struct LimitTests {
    @Test func decompressionBombIsRefusedFromItsHeader() throws {
        let error = #expect(throws: VipsError.self) { try Image.load(Fixtures.asset("bomb.png")) }
        #expect(error?.description.contains("100000×100000") == true)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("bomb.png"))))
        #expect(throws: VipsError.self) { try Image.load(bytes: bytes) }
    }

    @Test func limitCanBeRaisedOrLowered() throws {
        #expect(throws: VipsError.self) { try Image.load(Fixtures.asset("horizon-lake.jpg"), maxPixels: 1000) }
        #expect(try Image.load(Fixtures.asset("horizon-lake.jpg"), maxPixels: 1024 * 640).width == 1024)
    }

    /// A real PNG whose tEXt chunk is made to declare 2 GB (as the fuzzer found): refused from its
    /// structure before libspng reserves the memory; sound PNGs with text chunks still load.
    @Test func forgedChunkLengthIsRefusedFirst() throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("screenshot-text.png"))))
        #expect(try Image.load(bytes: bytes).width == 642)
        var offset = 8, patched = false
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "tEXt" {
                bytes.replaceSubrange(offset..<(offset + 4), with: [0x7f, 0xff, 0xff, 0xff])
                patched = true
                break
            }
            offset += 12 + length
        }
        #expect(patched, "the screenshot has a tEXt chunk")
        let error = #expect(throws: VipsError.self) { try Image.load(bytes: bytes) }
        #expect(
            error?.description.contains("tEXt chunk declares 2147483647 bytes") == true, "\(String(describing: error))")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forged.png")
        try Data(bytes).write(to: file)
        #expect(throws: VipsError.self) { try Image.load(file.path) }
        // Cut short inside the image data: also refused from the structure.
        try Data(bytes.prefix(bytes.count / 2)).write(to: file)
        #expect(throws: VipsError.self) { try Image.load(file.path) }
    }
}
