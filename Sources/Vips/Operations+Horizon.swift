import CVips

/// Typed helpers for `imgtool horizon`: shrink-on-load thumbnails, coordinate images for drawing
/// lines without mutating draw operations, and metadata edits on private copies.
extension Image {
    /// A thumbnail straight from the file, fitting inside width × height and never enlarged.
    /// Unlike `thumbnail(width:height:)` on a loaded image, the loader shrinks while decoding
    /// (JPEG DCT scaling, WebP/HEIF/PDF scale), which is most of the speed on large photos.
    /// EXIF orientation is applied. The file is first opened as `load` does (header only), so a
    /// missing file, an unknown or untrusted format or a decompression bomb fail the same way.
    public static func thumbnail(file path: String, width: Int, height: Int,
                                 maxPixels: Int = defaultMaxPixels) throws(VipsError) -> Image {
        // Header only (no pixels are decoded); the thumbnail then reopens the file with a shrink factor.
        _ = try load(path, autorotate: false, access: .sequential, maxPixels: maxPixels)
        return try Operation.call("thumbnail", [
            ("filename", .string(path)), ("width", .int(width)), ("height", .int(height)),
            ("size", .string("down")), ("fail_on", .string("truncated")),
        ]).image()
    }

    /// A thumbnail of an image already loaded (from memory, a pipe), fitting inside width × height,
    /// never enlarged. libvips reuses any shrink-on-load the image's loader offers.
    public func thumbnailDown(width: Int, height: Int) throws(VipsError) -> Image {
        try Operation.call("thumbnail_image", [
            ("in", .image(self)), ("width", .int(width)), ("height", .int(height)), ("size", .string("down")),
        ]).image()
    }

    /// A two-band float image of the given size whose pixels hold their own (x, y) coordinates.
    public static func coordinates(width: Int, height: Int) throws(VipsError) -> Image {
        try Operation.call("xyz", [("width", .int(width)), ("height", .int(height))]).image()
    }

    /// `min(max(self, low), high)` per pixel, as float.
    public func clamped(low: Double, high: Double) throws(VipsError) -> Image {
        // libvips 8.14 has no clamp operation; this needs no masks:
        // clamp(v) = (|v − low| − |v − high| + low + high) / 2.
        let belowLow = try linear([1], [-low]).abs()
        let belowHigh = try linear([1], [-high]).abs()
        return try belowLow.subtract(belowHigh).linear([0.5], [(low + high) / 2])
    }

    /// out = self × (1 − k) + other × k per pixel, with k a one-band 0…1 image.
    public func blended(with other: Image, weight k: Image) throws(VipsError) -> Image {
        let difference = try other.subtract(self)
        let scaled = try Operation.call("multiply", [("left", .image(difference)), ("right", .image(k))]).image()
        return try Operation.call("add", [("left", .image(self)), ("right", .image(scaled))]).image()
    }

    /// A copy whose metadata field `name` holds the integer `value` (the pixels are shared).
    public func settingInt(_ value: Int, field name: String) throws(VipsError) -> Image {
        let fresh = try copy()
        vips_image_set_int(fresh.pointer, name, Int32(value))
        return fresh
    }

    /// A copy without the metadata field `name` (the pixels are shared).
    public func removingField(_ name: String) throws(VipsError) -> Image {
        let fresh = try copy()
        _ = vips_image_remove(fresh.pointer, name)
        return fresh
    }

    /// Gaussian blur in float with the mask cut at `minAmplitude` of its peak (libvips' default
    /// 0.2 cuts a σ = 1 mask to radius 1).
    public func gaussianBlurred(sigma: Double, minAmplitude: Double) throws(VipsError) -> Image {
        try Operation.call("gaussblur", [
            ("in", .image(self)), ("sigma", .double(sigma)), ("min_ampl", .double(minAmplitude)),
            ("precision", .string("float")),
        ]).image()
    }

    /// Colour bands × alpha / max alpha (float): resampling then does not pull in the colour of
    /// transparent pixels.
    public func alphaPremultiplied() throws(VipsError) -> Image {
        try Operation.call("premultiply", [("in", .image(self))]).image()
    }

    /// Undoes `alphaPremultiplied()` (float result).
    public func alphaUnpremultiplied() throws(VipsError) -> Image {
        try Operation.call("unpremultiply", [("in", .image(self))]).image()
    }
}
