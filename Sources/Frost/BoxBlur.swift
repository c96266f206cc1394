/// Apple's blur: three passes of a d×d box average (`vImageBoxConvolve_ARGB8888`), edges clamped,
/// each pass rounded to 8 bits. Three boxes of width d approximate a Gaussian of σ = r pixels.
public struct BoxBlur: Equatable, Sendable {
    /// The box width d in pixels, always odd.
    public let width: Int
    /// Box passes per blur: three, as Apple runs them.
    public static let passes = 3

    /// A blur with box width `width` (odd, at least 1).
    public init(width: Int) {
        precondition(width >= 1 && width % 2 == 1, "box width must be odd")
        self.width = width
    }

    /// d = floor(r · 3·√(2π)/4 + 0.5) with r = radius × scale, made odd; nil when Apple skips
    /// the blur (radius within float epsilon of 0).
    public init?(radius: Double, scale: Double) {
        guard radius > Double(Float.ulpOfOne) else { return nil }
        let pixels = radius * scale
        var width = Int((pixels * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if width % 2 != 1 { width += 1 }
        self.init(width: width)
    }

    /// Variance of the three passes in pixels²: each box of width d adds (d² − 1)/12.
    public var variance: Double { Double(BoxBlur.passes) * Double(width * width - 1) / 12 }

    /// How far one output pixel reaches into the input: three half-widths.
    public var reach: Int { BoxBlur.passes * (width / 2) }
}

/// The fast route to nearly the same pixels: shrink by k (block average), run the three passes
/// as Gaussians on the small image (each pass clamped at the edges, as Apple's are), then enlarge:
/// bilinear to half resolution and a 2× pixel repeat to full. The blur's variance is shared out so
/// that the whole chain has the variance of the three boxes.
///
/// Measured against the exact passes on real screenshots and photos (see the fidelity tests and
/// bench/blur): the error grows slowly with k (edge clamping and the Gaussian-versus-boxes shape
/// dominate), while the small image's Gaussians cost about 1/k³. k ≈ d/5.5 makes extra-light and
/// dark at 4K as cheap as light; capping k at 14 keeps big radii accurate (light at scale 2: k = 14
/// gives 46.8 dB on a small screenshot, k = 20 gave 43.6) at no visible cost, the small image being
/// tiny by then.
public struct ShrinkPlan: Equatable, Sendable {
    /// Block size k of the shrink; even, so that half resolution is a whole number of blocks.
    public let shrink: Int
    /// Standard deviation of each of the three Gaussian passes, in small-image pixels (about 1.7–2).
    public let passSigma: Double
    /// The final pixel repeat: bilinear interpolation runs at 1/finalRepeat of the output size,
    /// which costs a quarter, and repeating 2×2 moves a value by at most half a pixel, far less
    /// than the blur's σ of 10 pixels and more.
    public static let finalRepeat = 2

    /// The largest shrink used (see above).
    public static let maximumShrink = 14

    /// Bilinear enlargement factor from the small image to half resolution.
    public var bilinearFactor: Int { shrink / ShrinkPlan.finalRepeat }

    /// A plan with block size `shrink` and Gaussian σ `passSigma`; `forBox(_:)` computes both.
    public init(shrink: Int, passSigma: Double) {
        self.shrink = shrink
        self.passSigma = passSigma
    }

    /// The plan for a box blur, or nil when the box is too small to gain from shrinking
    /// (d < 12: the exact passes are cheap there, and a Gaussian is a poor stand-in for 3 tiny boxes).
    public static func forBox(_ box: BoxBlur) -> ShrinkPlan? {
        guard box.width >= 12 else { return nil }
        let k = min(maximumShrink, max(2, Int((Double(box.width) / 11).rounded()) * 2))
        let kk = Double(k * k)
        // Variance added by the shrink's block average, the bilinear tent (half-width k in full
        // pixels) and the 2×2 repeat; the Gaussians supply the rest.
        let repeatVariance = Double(finalRepeat * finalRepeat - 1) / 12
        let added = (kk - 1) / 12 + kk / 6 + repeatVariance
        let remaining = box.variance - added
        guard remaining > 0 else { return nil }
        return ShrinkPlan(shrink: k, passSigma: (remaining / kk / Double(BoxBlur.passes)).squareRoot())
    }
}

/// Apple's saturation step: a 4×4 integer matrix over the bytes B, G, R, A, each float
/// coefficient × 256 rounded, the result ÷ 256 and clamped.
public struct SaturationMatrix: Equatable, Sendable {
    /// Saturation delta factor: 1 leaves colours alone, 0 is grey, above 1 is more vivid.
    public let delta: Double

    /// The matrix for a saturation delta factor.
    public init(delta: Double) {
        self.delta = delta
    }

    /// Float rows as in Apple's source: row = input channel (B, G, R, A), column = output (B, G, R, A).
    /// 0.7873 in the red row is Apple's typo for 0.7874, kept for fidelity.
    public var floatRows: [[Double]] {
        let s = delta
        return [
            [0.0722 + 0.9278 * s, 0.0722 - 0.0722 * s, 0.0722 - 0.0722 * s, 0],
            [0.7152 - 0.7152 * s, 0.7152 + 0.2848 * s, 0.7152 - 0.7152 * s, 0],
            [0.2126 - 0.2126 * s, 0.2126 - 0.2126 * s, 0.2126 + 0.7873 * s, 0],
            [0, 0, 0, 1],
        ]
    }

    /// Fixed-point scale of the integer matrix (coefficients × 256).
    public static let divisor = 256

    /// The integer matrix Apple hands to `vImageMatrixMultiply_ARGB8888`.
    public var integerRows: [[Int]] {
        floatRows.map { row in row.map { Int(($0 * Double(SaturationMatrix.divisor)).rounded()) } }
    }

    /// The same matrix for libvips `recomb`: rows are outputs in R, G, B order, inputs R, G, B,
    /// already divided by 256. Alpha is left out (its row is the identity).
    public var recombRows: [[Double]] {
        let m = integerRows
        // Apple index: 0 = B, 1 = G, 2 = R. recomb[out][in] = apple[in][out].
        let order = [2, 1, 0]
        return order.map { output in order.map { input in Double(m[input][output]) / Double(SaturationMatrix.divisor) }
        }
    }
}
