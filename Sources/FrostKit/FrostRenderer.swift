import Frost
import Vips

/// The frosted-glass pixels, done by libvips operations; the parameters come from `Frost`.
public enum FrostRenderer {
    /// What the blur works on: 8-bit sRGB, three colour bands plus alpha when the image has one.
    /// With `applyingProfile`, a non-sRGB ICC profile (Display P3, Adobe RGB) is applied first, so
    /// that the picture looks the same once the profile is stripped; sRGB-tagged pixels are left
    /// as they are (a profile transform would nudge them, and pixels outside a mask must not move).
    ///
    /// A profile that cannot be applied (an RGB profile on a grey picture) is an error, unless
    /// `profileNotApplied` is given: then the pixels are taken as their colour space says (what a
    /// viewer that ignores the profile shows) and it is told why, so that the caller says so.
    public static func normalised(
        _ image: Image, applyingProfile: Bool = true, profileNotApplied: ((VipsError) -> Void)? = nil
    ) throws(VipsError) -> Image {
        var result = image
        if applyingProfile, let profile = result.blob(field: "icc-profile-data"), !ICCProfile(bytes: profile).isSRGB {
            do {
                result = try result.iccTransformedToSRGB()
            } catch {
                guard let profileNotApplied else { throw error }
                profileNotApplied(error)
            }
        }
        if result.interpretation != .srgb || result.bandFormat != .uchar {
            result = try result.colourspace(.srgb)
        }
        if result.bandFormat != .uchar { result = try result.cast(.uchar) }
        if result.bands > 4 { result = try result.extractBand(0, count: 4) }
        return result
    }

    /// The effect over the whole image: blur, saturate, tint. The result has the size and bands
    /// of `image` (a `normalised` image). Alpha, if any, is blurred with the colour (premultiplied,
    /// as Apple's vImage passes blur all four channels): a sharp alpha would keep the shapes of
    /// text drawn on a transparent background readable, whatever the colour bands hold.
    ///
    /// The fast route (`ShrinkPlan`) is used unless `exact` is set or the box is too small to
    /// gain from it; the exact route runs Apple's three box passes at full resolution.
    ///
    /// `image` is read once (the fast route reads it into the shrink), so it may be a `FrostInput`
    /// streamed from its file: alpha is blurred with the colour, and needs no second read.
    public static func frost(
        _ image: Image, effect: FrostEffect, scale: Double, exact: Bool = false
    ) throws(VipsError) -> Image {
        let hasAlpha = image.bands == 4
        let colour = hasAlpha ? try image.extractBand(0, count: 3) : image
        let box = effect.box(scale: scale)
        if let plan = plan(effect: effect, scale: scale, exact: exact) {
            return try shrunkEffect(image, plan: plan, effect: effect)
        }
        guard let box else {
            // No blur: nothing to spread, alpha stays as it is.
            let result = try saturatedAndTinted(colour, effect: effect)
            return hasAlpha ? try Image.bandjoin([result, try image.extractBand(3)]) : result
        }
        // Premultiplied, so that transparent pixels lend no colour to the average.
        var working = hasAlpha ? try image.premultiplied() : colour
        working = try boxPasses(working, box: box, rounding: !hasAlpha)
        guard hasAlpha else { return try saturatedAndTinted(working, effect: effect) }
        let unpremultiplied = try working.unpremultiplied()
        let alpha = try unpremultiplied.extractBand(3).linear([1], [0.5]).cast(.uchar)
        let result = try saturatedAndTinted(try unpremultiplied.extractBand(0, count: 3), effect: effect)
        return try Image.bandjoin([result, alpha])
    }

    /// The fast route's plan, nil when the exact passes run (asked for, no blur, or a small box).
    public static func plan(effect: FrostEffect, scale: Double, exact: Bool) -> ShrinkPlan? {
        guard !exact, let box = effect.box(scale: scale) else { return nil }
        return ShrinkPlan.forBox(box)
    }

    /// Shrink, blur, saturate and tint on the small image, then enlarge.
    private static func shrunkEffect(_ image: Image, plan: ShrinkPlan, effect: FrostEffect) throws(VipsError) -> Image {
        let hasAlpha = image.bands == 4
        // Materialised: the blur reads each small pixel many times, and a lazy shrink would be
        // recomputed for the overlapping margins of every tile the blur asks for.
        var small =
            hasAlpha
            ? try image.premultiplied().shrink(plan.shrink).copiedToMemory()
            : try image.shrink(plan.shrink).cast(.float).copiedToMemory()
        // Three passes, each clamped at the image edge as Apple's are: one wide Gaussian would
        // weigh the border rows differently (a dark title bar would bleed less).
        for _ in 0..<BoxBlur.passes {
            small = try small.gaussianBlur(sigma: plan.passSigma, minAmplitude: 0.005, precision: .float)
        }
        var alpha: Image?
        if hasAlpha {
            let unpremultiplied = try small.unpremultiplied()
            alpha = try unpremultiplied.extractBand(3).linear([1], [0.5]).cast(.uchar)
            small = try unpremultiplied.extractBand(0, count: 3)
        }
        small = try saturatedAndTinted(small, effect: effect)
        if let alpha { small = try Image.bandjoin([small, alpha]) }
        // Small and read many times by the enlargement: compute it once.
        small = try small.copiedToMemory()
        let repeatFactor = ShrinkPlan.finalRepeat
        let halfWidth = (image.width + repeatFactor - 1) / repeatFactor
        let halfHeight = (image.height + repeatFactor - 1) / repeatFactor
        return try small.enlargedBilinear(by: plan.bilinearFactor, width: halfWidth, height: halfHeight)
            .zoom(repeatFactor)
            .extractArea(x: 0, y: 0, width: image.width, height: image.height)
    }

    /// Apple's three d×d box averages with clamped edges. With `rounding`, each pass is rounded
    /// to 8 bits as vImage does (bit-exact for opaque images); otherwise kept in float.
    static func boxPasses(_ image: Image, box: BoxBlur, rounding: Bool) throws(VipsError) -> Image {
        let ones = try Image.matrix(width: box.width, height: 1, values: Array(repeating: 1, count: box.width))
        let area = Double(box.width * box.width)
        let bands = image.bands
        var result = image
        for _ in 0..<BoxBlur.passes {
            // Float sums are exact here (at most 255·d² < 2²⁴ for d < 256).
            let sums = try result.convsep(ones, precision: .float)
            result =
                rounding
                ? try sums.linear(Array(repeating: 1 / area, count: bands), Array(repeating: 0.5, count: bands)).cast(
                    .uchar)
                : try sums.linear(Array(repeating: 1 / area, count: bands), Array(repeating: 0, count: bands))
            // Each pass is read with a margin of d by the next: compute it once.
            result = try result.copiedToMemory()
        }
        return result
    }

    /// Saturation matrix then tint fill, each rounded to 8 bits as Apple's 8-bit buffers are.
    static func saturatedAndTinted(_ image: Image, effect: FrostEffect) throws(VipsError) -> Image {
        var result = image
        if let matrix = effect.saturationMatrix {
            let rows = matrix.recombRows
            let recomb = try Image.matrix(width: 3, height: 3, values: rows.flatMap { $0 })
            // +0.5 then truncation: the integer (sum + 128) / 256 of vImage; cast clamps to 0...255.
            result = try result.recomb(recomb).linear([1], [0.5]).cast(.uchar)
        } else if result.bandFormat != .uchar {
            result = try result.linear([1], [0.5]).cast(.uchar)
        }
        if let tint = effect.tintCompose {
            result = try result.linear([tint.scale, tint.scale, tint.scale], tint.offsets.map { $0 + 0.5 }).cast(.uchar)
        }
        return result
    }

    /// Frosted where the mask is white, original where black, blended in between (Apple's
    /// maskImage). Unlike Apple, whose tint fill ignores the mask, the tint stays inside it,
    /// so pixels under black are untouched.
    public static func masked(original: Image, frosted: Image, mask: Image) throws(VipsError) -> Image {
        try mask.ifThenElse(frosted, original, blend: true)
    }

    /// A one-band 8-bit mask the size of the image: luminance of `mask` (transparent counts as
    /// black), stretched to width × height when its size differs.
    public static func preparedMask(_ mask: Image, width: Int, height: Int) throws(VipsError) -> Image {
        var result = mask
        if result.hasAlpha { result = try result.flatten(background: [0]) }
        if result.bands > 1 || result.interpretation != .grey { result = try result.colourspace(.grey) }
        result = try result.extractBand(0)
        if result.bandFormat == .ushort {
            result = try result.linear([1.0 / 257], [0.5]).cast(.uchar)
        } else if result.bandFormat != .uchar {
            result = try result.cast(.uchar)
        }
        if result.width != width || result.height != height {
            result = try result.resized(toWidth: width, height: height)
        }
        return result
    }

    /// The original with only the regions taken from the frosted image. Each region is a hard-
    /// edged paste of pixels frosted over the whole image, so nothing outside changes and no
    /// sharp pixel from inside survives near a region's edge.
    public static func inRegions(original: Image, frosted: Image, regions: [Region]) throws(VipsError) -> Image {
        var result = original
        for region in regions {
            let patch = try frosted.extractArea(x: region.x, y: region.y, width: region.width, height: region.height)
            result = try result.insert(patch, x: region.x, y: region.y)
        }
        return result
    }
}
