/// libvips' enumerated options, typed: each raw value is libvips' own nick, passed by name to
/// the operation (a misspelt option is a compile error, not a libvips error at run time).

/// How pixel values are to be understood (`VipsInterpretation`).
public enum Interpretation: String, Sendable, CaseIterable {
    /// Bands of no particular meaning (pixels built from memory start as this).
    case multiband
    /// One band of grey, 0–255 (libvips' "b-w").
    case grey = "b-w"
    case histogram
    case xyz
    case lab
    case cmyk
    case labq
    case rgb
    case cmc
    case lch
    case labs
    case srgb
    case yxy
    case fourier
    case rgb16
    /// One band of grey, 0–65535.
    case grey16
    case matrix
    case scrgb
    case hsv
}

/// A resampling kernel for `resize` (`VipsKernel`).
public enum Kernel: String, Sendable, CaseIterable {
    case nearest, linear, cubic, mitchell, lanczos2, lanczos3
}

/// What fills the area outside an image (`VipsExtend`).
public enum Extend: String, Sendable, CaseIterable {
    case black, copy, `repeat`, mirror, white, background
}

/// The arithmetic of a convolution (`VipsPrecision`).
public enum Precision: String, Sendable, CaseIterable {
    case integer, float, approximate
}

/// A libvips resampler for `affine` (`vips_interpolate_new`'s names).
public enum Interpolation: String, Sendable, CaseIterable {
    case nearest, bilinear, bicubic, lbb, nohalo, vsqbs
}
