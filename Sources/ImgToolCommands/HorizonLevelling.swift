import Horizon
import Vips

/// `--fix`: turns the picture level and crops it in one resampling pass (libvips `affine` with
/// an output area), so no pixel is interpolated twice and the crop costs nothing extra.
public struct HorizonLeveller: Sendable {
    public var crop: CropMode
    /// Fill for the wedges of `--crop none`, one value per band or one for all; nil = black
    /// (transparent when the picture has alpha).
    public var background: [Double]?
    /// libvips interpolator: bicubic (default), lbb, nohalo or vsqbs.
    public var interpolator: String

    public init(crop: CropMode = .aspect, background: [Double]? = nil, interpolator: String = "bicubic") {
        self.crop = crop
        self.background = background
        self.interpolator = interpolator
    }

    /// The geometry for a picture of this displayed size, and the whole-pixel rectangle written.
    public func plan(width: Int, height: Int, angleDegrees: Double) -> (levelling: Levelling, crop: CropRect) {
        let levelling = Levelling(width: width, height: height, angleDegrees: angleDegrees, crop: crop)
        switch crop {
        case .none:
            let size = CropRect(x: 0, y: 0, width: levelling.canvasWidth.rounded(.up),
                                height: levelling.canvasHeight.rounded(.up))
            return (levelling, size)
        case .aspect, .maxArea:
            // One pixel in from the exact optimum: bicubic reads 2 px around each output pixel, and
            // pixels on the optimum's corners would otherwise mix in the extended border.
            let inset = angleDegrees == 0 ? 0 : 1.0
            return (levelling, levelling.crop.roundedInward(inset: inset))
        }
    }

    /// The level, cropped picture (lazy: pixels are computed when it is saved).
    public func level(_ image: Image, angleDegrees: Double) throws(VipsError) -> Image {
        let (levelling, rect) = plan(width: image.width, height: image.height, angleDegrees: angleDegrees)
        let vips = levelling.vipsAffine
        let area = [Int(rect.x), Int(rect.y), Int(rect.width), Int(rect.height)]
        // Interpolating colour next to transparent pixels needs premultiplied alpha, or the
        // transparent pixels' (arbitrary) colour bleeds in as a fringe.
        let format = image.bandFormat
        let source = image.hasAlpha ? try image.alphaPremultiplied() : image
        let fill = backgroundValues(bands: image.bands, hasAlpha: image.hasAlpha, format: format)
        var levelled = try source.affine(vips.matrix, outputArea: area, odx: vips.odx, ody: vips.ody,
                                         interpolate: interpolator, background: fill,
                                         extend: crop == .none ? "background" : "copy")
        if image.hasAlpha { levelled = try levelled.alphaUnpremultiplied() }
        // Premultiplying made floats; bicubic may overshoot: cast back (libvips clips to range).
        return levelled.bandFormat == format ? levelled : try levelled.cast(format)
    }

    /// `--background` adapted to the picture's bands: a colour on a grey picture becomes its
    /// luma, an opaque alpha is added where the picture has one.
    func backgroundValues(bands: Int, hasAlpha: Bool, format: Image.BandFormat) -> [Double] {
        let colourBands = hasAlpha ? bands - 1 : bands
        let scale: Double = format == .ushort ? 257 : 1
        guard let given = background, !given.isEmpty else {
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

/// The format and saver options of a levelled copy: the input's own format and, for JPEG, its
/// quality (estimated from the quantisation tables), chroma subsampling and progressive mode.
public struct HorizonSaveFormat: Sendable, Equatable {
    /// Saver suffix, e.g. ".jpg".
    public var suffix: String
    /// libvips option string, e.g. "[Q=87,subsample_mode=on]", or empty.
    public var options: String

    /// Formats whose saver the input's loader maps to; anything else is written as PNG.
    static let suffixes: [(loader: String, suffix: String)] = [
        ("jpegload", ".jpg"), ("pngload", ".png"), ("webpload", ".webp"), ("tiffload", ".tif"),
        ("gifload", ".gif"), ("jp2kload", ".jp2"), ("jxlload", ".jxl"), ("ppmload", ".ppm"),
        ("radload", ".hdr"), ("fitsload", ".fits"), ("vipsload", ".v"),
    ]

    /// WebP files do not record their quality; 90 keeps a re-save close to the original.
    static let webpQuality = 90
    /// For JPEGs whose tables cannot be read (no DQT before the scan).
    static let fallbackJPEGQuality = 90

    /// Chooses the format for a picture loaded by `loader` (nil: unknown), with `userSuffix` and
    /// `userOptions` from `-o name.ext[options]` overriding, and `quality` estimated from the file.
    public static func choose(for image: Image, userSuffix: String?, userOptions: String,
                              jpegQuality: Int?) -> HorizonSaveFormat {
        let loader = image.loader ?? ""
        var suffix = userSuffix ?? inputSuffix(for: image, loader: loader)
        if !Image.canSave(format: suffix) { suffix = ".png" }
        var parts: [String] = []
        let isJPEG = [".jpg", ".jpeg", ".jpe", ".jfif"].contains(suffix)
        if isJPEG && !userOptions.contains("Q=") {
            parts.append("Q=\(loader.hasPrefix("jpegload") ? jpegQuality ?? fallbackJPEGQuality : fallbackJPEGQuality)")
        }
        if isJPEG && loader.hasPrefix("jpegload") {
            if let subsampling = image.string(field: "jpeg-chroma-subsample") {
                parts.append("subsample_mode=\(subsampling == "4:4:4" ? "off" : "on")")
            }
            if image.int(field: "jpeg-multiscan") == 1 { parts.append("interlace") }
        }
        if suffix == ".webp" && !userOptions.contains("Q=") { parts.append("Q=\(webpQuality)") }
        let user = userOptions.count > 2 ? String(userOptions.dropFirst().dropLast()) : ""
        if !user.isEmpty { parts.append(user) }  // last, so the user's settings win
        return HorizonSaveFormat(suffix: suffix, options: parts.isEmpty ? "" : "[" + parts.joined(separator: ",") + "]")
    }

    /// Whether the file name's extension already names the format of `suffix` (.jpeg for .jpg).
    static func isSameFormat(_ path: String, _ suffix: String) -> Bool {
        guard let ext = SaveTarget(path).suffix else { return false }
        let aliases: [[String]] = [[".jpg", ".jpeg", ".jpe", ".jfif"], [".tif", ".tiff"], [".heic", ".heif"]]
        return ext == suffix || aliases.contains { $0.contains(ext) && $0.contains(suffix) }
    }

    private static func inputSuffix(for image: Image, loader: String) -> String {
        if loader.hasPrefix("heifload") {
            return image.string(field: "heif-compression") == "av1" ? ".avif" : ".heic"
        }
        return suffixes.first { loader.hasPrefix($0.loader) }?.suffix ?? ".png"
    }
}
