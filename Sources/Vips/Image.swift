import CVips
import CoreTypes

/// A libvips image. It owns one reference to the underlying `VipsImage`.
///
/// libvips images are immutable once built, so one `Image` can be read from many threads
/// (the draw operations, which mutate, are not exposed here): hence `@unchecked Sendable`.
public final class Image: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CVips.VipsImage>

    /// Takes over a reference the caller already owns (+1).
    init(owning pointer: UnsafeMutablePointer<CVips.VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Width in pixels.
    public var width: Int { Int(vips_image_get_width(pointer)) }
    /// Height in pixels.
    public var height: Int { Int(vips_image_get_height(pointer)) }
    /// Number of bands (3 for RGB, 4 for RGBA, 1 for grey...).
    public var bands: Int { Int(vips_image_get_bands(pointer)) }
    /// The numeric type of each band value.
    public var bandFormat: BandFormat { BandFormat(rawValue: Int(vips_image_get_format(pointer).rawValue)) ?? .uchar }

    /// How libvips understands the pixels (`.srgb`, `.grey`, `.multiband`, ...).
    public var interpretation: Interpretation {
        let value = vips_image_get_interpretation(pointer)
        let nick = vips_enum_nick(vips_interpretation_get_type(), Int32(value.rawValue)).map { String(cString: $0) }
        return nick.flatMap(Interpretation.init(rawValue:)) ?? .multiband
    }

    /// The EXIF orientation tag (1...8), 1 when absent.
    public var orientation: Int { Int(vips_image_get_orientation(pointer)) }

    /// True when the image has an alpha band (e.g. RGBA, grey+alpha).
    public var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// The names of all metadata fields attached to the image.
    public var fieldNames: [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let name = fields[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// True when a metadata field called `name` is attached (e.g. "exif-data", "icc-profile-data").
    public func hasField(_ name: String) -> Bool {
        vips_image_get_typeof(pointer, name) != 0
    }

    // libvips' error buffer is shared by every thread: clearing it when nothing failed would wipe
    // the message of another thread's failing load before that thread reads it.

    /// An integer metadata field, nil when absent or of another type.
    public func int(field name: String) -> Int? {
        var value: Int32 = 0
        guard hasField(name) else { return nil }
        guard vips_image_get_int(pointer, name, &value) == 0 else { vips_error_clear(); return nil }
        return Int(value)
    }

    /// A double metadata field (e.g. "xres"), nil when absent or of another type.
    public func double(field name: String) -> Double? {
        var value = 0.0
        guard hasField(name) else { return nil }
        guard vips_image_get_double(pointer, name, &value) == 0 else { vips_error_clear(); return nil }
        return value
    }

    /// A string metadata field (e.g. "vips-loader"), nil when absent or of another type.
    public func string(field name: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard hasField(name) else { return nil }
        guard vips_image_get_string(pointer, name, &value) == 0, let value else {
            vips_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// Any field rendered as text, as `vipsheader -f` does.
    public func text(field name: String) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard hasField(name) else { return nil }
        guard vips_image_get_as_string(pointer, name, &value) == 0, let value else {
            vips_error_clear()
            return nil
        }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// The raw bytes of a blob field (ICC profile, EXIF block, XMP packet...).
    public func blob(field name: String) -> [UInt8]? {
        var data: UnsafeRawPointer?
        var length = 0
        guard hasField(name) else { return nil }
        guard vips_image_get_blob(pointer, name, &data, &length) == 0, let data else {
            vips_error_clear()
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The loader that produced the image, e.g. "jpegload_source", nil for computed images.
    public var loader: String? { string(field: "vips-loader") }

    /// Band format of the pixels.
    public enum BandFormat: Int, Sendable {
        /// In libvips' `VipsBandFormat` order.
        case uchar = 0, char, ushort, short, uint, int, float, complex, double, dpcomplex

        /// libvips' name for the format ("uchar", "float", ...).
        public var nick: String {
            ["uchar", "char", "ushort", "short", "uint", "int", "float", "complex", "double", "dpcomplex"][rawValue]
        }

        var cValue: VipsBandFormat { VipsBandFormat(rawValue: Int32(rawValue)) }
    }
}

// MARK: - Pixels in and out of memory

extension Image {
    /// Builds an image from packed, band-interleaved 8-bit pixels (copied).
    public convenience init(bytes: [UInt8], width: Int, height: Int, bands: Int) throws(VipsError) {
        try self.init(copying: bytes, width: width, height: height, bands: bands, format: .uchar)
    }

    /// Builds an image from packed, band-interleaved 32-bit float pixels (copied).
    public convenience init(floats: [Float], width: Int, height: Int, bands: Int) throws(VipsError) {
        try self.init(copying: floats, width: width, height: height, bands: bands, format: .float)
    }

    /// Builds an image from packed, band-interleaved 16-bit pixels (copied).
    public convenience init(ushorts: [UInt16], width: Int, height: Int, bands: Int) throws(VipsError) {
        try self.init(copying: ushorts, width: width, height: height, bands: bands, format: .ushort)
    }

    /// An image over `memory`'s bytes, without a copy: the image keeps `memory` until libvips
    /// closes it (its "postclose" signal), which may be after this `Image` goes, when images made
    /// from it still read its pixels.
    public convenience init(wrapping memory: PixelMemory) throws(VipsError) {
        try VipsRuntime.ensure()
        guard memory.width > 0, memory.height > 0, memory.bands > 0 else {
            throw VipsError("cannot wrap \(memory.width)×\(memory.height)×\(memory.bands) pixels")
        }
        guard
            let made = vips_image_new_from_memory(
                memory.bytes, memory.count, Int32(memory.width), Int32(memory.height), Int32(memory.bands),
                BandFormat.uchar.cValue)
        else { throw VipsError.fromBuffer("could not wrap pixels") }
        let kept = Unmanaged.passRetained(memory).toOpaque()
        let closed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, kept in
            if let kept { Unmanaged<PixelMemory>.fromOpaque(kept).release() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(made), "postclose", unsafeBitCast(closed, to: GCallback.self), kept, nil,
            GConnectFlags(rawValue: 0))
        self.init(owning: made)
    }

    private convenience init<T>(
        copying values: [T], width: Int, height: Int, bands: Int, format: BandFormat
    ) throws(VipsError) {
        try VipsRuntime.ensure()
        guard width > 0, height > 0, bands > 0, values.count == width * height * bands else {
            throw VipsError("pixel buffer of \(values.count) values does not match \(width)×\(height)×\(bands)")
        }
        let made = values.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(
                raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), format.cValue)
        }
        guard let made else { throw VipsError.fromBuffer("could not wrap pixels") }
        self.init(owning: made)
    }

    /// A matrix image (for convolution kernels and recomb), one band of doubles.
    public static func matrix(width: Int, height: Int, values: [Double]) throws(VipsError) -> Image {
        try VipsRuntime.ensure()
        guard values.count == width * height else { throw VipsError("matrix needs \(width * height) values") }
        guard
            let made = values.withUnsafeBufferPointer({
                vips_image_new_matrix_from_array(Int32(width), Int32(height), $0.baseAddress, Int32($0.count))
            })
        else {
            throw VipsError.fromBuffer("could not build a matrix")
        }
        return Image(owning: made)
    }

    /// Computes the image and returns its pixels, packed and band-interleaved, as 8-bit values.
    /// Cast first if the band format is not uchar.
    public func bytes() throws(VipsError) -> [UInt8] {
        let source = bandFormat == .uchar ? self : try cast(.uchar)
        return try source.memory(of: UInt8.self)
    }

    /// Computes the image and returns its pixels as 32-bit floats.
    public func floats() throws(VipsError) -> [Float] {
        let source = bandFormat == .float ? self : try cast(.float)
        return try source.memory(of: Float.self)
    }

    /// libvips computes the pixels (on its own threads) straight into the array's storage: an image
    /// over caller-owned memory is a valid target of `vips_image_write`, so nothing is copied after.
    private func memory<T: BitwiseCopyable>(of type: T.Type) throws(VipsError) -> [T] {
        let count = width * height * bands
        var failure: VipsError?
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard
                let target = vips_image_new_from_memory(
                    buffer.baseAddress, count * MemoryLayout<T>.stride, Int32(width), Int32(height),
                    Int32(bands), bandFormat.cValue)
            else {
                failure = VipsError.fromBuffer("could not compute the image")
                return
            }
            defer { g_object_unref(target) }
            guard vips_image_write(pointer, target) == 0 else {
                failure = VipsError.fromBuffer("could not compute the image")
                return
            }
            initialized = count
        }
        if let failure { throw failure }
        return values
    }
}
