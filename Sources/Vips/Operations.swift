import CVips

/// Typed helpers over `Operation.call` for the operations the tools use. Anything else is one
/// `Operation.call("name", [...])` away.
extension Image {
    private func unary(
        _ name: String, _ extra: [(String, Operation.Argument)] = [], options: String? = nil
    ) throws(VipsError) -> Image {
        try Operation.call(name, [("in", .image(self))] + extra, options: options).image()
    }

    /// Converts the band format (values clipped to the new range, not scaled).
    public func cast(_ format: BandFormat) throws(VipsError) -> Image {
        try unary("cast", [("format", .string(format.nick))])
    }

    /// Shrinks (or, when `enlarging`, enlarges) to fit inside width × height, reusing any
    /// shrink-on-load the image's loader offers. libvips would otherwise default the height to the width.
    public func thumbnail(width: Int, height: Int, enlarging: Bool = true) throws(VipsError) -> Image {
        try Operation.call(
            "thumbnail_image",
            [
                ("in", .image(self)), ("width", .int(width)), ("height", .int(height)),
                ("size", .string(enlarging ? "both" : "down")),
            ]
        ).image()
    }

    /// Scales both axes by `scale` with `kernel`.
    public func resize(_ scale: Double, kernel: Kernel = .lanczos3) throws(VipsError) -> Image {
        try unary("resize", [("scale", .double(scale)), ("kernel", .string(kernel.rawValue))])
    }

    /// Converts to another interpretation (`.srgb`, `.grey`, `.lab`, ...).
    public func colourspace(_ space: Interpretation) throws(VipsError) -> Image {
        try unary("colourspace", [("space", .string(space.rawValue))])
    }

    /// Crops the rectangle at (x, y) of `width` × `height` pixels.
    public func extractArea(x: Int, y: Int, width: Int, height: Int) throws(VipsError) -> Image {
        try Operation.call(
            "extract_area",
            [
                ("input", .image(self)), ("left", .int(x)), ("top", .int(y)), ("width", .int(width)),
                ("height", .int(height)),
            ]
        ).image()
    }

    /// Bands `band` ..< `band + count` as a new image.
    public func extractBand(_ band: Int, count: Int = 1) throws(VipsError) -> Image {
        try unary("extract_band", [("band", .int(band)), ("n", .int(count))])
    }

    /// Stacks the bands of `images` into one image (e.g. RGB + alpha).
    public static func bandjoin(_ images: [Image]) throws(VipsError) -> Image {
        try Operation.call("bandjoin", [("in", .images(images))]).image()
    }

    /// out = in × a + b, per band when the lists have one value per band.
    public func linear(_ a: [Double], _ b: [Double], uchar: Bool = false) throws(VipsError) -> Image {
        try unary("linear", [("a", .doubles(a)), ("b", .doubles(b)), ("uchar", .bool(uchar))])
    }

    /// Separable convolution with a one-dimensional mask (used both ways).
    public func convasep(_ mask: Image, layers: Int = 5, precision: Precision = .integer) throws(VipsError) -> Image {
        try unary(
            "convasep", [("mask", .image(mask)), ("layers", .int(layers)), ("precision", .string(precision.rawValue))])
    }

    /// Convolution with a two-dimensional matrix image.
    public func conv(_ mask: Image, precision: Precision = .float) throws(VipsError) -> Image {
        try unary("conv", [("mask", .image(mask)), ("precision", .string(precision.rawValue))])
    }

    /// Multiplies each pixel's bands by a matrix (rows are outputs).
    public func recomb(_ matrix: Image) throws(VipsError) -> Image {
        try unary("recomb", [("m", .image(matrix))])
    }

    /// Affine transform `[a, b, c, d]` plus offsets, rendering the area `oarea` (x, y, w, h)
    /// of the output plane; one resampling pass with the named interpolator.
    public func affine(
        _ matrix: [Double], outputArea: [Int]? = nil, odx: Double = 0, ody: Double = 0,
        interpolate: Interpolation = .bicubic, background: [Double] = [0], extend: Extend = .background
    ) throws(VipsError) -> Image {
        var extra: [(String, Operation.Argument)] = [
            ("matrix", .doubles(matrix)), ("odx", .double(odx)), ("ody", .double(ody)),
            ("background", .doubles(background)), ("extend", .string(extend.rawValue)),
            ("interpolate", .object(try Interpolator.named(interpolate))),
        ]
        if let outputArea { extra.append(("oarea", .ints(outputArea))) }
        return try unary("affine", extra)
    }

    /// Places the image at (x, y) in a `width` × `height` canvas, filling the rest by `extend`.
    public func embed(
        x: Int, y: Int, width: Int, height: Int, extend: Extend = .copy, background: [Double] = [0]
    ) throws(VipsError) -> Image {
        try unary(
            "embed",
            [
                ("x", .int(x)), ("y", .int(y)), ("width", .int(width)), ("height", .int(height)),
                ("extend", .string(extend.rawValue)), ("background", .doubles(background)),
            ])
    }

    /// Pixels where `self` (a condition image) is non-zero come from `then`, others from `else`.
    public func ifThenElse(_ then: Image, _ otherwise: Image, blend: Bool = false) throws(VipsError) -> Image {
        try Operation.call(
            "ifthenelse",
            [
                ("cond", .image(self)), ("in1", .image(then)), ("in2", .image(otherwise)), ("blend", .bool(blend)),
            ]
        ).image()
    }

    /// The image turned clockwise by `quarterTurns` × 90° (exactly: pixels are moved, not resampled).
    public func rotated(quarterTurns: Int) throws(VipsError) -> Image {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else { return self }
        return try unary("rot", [("angle", .string(["d0", "d90", "d180", "d270"][turns]))])
    }

    /// Text laid out and drawn by Pango: one-band coverage (0…255), or, with `rgba`, four bands whose
    /// alpha is the coverage (Pango markup's `fgalpha` then makes spans transparent while keeping
    /// their place). `font`: a Pango description ("DejaVu Sans Bold 13"); at `dpi` 72 its size is
    /// in pixels.
    public static func text(
        _ markup: String, font: String, dpi: Int = 72, rgba: Bool = false
    ) throws(VipsError)
        -> Image
    {
        try Operation.call(
            "text", [("text", .string(markup)), ("font", .string(font)), ("dpi", .int(dpi)), ("rgba", .bool(rgba))]
        ).image()
    }

    /// Each pixel replaced by the `index`-th smallest of the `width` × `height` window around it
    /// (0: the least, an erosion; width × height − 1: the greatest, a dilation).
    public func rank(width: Int, height: Int, index: Int) throws(VipsError) -> Image {
        try unary("rank", [("width", .int(width)), ("height", .int(height)), ("index", .int(index))])
    }

    /// Pastes `sub` at (x, y) over `self`.
    public func insert(_ sub: Image, x: Int, y: Int) throws(VipsError) -> Image {
        try Operation.call("insert", [("main", .image(self)), ("sub", .image(sub)), ("x", .int(x)), ("y", .int(y))])
            .image()
    }

    /// Removes alpha by blending onto `background`.
    public func flatten(background: [Double]) throws(VipsError) -> Image {
        try unary("flatten", [("background", .doubles(background))])
    }

    /// The mean of all pixel values over all bands.
    public func average() throws(VipsError) -> Double {
        try Operation.call("avg", [("in", .image(self))], outputs: ["out"]).double("out") ?? .nan
    }

    /// The largest pixel value over all bands.
    public func maximum() throws(VipsError) -> Double {
        try Operation.call("max", [("in", .image(self))], outputs: ["out"]).double("out") ?? .nan
    }

    /// self − other per pixel (signed result).
    public func subtract(_ other: Image) throws(VipsError) -> Image {
        try Operation.call("subtract", [("left", .image(self)), ("right", .image(other))]).image()
    }

    /// Absolute value per pixel.
    public func abs() throws(VipsError) -> Image {
        try unary("abs")
    }

    /// Copies the image with metadata changes, e.g. removing a field or resetting the orientation.
    public func copy() throws(VipsError) -> Image {
        try unary("copy")
    }

    /// The same pixels described as `interpretation`, e.g. for pixels built from memory, which
    /// libvips calls `.multiband`.
    public func interpreted(as interpretation: Interpretation) throws(VipsError) -> Image {
        try unary("copy", [("interpretation", .string(interpretation.rawValue))])
    }
}

/// libvips resamplers as objects.
public enum Interpolator {
    /// The interpolator `kind`, to pass as `.object` to operations such as `affine`.
    public static func named(_ kind: Interpolation) throws(VipsError) -> GObjectBox {
        try VipsRuntime.ensure()
        guard let made = vips_interpolate_new(kind.rawValue) else {
            throw VipsError.fromBuffer("unknown interpolator \(kind.rawValue)")
        }
        return GObjectBox(owning: UnsafeMutableRawPointer(made))
    }
}
