import CLibRaw

#if canImport(Glibc)
import Glibc
#endif

/// A LibRaw failure: what was being done and LibRaw's own words.
public struct RawError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file could not be opened (missing, unreadable).
        case cannotOpen
        /// LibRaw does not know the format, or the data is damaged.
        case unsupported
        /// The photo has no embedded preview.
        case noPreview
        /// Any other LibRaw failure.
        case other
    }

    public var kind: Kind
    public var description: String

    public init(_ description: String, kind: Kind = .other) {
        self.description = description
        self.kind = kind
    }

    static func from(_ code: Int32, while step: String) -> RawError {
        let words = String(cString: libraw_strerror(code))
        switch code {
        case LIBRAW_IO_ERROR.rawValue: return RawError("\(step): \(words)", kind: .cannotOpen)
        case LIBRAW_FILE_UNSUPPORTED.rawValue, LIBRAW_DATA_ERROR.rawValue, LIBRAW_UNSUFFICIENT_MEMORY.rawValue:
            return RawError("\(step): \(words)", kind: .unsupported)
        case LIBRAW_NO_THUMBNAIL.rawValue: return RawError("\(step): \(words)", kind: .noPreview)
        default:
            // Negative codes other than the named ones are LibRaw's; positive ones are errno values.
            return code > 0
                ? RawError("\(step): \(String(cString: strerror(code)))", kind: .cannotOpen)
                : RawError("\(step): \(words)")
        }
    }
}

/// What the camera recorded, as LibRaw reads it.
public struct RawMetadata: Sendable, Equatable {
    public var make: String
    public var model: String
    /// Size of the full demosaiced picture as displayed (the camera's orientation applied).
    public var width: Int
    public var height: Int
    /// LibRaw's orientation code: 0 none, 3 turned 180°, 5 turned 90° counter-clockwise, 6 clockwise.
    public var flip: Int
    public var iso: Double?
    /// Seconds.
    public var shutter: Double?
    /// f-number.
    public var aperture: Double?
    /// Millimetres.
    public var focalLength: Double?
    /// Seconds since 1970, nil when the camera recorded none.
    public var timestamp: Int?
    public var lens: String?
    /// The largest embedded preview's size as stored (0 × 0 when there is none).
    public var previewWidth: Int
    public var previewHeight: Int
    /// The sensor's colour filter: Bayer, Fujifilm's X-Trans, or none (a demosaiced, linear raw).
    public var colourFilter: ColourFilter = .bayer

    public enum ColourFilter: Sendable, Equatable {
        case bayer, xTrans, none
    }

    /// Whether the picture is displayed with width and height swapped.
    public var turnsQuarter: Bool { flip == 5 || flip == 6 }
}

/// Pixels LibRaw made: packed, band-interleaved, 8 or 16 bits a sample (native byte order).
public struct RawBitmap: Sendable {
    public var width: Int
    public var height: Int
    public var bands: Int
    public var bitsPerSample: Int
    public var bytes: [UInt8]
}

/// An embedded preview: a JPEG file's bytes, or a bitmap.
public enum RawPreview: Sendable {
    case jpeg([UInt8])
    case bitmap(RawBitmap)
}

/// One raw photo opened with LibRaw (the thread-safe build: one handle per photo, used by one
/// thread at a time). Opening reads the metadata only; pixels are decoded on demand.
public final class RawPhoto {
    private let handle: UnsafeMutablePointer<libraw_data_t>
    public let path: String
    public let metadata: RawMetadata
    private var unpacked = false

    /// File suffixes (lower case, with the dot) of the raw formats people shoot; LibRaw reads more.
    public static let suffixes: Set<String> = [
        ".3fr", ".ari", ".arw", ".bay", ".cap", ".cr2", ".cr3", ".crw", ".dcr", ".dcs", ".dng", ".erf", ".fff",
        ".iiq", ".k25", ".kdc", ".mef", ".mos", ".mrw", ".nef", ".nrw", ".orf", ".pef", ".raf", ".raw", ".rw2",
        ".rwl", ".sr2", ".srf", ".srw", ".x3f",
    ]

    /// Whether `path` names a raw photo by its suffix.
    public static func isRaw(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return suffixes.contains(path[dot...].lowercased())
    }

    /// The LibRaw version string ("0.20.2-Release").
    public static var libraryVersion: String { String(cString: libraw_version()) }

    public init(path: String) throws(RawError) {
        guard let handle = libraw_init(0) else { throw RawError("LibRaw could not start") }
        self.handle = handle
        self.path = path
        let opened = libraw_open_file(handle, path)
        if opened != LIBRAW_SUCCESS.rawValue {
            libraw_close(handle)
            throw RawError.from(opened, while: "cannot read raw photo")
        }
        metadata = Self.readMetadata(handle.pointee)
    }

    deinit { libraw_close(handle) }

    /// The camera's embedded preview (usually a full- or near-full-size JPEG), as stored: its
    /// orientation is the camera's (`metadata.flip`), not applied.
    public func preview() throws(RawError) -> RawPreview {
        let unpacked = libraw_unpack_thumb(handle)
        guard unpacked == LIBRAW_SUCCESS.rawValue else { throw RawError.from(unpacked, while: "no embedded preview") }
        var code: Int32 = 0
        guard let made = libraw_dcraw_make_mem_thumb(handle, &code) else {
            throw RawError.from(code, while: "cannot read the embedded preview")
        }
        defer { libraw_dcraw_clear_mem(made) }
        let bytes = Self.bytes(of: made)
        if made.pointee.type == LIBRAW_IMAGE_JPEG { return .jpeg(bytes) }
        return .bitmap(
            RawBitmap(
                width: Int(made.pointee.width), height: Int(made.pointee.height), bands: Int(made.pointee.colors),
                bitsPerSample: Int(made.pointee.bits), bytes: bytes))
    }

    /// Demosaiced pixels, the camera's white balance, sRGB, orientation applied. `halfSize` takes
    /// each 2×2 Bayer block as one pixel (no interpolation: about four times faster, half the
    /// width and height); `bits` is 8 or 16 (16 is linear-free gamma-encoded sRGB as dcraw writes it).
    public func develop(halfSize: Bool, bits: Int = 8) throws(RawError) -> RawBitmap {
        handle.pointee.params.half_size = halfSize ? 1 : 0
        handle.pointee.params.output_bps = bits == 16 ? 16 : 8
        handle.pointee.params.use_camera_wb = 1
        if !unpacked {
            // Once per photo: each later demosaic starts again from the unpacked sensor data.
            let code = libraw_unpack(handle)
            guard code == LIBRAW_SUCCESS.rawValue else { throw RawError.from(code, while: "cannot decode raw data") }
            unpacked = true
        }
        let processed = libraw_dcraw_process(handle)
        guard processed == LIBRAW_SUCCESS.rawValue else {
            throw RawError.from(processed, while: "cannot develop raw data")
        }
        var code: Int32 = 0
        guard let made = libraw_dcraw_make_mem_image(handle, &code) else {
            throw RawError.from(code, while: "cannot develop raw data")
        }
        defer { libraw_dcraw_clear_mem(made) }
        return RawBitmap(
            width: Int(made.pointee.width), height: Int(made.pointee.height), bands: Int(made.pointee.colors),
            bitsPerSample: Int(made.pointee.bits), bytes: Self.bytes(of: made))
    }

    private static func bytes(of image: UnsafeMutablePointer<libraw_processed_image_t>) -> [UInt8] {
        let count = Int(image.pointee.data_size)
        let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        let start = UnsafeRawPointer(image).advanced(by: offset).assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: start, count: count))
    }

    private static func readMetadata(_ data: libraw_data_t) -> RawMetadata {
        let sizes = data.sizes, other = data.other, thumbnail = data.thumbnail
        let flip = Int(sizes.flip)
        let width = Int(sizes.width), height = Int(sizes.height)
        // Non-square pixels: LibRaw stretches one side on output (pixel_aspect).
        let aspect = sizes.pixel_aspect
        var outWidth = width, outHeight = height
        if aspect < 0.999 { outHeight = Int((Double(height) / aspect).rounded()) }
        if aspect > 1.001 { outWidth = Int((Double(width) * aspect).rounded()) }
        let quarter = flip == 5 || flip == 6
        func positive(_ value: Float) -> Double? { value > 0 && value.isFinite ? Double(value) : nil }
        let lens = text(data.lens.Lens)
        return RawMetadata(
            make: text(data.idata.make), model: text(data.idata.model),
            width: quarter ? outHeight : outWidth, height: quarter ? outWidth : outHeight, flip: flip,
            iso: positive(other.iso_speed), shutter: positive(other.shutter), aperture: positive(other.aperture),
            focalLength: positive(other.focal_len), timestamp: other.timestamp > 0 ? Int(other.timestamp) : nil,
            lens: lens.isEmpty ? nil : lens,
            previewWidth: Int(thumbnail.twidth), previewHeight: Int(thumbnail.theight),
            // LibRaw's filters: 9 marks X-Trans, 0 no colour filter array.
            colourFilter: data.idata.filters == 9 ? .xTrans : data.idata.filters == 0 ? .none : .bayer)
    }

    /// A fixed C character array (imported as a tuple) as a Swift string, up to its first NUL.
    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in
            var bytes = raw.prefix { $0 != 0 }
            while bytes.last == 0x20 { bytes = bytes.dropLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
