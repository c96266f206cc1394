/// Typed helpers for the frosted-glass blur (`imgtool blur`): shrinking, enlarging, separable
/// convolution, alpha premultiplication and colour management.
extension Image {
    /// Block average of factor × factor pixels. With `ceil`, a partial block at the right or
    /// bottom edge makes one more output pixel (averaging what is there) instead of being dropped.
    public func shrink(_ factor: Int, ceil: Bool = true) throws(VipsError) -> Image {
        try Operation.call("shrink", [
            ("in", .image(self)), ("hshrink", .double(Double(factor))), ("vshrink", .double(Double(factor))), ("ceil", .bool(ceil)),
        ]).image()
    }

    /// Repeats each pixel factor × factor times (nearest-neighbour enlargement, no arithmetic).
    public func zoom(_ factor: Int) throws(VipsError) -> Image {
        try Operation.call("zoom", [("input", .image(self)), ("xfac", .int(factor)), ("yfac", .int(factor))]).image()
    }

    /// Separable convolution: `mask` (one row) runs across, then down. libvips extends the
    /// edges by copying the border pixels, which is the clamping vImage's `kvImageEdgeExtend` does.
    public func convsep(_ mask: Image, precision: String = "float") throws(VipsError) -> Image {
        try Operation.call("convsep", [("in", .image(self)), ("mask", .image(mask)), ("precision", .string(precision))]).image()
    }

    /// Gaussian blur whose mask is cut where it falls below `minAmplitude` of its peak. libvips'
    /// default cut (0.2) is coarse; frosted glass needs the tails.
    public func gaussianBlur(sigma: Double, minAmplitude: Double = 0.001, precision: String = "float") throws(VipsError) -> Image {
        try Operation.call("gaussblur", [
            ("in", .image(self)), ("sigma", .double(sigma)), ("min_ampl", .double(minAmplitude)), ("precision", .string(precision)),
        ]).image()
    }

    /// Multiplies the colour bands by alpha/255 (float result), so that averaging does not pull
    /// in the colour of transparent pixels.
    public func premultiplied() throws(VipsError) -> Image {
        try Operation.call("premultiply", [("in", .image(self))]).image()
    }

    /// Divides the colour bands by alpha/255 again (float result).
    public func unpremultiplied() throws(VipsError) -> Image {
        try Operation.call("unpremultiply", [("in", .image(self))]).image()
    }

    /// Enlarges by a whole factor with bilinear interpolation, pixel centres aligned (source pixel
    /// i is centred on output pixel factor·i + (factor−1)/2), edges clamped, cropped to width × height.
    public func enlargedBilinear(by factor: Int, width: Int, height: Int) throws(VipsError) -> Image {
        // affine maps output x to input x/factor − idx; the centre alignment needs idx = (f−1)/(2f).
        let shift = Double(factor - 1) / Double(2 * factor)
        return try Operation.call("affine", [
            ("in", .image(self)), ("matrix", .doubles([Double(factor), 0, 0, Double(factor)])),
            ("interpolate", .object(try Interpolator.named("bilinear"))),
            ("oarea", .ints([0, 0, width, height])), ("idx", .double(shift)), ("idy", .double(shift)),
            ("extend", .string("copy")),
        ]).image()
    }

    /// Stretches to exactly width × height (each axis on its own), with the named kernel.
    public func resized(toWidth width: Int, height: Int, kernel: String = "linear") throws(VipsError) -> Image {
        let stretched = try Operation.call("resize", [
            ("in", .image(self)), ("scale", .double(Double(width) / Double(self.width))),
            ("vscale", .double(Double(height) / Double(self.height))), ("kernel", .string(kernel)),
        ]).image()
        if stretched.width == width && stretched.height == height { return stretched }
        // resize rounds the output size; pad or trim the last row/column to the exact size.
        return try stretched.embed(x: 0, y: 0, width: width, height: height, extend: "copy")
    }

    /// Converts pixels from the embedded ICC profile to sRGB (8 bits), attaching the sRGB profile.
    public func iccTransformedToSRGB() throws(VipsError) -> Image {
        try Operation.call("icc_transform", [
            ("in", .image(self)), ("output_profile", .string("srgb")), ("embedded", .bool(true)), ("depth", .int(8)),
        ]).image()
    }

    /// True when the image carries an ICC profile.
    public var hasICCProfile: Bool { hasField("icc-profile-data") }
}
