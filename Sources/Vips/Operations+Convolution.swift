/// Convolutions with explicit masks and precision.
extension Image {
    /// Separable convolution: `mask` (one row) runs across, then down. libvips extends the
    /// edges by copying the border pixels, which is the clamping vImage's `kvImageEdgeExtend` does.
    public func convsep(_ mask: Image, precision: Precision = .float) throws(VipsError) -> Image {
        try Operation.call(
            "convsep", [("in", .image(self)), ("mask", .image(mask)), ("precision", .string(precision.rawValue))]
        ).image()
    }

    /// Gaussian blur of standard deviation `sigma` pixels whose mask is cut where it falls below
    /// `minAmplitude` of its peak. The defaults are libvips' own (0.2, integer precision); that cut
    /// is coarse, and frosted glass and edge detection pass their own.
    public func gaussianBlur(
        sigma: Double, minAmplitude: Double = 0.2, precision: Precision = .integer
    ) throws(VipsError) -> Image {
        try Operation.call(
            "gaussblur",
            [
                ("in", .image(self)), ("sigma", .double(sigma)), ("min_ampl", .double(minAmplitude)),
                ("precision", .string(precision.rawValue)),
            ]
        ).image()
    }
}
