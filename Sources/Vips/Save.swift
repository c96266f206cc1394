import CVips
import CoreTypes

#if canImport(Glibc)
import Glibc
#endif

extension Image {
    /// Writes the image to `filename` with the saver chosen by `format` (a suffix such as ".jpg";
    /// by default the file name's own suffix). Options are a libvips option string (`[Q=85]`).
    /// With `strip`, no metadata (EXIF, XMP, IPTC, ICC, PNG text) is written.
    ///
    /// This writes in place; callers that must never leave a partial file write to a temporary
    /// name and rename (see the commands' atomic output).
    public func save(
        to filename: String, format: String? = nil, options: String = "", strip: Bool = false
    ) throws(VipsError) {
        let suffix = format ?? SaveTarget(filename).suffix ?? ""
        if strip && suffix.lowercased() == ".webp" {
            try Self.write(try strippedWebP(options: options), to: filename)
            return
        }
        guard let saver = vips_foreign_find_save("x" + suffix) else {
            vips_error_clear()
            throw VipsError("no saver for \"\(suffix)\": use a suffix such as .jpg, .png, .webp, .tif")
        }
        let name = String(cString: saver)
        do {
            try Operation.call(
                name,
                [
                    ("in", .image(strip ? try withoutMetadata() : self)), ("filename", .string(filename)),
                    ("strip", .bool(strip)),
                ], options: Self.codecOptions(suffix: suffix, options: options), outputs: [])
        } catch {
            throw error.fromSaver(name)
        }
    }

    /// heifsave picks AV1 from a file name ending in .avif and HEVC otherwise; a name without that
    /// suffix (a temporary file) would get HEVC inside an .avif, which browsers cannot open. So an
    /// .avif is asked for AV1 explicitly, unless the options choose a compression themselves.
    /// Likewise ppmsave picks P5 grey (.pgm), PF float (.pfm) or P4 bits (.pbm) from the file
    /// name: a temporary name would get 8-bit colour P6 whatever the suffix, so it is asked too.
    static func codecOptions(suffix: String, options: String) -> String {
        let lower = suffix.lowercased(), given = options.lowercased()
        let inner = options.count > 2 ? String(options.dropFirst().dropLast()) + "," : ""
        if lower == ".avif", !given.contains("compression") { return "[" + inner + "compression=av1]" }
        if let netpbm = Self.netpbmFormats[lower], !given.contains("format") {
            return "[" + inner + "format=\(netpbm)]"
        }
        return options
    }

    /// The Netpbm suffixes whose format ppmsave otherwise takes from the file name.
    private static let netpbmFormats = [".pgm": "pgm", ".pfm": "pfm", ".pbm": "pbm", ".ppm": "ppm"]

    /// Writes the image to a file descriptor (standard output by default) in the format of
    /// `suffix` (".png", ".jpg", ...).
    public func save(
        toDescriptor descriptor: Int32 = 1, format suffix: String, options: String = "", strip: Bool = false
    ) throws(VipsError) {
        try VipsRuntime.ensure()
        if strip && suffix.lowercased() == ".webp" {
            try Self.write(try strippedWebP(options: options), toDescriptor: descriptor)
            return
        }
        guard let saver = vips_foreign_find_save_target(suffix) else {
            vips_error_clear()
            throw VipsError("cannot write \(suffix) to a stream")
        }
        guard let target = vips_target_new_to_descriptor(descriptor) else {
            throw VipsError.fromBuffer("cannot write to descriptor \(descriptor)")
        }
        let box = GObjectBox(owning: UnsafeMutableRawPointer(target))
        let name = String(cString: saver)
        do {
            try Operation.call(
                name,
                [
                    ("in", .image(strip ? try withoutMetadata() : self)), ("target", .object(box)),
                    ("strip", .bool(strip)),
                ], options: Self.codecOptions(suffix: suffix, options: options), outputs: [])
        } catch {
            throw error.fromSaver(name)
        }
    }

    /// The image as WebP without metadata. libvips 8.14.1's webpsave ignores `strip` and, when the
    /// image has no EXIF, makes one up (orientation, resolution, sizes); libwebpmux takes the
    /// EXIF, XMP and ICC chunks back out of the encoded file, which it rewrites without decoding.
    func strippedWebP(options: String) throws(VipsError) -> [UInt8] {
        let encoded = try Operation.call(
            "webpsave_buffer", [("in", .image(try withoutMetadata())), ("strip", .bool(true))], options: options,
            outputs: ["buffer"]
        ).bytes("buffer")
        guard let encoded else { throw VipsError("webpsave_buffer gave no bytes") }
        return try WebPChunks.removingMetadata(encoded)
    }

    private static func write(_ bytes: [UInt8], to filename: String) throws(VipsError) {
        guard let file = fopen(filename, "wb") else {
            throw VipsError("cannot write \(filename): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw VipsError("write error: \(String(cString: strerror(errno)))")
        }
    }

    private static func write(_ bytes: [UInt8], toDescriptor descriptor: Int32) throws(VipsError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw VipsError("write error: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    /// A copy (pixels shared) without the metadata a saver could write: the blobs (`exif-data`,
    /// `jpeg-thumbnail-data`, `xmp-data`, `iptc-data`, `icc-profile-data`, ...), the parsed
    /// `exif-*` tags EXIF is rebuilt from, and PNG comments. `strip` alone is not enough: libvips
    /// 8.14.0–8.14.1 webpsave ignores it and writes EXIF (GPS, thumbnail), XMP and ICC anyway
    /// (libvips issue 3340; Debian 12 ships 8.14.1).
    func withoutMetadata() throws(VipsError) -> Image {
        let fresh = try copy()
        for name in fieldNames
        where name.hasSuffix("-data") || name.hasPrefix("exif-") || name.hasPrefix("png-comment-") {
            _ = vips_image_remove(fresh.pointer, name)
        }
        return fresh
    }

    /// A copy (pixels shared) without the EXIF thumbnail: the picture before any change, which
    /// file managers show and which would carry the unfrosted or tilted original inside the copy.
    /// libvips 8.14 rebuilds EXIF from the fields when saving (`vips__exif_update`, JPEG, PNG,
    /// WebP, HEIF): it drops the thumbnail when `jpeg-thumbnail-data` is gone, and the IFD1 tags
    /// that described it when their `exif-ifd1-` fields are.
    public func withoutThumbnail() throws(VipsError) -> Image {
        let fresh = try copy()
        for name in fieldNames where name == "jpeg-thumbnail-data" || name.hasPrefix("exif-ifd1-") {
            _ = vips_image_remove(fresh.pointer, name)
        }
        return fresh
    }

    /// Whether this libheif has an AV1 encoder (aom, rav1e or SVT-AV1): a 16×16 image is saved as
    /// AVIF once, into /dev/null (no file to name or clean up). Without one, .avif cannot be
    /// written at all (rather than as HEVC, which browsers cannot open).
    public static let canEncodeAV1: Bool = {
        guard (try? VipsRuntime.ensure()) != nil, let probe = try? Image.constant(width: 16, height: 16, colour: [128])
        else { return false }
        let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard sink >= 0 else { return false }
        defer { close(sink) }
        do {
            try probe.save(toDescriptor: sink, format: ".avif")
            return true
        } catch {
            return false
        }
    }()

    /// The suffixes this libvips can write, checked at run time (AVIF/HEIC depend on the build).
    ///
    /// A probe, asked from batch worker threads: it never touches libvips' error buffer, which
    /// every thread shares (clearing it would wipe another thread's load error before that thread
    /// reads it; an unknown suffix given to `vips_foreign_find_save` would add a message to it).
    public static func canSave(format suffix: String) -> Bool {
        guard (try? VipsRuntime.ensure()) != nil else { return false }
        if suffix.lowercased() == ".avif" && !canEncodeAV1 { return false }
        // Only a suffix some saver declares is looked up: then the lookup cannot fail.
        guard saverSuffixes.contains(suffix.lowercased()), let saver = vips_foreign_find_save("x" + suffix),
            let operation = vips_operation_new(saver)
        else { return false }
        defer { g_object_unref(operation) }
        // A saver blocked as untrusted (magicksave for .bmp) cannot write either.
        return vips_operation_get_flags(operation).rawValue & VIPS_OPERATION_BLOCKED.rawValue == 0
    }

    /// Every suffix a libvips saver declares, lower-cased (libvips matches suffixes ignoring case).
    private static let saverSuffixes: Set<String> = {
        guard (try? VipsRuntime.ensure()) != nil, let list = vips_foreign_get_suffixes() else { return [] }
        defer { g_strfreev(list) }
        var suffixes = Set<String>()
        var index = 0
        while let suffix = list[index] {
            suffixes.insert(String(cString: suffix).lowercased())
            index += 1
        }
        return suffixes
    }()
}
