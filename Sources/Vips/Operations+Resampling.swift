import CVips

/// Resampling: block shrink and block average, subsampling, pixel zoom, bilinear enlargement, exact-size resize, thumbnails.
extension Image {
    /// Block average of factor × factor pixels. With `ceil`, a partial block at the right or
    /// bottom edge makes one more output pixel (averaging what is there) instead of being dropped.
    public func shrink(_ factor: Int, ceil: Bool = true) throws(VipsError) -> Image {
        try Operation.call(
            "shrink",
            [
                ("in", .image(self)), ("hshrink", .double(Double(factor))), ("vshrink", .double(Double(factor))),
                ("ceil", .bool(ceil)),
            ]
        ).image()
    }

    /// The same block average as `shrink(factor)` (with `ceil`: a partial block at the right or
    /// bottom edge is completed by repeating the last column or row, so for factor 2 it averages
    /// what is there), computed as a uniform integer convolution read every factor pixels. On
    /// 8-bit images with liborc's vector code this costs about two thirds of libvips 8.14's
    /// `shrink` (whose region traffic dominates when every page of a book is halved); without it,
    /// more than `shrink` (`VipsRuntime.usesVectorCode`). Other band formats use `shrink`.
    /// Rounding is to the nearest level, halves up, as `shrink` rounds.
    public func blockAverage(_ factor: Int) throws(VipsError) -> Image {
        guard factor > 1, bandFormat == .uchar else { return try shrink(max(factor, 1)) }
        let blocksWide = (width + factor - 1) / factor, blocksHigh = (height + factor - 1) / factor
        // libvips centres an even or odd mask on column and row factor / 2: sum (x, y) covers the
        // block starting factor / 2 pixels up and left. Pad one block more than whole blocks need
        // so every block read from the shifted sums lies inside the image.
        let centre = factor / 2
        let padded = try embed(
            x: 0, y: 0, width: (blocksWide + 1) * factor, height: (blocksHigh + 1) * factor, extend: .copy)
        let ones = try Image.matrix(
            width: factor, height: factor, values: Array(repeating: 1, count: factor * factor))
        vips_image_set_double(ones.pointer, "scale", Double(factor * factor))
        let sums = try padded.conv(ones, precision: .integer).extractArea(
            x: centre, y: centre, width: blocksWide * factor, height: blocksHigh * factor)
        // subsample asks its input for one line at a time: computing the sums first, in tiles,
        // avoids a convolution per line.
        return try sums.copiedToMemory().subsample(factor)
    }

    /// Keeps every factor-th pixel across and down, from the first (no averaging).
    public func subsample(_ factor: Int) throws(VipsError) -> Image {
        try Operation.call(
            "subsample", [("input", .image(self)), ("xfac", .int(factor)), ("yfac", .int(factor))]
        ).image()
    }

    /// Repeats each pixel factor × factor times (nearest-neighbour enlargement, no arithmetic).
    public func zoom(_ factor: Int) throws(VipsError) -> Image {
        try Operation.call("zoom", [("input", .image(self)), ("xfac", .int(factor)), ("yfac", .int(factor))]).image()
    }

    /// Enlarges by a whole factor with bilinear interpolation, pixel centres aligned (source pixel
    /// i is centred on output pixel factor·i + (factor−1)/2), edges clamped, cropped to width × height.
    public func enlargedBilinear(by factor: Int, width: Int, height: Int) throws(VipsError) -> Image {
        // affine maps output x to input x/factor − idx; the centre alignment needs idx = (f−1)/(2f).
        let shift = Double(factor - 1) / Double(2 * factor)
        return try Operation.call(
            "affine",
            [
                ("in", .image(self)), ("matrix", .doubles([Double(factor), 0, 0, Double(factor)])),
                ("interpolate", .object(try Interpolator.named(.bilinear))),
                ("oarea", .ints([0, 0, width, height])), ("idx", .double(shift)), ("idy", .double(shift)),
                ("extend", .string(Extend.copy.rawValue)),
            ]
        ).image()
    }

    /// Stretches to exactly width × height (each axis on its own), with the named kernel.
    public func resized(toWidth width: Int, height: Int, kernel: Kernel = .linear) throws(VipsError) -> Image {
        let stretched = try Operation.call(
            "resize",
            [
                ("in", .image(self)), ("scale", .double(Double(width) / Double(self.width))),
                ("vscale", .double(Double(height) / Double(self.height))), ("kernel", .string(kernel.rawValue)),
            ]
        ).image()
        if stretched.width == width && stretched.height == height { return stretched }
        // resize rounds the output size; pad or trim the last row/column to the exact size.
        return try stretched.embed(x: 0, y: 0, width: width, height: height, extend: .copy)
    }

    /// A thumbnail straight from the file, fitting inside width × height (enlarged to fit only
    /// when `enlarging`).
    /// Unlike `thumbnail(width:height:)` on a loaded image, the loader shrinks while decoding
    /// (JPEG DCT scaling, WebP/HEIF/PDF scale), which is most of the speed on large photos.
    /// EXIF orientation is applied. The file is first opened as `load` does (header only), so a
    /// missing file, an unknown or untrusted format or a decompression bomb fail the same way.
    public static func thumbnail(
        file path: String, width: Int, height: Int, enlarging: Bool = false,
        maxPixels: Int = defaultMaxPixels
    ) throws(VipsError) -> Image {
        // Header only (no pixels are decoded); the thumbnail then reopens the file with a shrink factor.
        _ = try load(path, autorotate: false, access: .sequential, maxPixels: maxPixels)
        return try Operation.call(
            "thumbnail",
            [
                ("filename", .string(path)), ("width", .int(width)), ("height", .int(height)),
                ("size", .string(enlarging ? "both" : "down")), ("fail_on", .string("truncated")),
            ]
        ).image()
    }
}
