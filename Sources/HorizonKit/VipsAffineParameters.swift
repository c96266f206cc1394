import Horizon

/// Arguments for libvips `affine`, whose pixel centres sit at integer coordinates
/// (this module's sit at +0.5): X = m[0]·(x + idx) + m[1]·(y + idy) + odx, Y likewise with m[2], m[3].
/// Measured on libvips 8.14.1 by resampling a one-pixel dot: pixel i of the input lands on
/// m·i + odx (integer centres confirmed), while a whole-pixel `idx` moved the bilinear result one
/// pixel less than documented. So `idx`/`idy` are always 0 and the half-pixel shift is folded
/// into `odx`/`ody`.
public struct VipsAffineParameters: Sendable, Equatable {
    /// libvips' `matrix` argument [m0, m1, m2, m3].
    public var matrix: [Double]
    /// Input x offset; always 0 (see above).
    public var idx: Double
    /// Input y offset; always 0 (see above).
    public var idy: Double
    /// Output x offset, with the half-pixel shift folded in.
    public var odx: Double
    /// Output y offset, with the half-pixel shift folded in.
    public var ody: Double
}

extension Levelling {
    /// `transform` restated for libvips `affine`; use `crop` (rounded inward) as its output area.
    public var vipsAffine: VipsAffineParameters {
        // X + ½ = a·(x + ½) + c·(y + ½) + tx  ⇒  X = a·x + c·y + tx + (a + c)/2 − ½.
        let t = transform
        return VipsAffineParameters(
            matrix: [t.a, t.c, t.b, t.d], idx: 0, idy: 0,
            odx: t.tx + (t.a + t.c) / 2 - 0.5, ody: t.ty + (t.b + t.d) / 2 - 0.5)
    }
}
