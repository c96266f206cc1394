import Horizon
import Vips

/// What `imgtool horizon` found in one picture, in the coordinates of the picture as displayed
/// (after EXIF orientation) at full size.
public struct HorizonDetection: Sendable {
    /// Displayed size of the full picture.
    public var width: Int
    public var height: Int
    /// The estimator's findings on the thumbnail (its own pixel coordinates).
    public var analysis: HorizonAnalysis
    /// Size of the analysed thumbnail.
    public var analysedWidth: Int
    public var analysedHeight: Int
    /// The analysed thumbnail, upright and in memory, when the caller asked to keep it (the review
    /// page shows it): the photo is then decoded once for both.
    public var thumbnail: Image?

    /// The answer at full size, nil when the estimator abstained.
    public var estimate: HorizonEstimate? {
        analysis.estimate?.scaled(toWidth: width, height: height)
    }

    /// The best guess at full size, found or not (for overlays of rejected candidates).
    public var candidate: HorizonEstimate? {
        analysis.candidate?.scaled(toWidth: width, height: height)
    }
}

/// Detection pipeline: a thumbnail of 1024 px on the long side (shrink-on-load, so a
/// 24-megapixel JPEG is decoded at 1/4 or 1/8 scale; smaller pictures are enlarged towards it, at
/// most twice, so that a photo of 1024 px or more and its half-size copy are analysed alike), its
/// grey levels, a Gaussian blur and Sobel gradients, all computed by libvips; then the pure-Swift
/// estimator.
public enum HorizonDetector {
    /// Long side of the analysed thumbnail, whatever the picture's size. The estimator's sub-pixel
    /// line fit is accurate to a few hundredths of a degree at this size; larger only costs decoding
    /// time. Its gradient thresholds are per pixel, so a fixed size keeps answers from moving with
    /// the picture's size.
    public static let analysisSize = 1024

    /// The analysed long side for a picture whose long side is `longSide`: `analysisSize`, except
    /// that a small picture is enlarged at most twice. Enlarged further, the σ = 1 blur spans a
    /// fraction of one of the picture's own pixels and an edge's gradient peaks where the
    /// interpolation puts it, between two of them, wherever the edge lies: a nearly upright edge reads
    /// as a staircase of exactly upright pieces and the verticals' roll is pulled towards 0
    /// (bench/horizon/RESULTS.md, stop 8).
    public static func analysedLongSide(forLongSide longSide: Int) -> Int {
        min(analysisSize, 2 * max(longSide, 1))
    }

    /// Detects the horizon of an image file (standard input is the caller's to read: load it, then
    /// `detect(image:estimator:)`).
    public static func detect(
        file: String, estimator: HorizonEstimator,
        maxPixels: Int = Image.defaultMaxPixels
    ) throws(VipsError) -> HorizonDetection {
        let header = try Image.load(file, autorotate: false, access: .sequential, maxPixels: maxPixels)
        return try detect(file: file, header: header, estimator: estimator, maxPixels: maxPixels)
    }

    /// The same, for a caller that has opened the file's header already (`Image.load(file,
    /// autorotate: false, access: .sequential)`, for its metadata): the file is not opened again for it.
    public static func detect(
        file: String, header: Image, estimator: HorizonEstimator,
        maxPixels: Int = Image.defaultMaxPixels, keepingThumbnail: Bool = false
    ) throws(VipsError) -> HorizonDetection {
        let swapped = [5, 6, 7, 8].contains(header.orientation)
        let side = analysedLongSide(forLongSide: max(header.width, header.height))
        let thumbnail = try Image.thumbnail(
            file: file, width: side, height: side, enlarging: true, maxPixels: maxPixels)
        return try detect(
            thumbnail: thumbnail, fullWidth: swapped ? header.height : header.width,
            fullHeight: swapped ? header.width : header.height, estimator: estimator,
            keepingThumbnail: keepingThumbnail)
    }

    /// Detects the horizon of an image already loaded and upright (EXIF orientation applied).
    public static func detect(
        image: Image, estimator: HorizonEstimator, keepingThumbnail: Bool = false
    ) throws(VipsError) -> HorizonDetection {
        let side = analysedLongSide(forLongSide: max(image.width, image.height))
        let thumbnail = try image.thumbnail(width: side, height: side, enlarging: true)
        return try detect(
            thumbnail: thumbnail, fullWidth: image.width, fullHeight: image.height,
            estimator: estimator, keepingThumbnail: keepingThumbnail)
    }

    private static func detect(
        thumbnail: Image, fullWidth: Int, fullHeight: Int,
        estimator: HorizonEstimator, keepingThumbnail: Bool
    ) throws(VipsError) -> HorizonDetection {
        // A kept thumbnail is computed once into memory, so showing it later decodes nothing again.
        let analysed = keepingThumbnail ? try thumbnail.copiedToMemory() : thumbnail
        let map = try edgeMap(of: analysed)
        return HorizonDetection(
            width: fullWidth, height: fullHeight, analysis: estimator.analyse(map),
            analysedWidth: map.width, analysedHeight: map.height, thumbnail: keepingThumbnail ? analysed : nil)
    }

    /// Gradients in grey levels per pixel (Sobel ÷ 8) after a σ = 1 Gaussian blur, as the
    /// estimator expects. Borders are extended by copying, so the frame never looks like an edge.
    public static func edgeMap(of image: Image) throws(VipsError) -> EdgeMap {
        let grey = try greyLevels(image)
        // min_ampl 0.01 keeps the kernel's tails (radius 3 at σ 1), like the estimator's reference
        // blur; libvips' default (0.2) cuts it to radius 1.
        // Held in memory once: both gradients read it, and a pipeline would blur it for each.
        let smooth = try grey.gaussianBlur(sigma: 1, minAmplitude: 0.01, precision: .float).copiedToMemory()
        let gradientX = try smooth.conv(try sobelX(), precision: .float).floats()
        let gradientY = try smooth.conv(try sobelY(), precision: .float).floats()
        guard gradientX.count == image.width * image.height, gradientY.count == gradientX.count else {
            throw VipsError("gradient image has an unexpected size")
        }
        return EdgeMap(width: image.width, height: image.height, gx: gradientX, gy: gradientY)
    }

    /// One band on the 0…255 scale whatever the input (RGB, grey, CMYK, 16-bit, alpha): 8-bit as it
    /// comes, any other depth as floats.
    static func greyLevels(_ image: Image) throws(VipsError) -> Image {
        // Transparent areas take white, as a viewer on a light page shows them.
        var source = image.hasAlpha ? try image.flatten(background: [255]) : image
        if source.bands > 1 || source.interpretation != .grey {
            do {
                source = try source.colourspace(.grey)
            } catch {
                source = try source.extractBand(0)  // unusual layouts: the first band is good enough
            }
        }
        let range: Double
        switch source.bandFormat {
        case .ushort: range = 65535
        case .float, .double: range = source.interpretation == .grey16 ? 65535 : 255
        default: range = 255
        }
        // 8-bit grey goes to the blur as it is: libvips' float convolution reads each 8-bit value
        // into the same double sum as its float copy, so the result is the same, bit for bit, without
        // a float image of the whole picture in between.
        if source.bandFormat == .uchar { return source }
        let grey = source.bandFormat == .float ? source : try source.cast(.float)
        return range == 255 ? grey : try grey.linear([255 / range], [0])
    }

    private static func sobelX() throws(VipsError) -> Image {
        try Image.matrix(width: 3, height: 3, values: [-1, 0, 1, -2, 0, 2, -1, 0, 1].map { $0 / 8 })
    }

    private static func sobelY() throws(VipsError) -> Image {
        try Image.matrix(width: 3, height: 3, values: [-1, -2, -1, 0, 0, 0, 1, 2, 1].map { $0 / 8 })
    }
}
