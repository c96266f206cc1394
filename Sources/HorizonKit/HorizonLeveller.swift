import CoreTypes
import Horizon
import Vips

/// `--fix`: turns the picture level and crops it in one resampling pass (libvips `affine` with
/// an output area), so no pixel is interpolated twice and the crop costs nothing extra.
public struct HorizonLeveller: Sendable {
    public var crop: CropMode
    /// Fill for the wedges of an uncropped levelling; nil = black (transparent when the picture
    /// has alpha).
    public var background: Colour?
    /// libvips interpolator: bicubic (default), lbb, nohalo or vsqbs.
    public var interpolator: Interpolation

    public init(crop: CropMode = .aspect, background: Colour? = nil, interpolator: Interpolation = .bicubic) {
        self.crop = crop
        self.background = background
        self.interpolator = interpolator
    }

    /// The geometry for a picture of this displayed size, and the whole-pixel rectangle written.
    public func plan(width: Int, height: Int, angleDegrees: Double) -> (levelling: Levelling, crop: CropRect) {
        let levelling = Levelling(width: width, height: height, angleDegrees: angleDegrees, crop: crop)
        switch crop {
        case .none:
            let size = CropRect(
                x: 0, y: 0, width: levelling.canvasWidth.rounded(.up),
                height: levelling.canvasHeight.rounded(.up))
            return (levelling, size)
        case .aspect, .maxArea:
            // One pixel in from the exact optimum: bicubic reads 2 px around each output pixel, and
            // pixels on the optimum's corners would otherwise mix in the extended border.
            let inset = angleDegrees == 0 ? 0 : 1.0
            return (levelling, levelling.crop.roundedInward(inset: inset))
        }
    }

    /// True when the corners are to be see-through (`--crop none` with a transparent background):
    /// a picture without alpha gets one, or the corners would come out opaque black.
    public var addsAlpha: Bool { crop == .none && (background?.opacity ?? 1) < 1 }

    /// The level, cropped picture (lazy: pixels are computed when it is saved).
    public func level(_ picture: Image, angleDegrees: Double) throws(VipsError) -> Image {
        let image = addsAlpha && !picture.hasAlpha ? try picture.withOpaqueAlpha() : picture
        let (levelling, rect) = plan(width: image.width, height: image.height, angleDegrees: angleDegrees)
        let vips = levelling.vipsAffine
        let area = [Int(rect.x), Int(rect.y), Int(rect.width), Int(rect.height)]
        // Interpolating colour next to transparent pixels needs premultiplied alpha, or the
        // transparent pixels' (arbitrary) colour bleeds in as a fringe.
        let format = image.bandFormat
        let source = image.hasAlpha ? try image.premultiplied() : image
        let fill = backgroundValues(bands: image.bands, hasAlpha: image.hasAlpha, format: format)
        var levelled = try source.affine(
            vips.matrix, outputArea: area, odx: vips.odx, ody: vips.ody,
            interpolate: interpolator, background: fill,
            extend: crop == .none ? .background : .copy)
        if image.hasAlpha { levelled = try levelled.unpremultiplied() }
        // Premultiplying made floats; bicubic may overshoot: cast back (libvips clips to range).
        return levelled.bandFormat == format ? levelled : try levelled.cast(format)
    }

    /// The background adapted to the picture's bands: a colour on a grey picture becomes its
    /// luma, an opaque alpha is added where the picture has one.
    func backgroundValues(bands: Int, hasAlpha: Bool, format: Image.BandFormat) -> [Double] {
        let colourBands = hasAlpha ? bands - 1 : bands
        let scale: Double = format == .ushort ? 257 : 1
        guard let given = background?.bytes() else {
            return [Double](repeating: 0, count: bands)  // black, and transparent if there is alpha
        }
        var colour = Array(given.prefix(3))
        let alpha = given.count >= 4 ? given[3] : 255
        if colour.count == 1 { colour = [colour[0], colour[0], colour[0]] }
        while colour.count < 3 { colour.append(colour.last ?? 0) }
        var values: [Double]
        if colourBands < 3 {
            let luma = 0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]
            values = [Double](repeating: luma, count: max(colourBands, 1))
        } else {
            values = colour + [Double](repeating: colour[2], count: colourBands - 3)
        }
        if hasAlpha { values.append(alpha) }
        return values.map { $0 * scale }
    }
}
