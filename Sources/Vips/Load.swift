import CVips

#if canImport(Glibc)
import Glibc
#endif

extension Image {
    /// How pixels will be read: `sequential` streams top to bottom with little memory,
    /// `random` allows any order (needed for rotations, multi-pass analysis).
    public enum Access: String, Sendable {
        /// `random` reads in any order; `sequential` streams top to bottom.
        case random, sequential
    }

    /// Decompression-bomb guard: a header may declare 100000×100000 pixels in a few hundred bytes.
    /// 500 megapixels is far above any camera (a 100 MP photo passes) yet stops such files before
    /// any pixel is decoded.
    public static let defaultMaxPixels = 500_000_000

    /// Loads an image from a path (`-` is a file of that name: standard input is the caller's to
    /// pass as `.descriptor(0)`), finding the format from the bytes (not the name). EXIF orientation is applied and the tag removed when
    /// `autorotate` is set, so the pixels are as a person sees the picture.
    /// Truncated or corrupt data fails when the pixels are computed, not silently.
    /// Images declaring more than `maxPixels` pixels are refused from their header.
    public static func load(
        _ path: String, autorotate: Bool = true, access: Access = .random,
        maxPixels: Int = defaultMaxPixels
    ) throws(VipsError) -> Image {
        try VipsRuntime.ensure()
        try checkReadable(path)
        if let problem = PNGChunkGuard.problem(path: path) { throw VipsError(problem) }
        guard let loader = vips_foreign_find_load(path) else {
            vips_error_clear()
            throw VipsError("not a known image format")
        }
        return try open(
            loader: loader, input: ("filename", .string(path)), autorotate: autorotate, access: access,
            maxPixels: maxPixels)
    }

    /// Loads an image streamed from a file descriptor (a pipe, standard input), format sniffed
    /// from the first bytes.
    public static func load(
        descriptor: Int32, autorotate: Bool = true, access: Access = .random,
        maxPixels: Int = defaultMaxPixels
    ) throws(VipsError) -> Image {
        try VipsRuntime.ensure()
        guard let source = vips_source_new_from_descriptor(descriptor) else {
            throw VipsError.fromBuffer("cannot read descriptor \(descriptor)")
        }
        let box = GObjectBox(owning: UnsafeMutableRawPointer(source))
        guard let loader = vips_foreign_find_load_source(source) else {
            vips_error_clear()
            throw VipsError(descriptor == 0 ? "standard input is not a known image format" : "not a known image format")
        }
        return try open(
            loader: loader, input: ("source", .object(box)), autorotate: autorotate, access: access,
            maxPixels: maxPixels)
    }

    /// The common end of every load: refuse blocked loaders, build the lazy image, check its
    /// declared size before any pixel is decoded, then apply the EXIF orientation.
    private static func open(
        loader: UnsafePointer<CChar>, input: (String, Operation.Argument), autorotate: Bool,
        access: Access, maxPixels: Int
    ) throws(VipsError) -> Image {
        let name = String(cString: loader)
        try refuseBlocked(name)
        let image = try Operation.call(
            name,
            [
                input, ("access", .string(access.rawValue)), ("fail_on", .string("truncated")),
            ]
        ).image()
        try image.checkSize(maxPixels: maxPixels)
        guard autorotate, image.orientation != 1 else { return image }
        return try image.autorotated()
    }

    /// Loads an image held in memory (format found from the bytes).
    public static func load(
        bytes: [UInt8], autorotate: Bool = true, maxPixels: Int = defaultMaxPixels
    ) throws(VipsError) -> Image {
        try VipsRuntime.ensure()
        if let problem = PNGChunkGuard.problem(bytes: bytes) { throw VipsError(problem) }
        // A memory source reads the bytes without copying them, so compute the pixels before
        // the buffer goes out of scope.
        let loaded: Result<Image, VipsError> = bytes.withUnsafeBytes { raw in
            guard let source = vips_source_new_from_memory(raw.baseAddress, raw.count) else {
                return .failure(VipsError.fromBuffer("cannot read image bytes"))
            }
            let box = GObjectBox(owning: UnsafeMutableRawPointer(source))
            guard let loader = vips_foreign_find_load_source(source) else {
                vips_error_clear()
                return .failure(VipsError("not a known image format"))
            }
            return Result { () throws(VipsError) -> Image in
                let lazy = try Operation.call(
                    String(cString: loader),
                    [
                        ("source", .object(box)), ("fail_on", .string("truncated")),
                    ]
                ).image()
                try lazy.checkSize(maxPixels: maxPixels)
                return try lazy.copiedToMemory()
            }
        }
        let image = try loaded.get()
        guard autorotate, image.orientation != 1 else { return image }
        return try image.autorotated()
    }

    /// Refuses images whose header declares more pixels than `maxPixels` (checked before decoding).
    func checkSize(maxPixels: Int) throws(VipsError) {
        let pixels = width.multipliedReportingOverflow(by: height)
        if pixels.overflow || pixels.partialValue > maxPixels {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
    }

    /// Applies the EXIF orientation tag to the pixels and removes it.
    public func autorotated() throws(VipsError) -> Image {
        try Operation.call("autorot", [("in", .image(self))]).image()
    }

    /// Computes the whole image into memory once, so later reads do not recompute the pipeline.
    public func copiedToMemory() throws(VipsError) -> Image {
        guard let copy = vips_image_copy_memory(pointer) else {
            throw VipsError.fromBuffer("could not compute the image")
        }
        return Image(owning: copy)
    }

    /// Loaders libvips marks untrusted (PDF, MATLAB, FITS, ...) are blocked at start-up; say so
    /// plainly instead of libvips' "operation is blocked".
    private static func refuseBlocked(_ loader: String) throws(VipsError) {
        guard let operation = vips_operation_new(loader) else { return }
        defer { g_object_unref(operation) }
        if vips_operation_get_flags(operation).rawValue & VIPS_OPERATION_BLOCKED.rawValue != 0 {
            // "VipsForeignLoadPdfFile" -> "pdf"
            var format = Substring(loader)
            if format.hasPrefix("VipsForeignLoad") { format = format.dropFirst("VipsForeignLoad".count) }
            for suffix in ["File", "Source", "Buffer"] where format.hasSuffix(suffix) {
                format = format.dropLast(suffix.count)
            }
            throw VipsError.untrustedLoader(format: format.lowercased())
        }
    }

    private static func checkReadable(_ path: String) throws(VipsError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw VipsError(errno == ENOENT ? "no such file" : "cannot read: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw VipsError("is a directory") }
        guard access(path, R_OK) == 0 else { throw VipsError("permission denied") }
    }
}
