import Horizon
import LibRaw
import Vips

#if canImport(Glibc)
import Glibc
#endif

/// Which pixels of a raw photo the detector looks at.
public enum RawAnalysisSource: String, Sendable, CaseIterable {
    /// The camera's embedded JPEG preview (decoded at reduced size: fastest; same framing as
    /// the raw on the cameras measured in bench/horizon/raw.md).
    case preview
    /// LibRaw's half-size demosaic (each 2×2 Bayer block one pixel): the sensor's own data, for
    /// photos whose preview is missing or too small.
    case halfSize = "half-size"
}

/// Raw photos as libvips images: the embedded preview, or LibRaw's demosaic, upright.
public enum RawInput {
    /// A preview narrower than this on its long side is not used for detection (the analysis
    /// runs at `HorizonDetector.analysisSize`).
    public static let smallestUsefulPreview = 1000

    /// The embedded preview, upright (the camera's orientation applied when the preview does
    /// not carry its own), or nil when the photo has none or it is too small to analyse.
    public static func preview(of photo: RawPhoto, maxPixels: Int = Image.defaultMaxPixels) throws -> Image? {
        let meta = photo.metadata
        guard max(meta.previewWidth, meta.previewHeight) >= smallestUsefulPreview
        else { return nil }
        let image: Image
        do {
            switch try photo.preview() {
            case .jpeg(let bytes): image = try Image.load(bytes: bytes, autorotate: false, maxPixels: maxPixels)
            case .bitmap(let bitmap): image = try Self.image(bitmap)
            }
        } catch let error as RawError where error.kind == .noPreview {
            return nil
        }
        if image.orientation != 1 { return try image.autorotated() }
        return try oriented(image, flip: meta.flip)
    }

    /// LibRaw's demosaic (camera white balance, sRGB), upright; 8 or 16 bits a sample.
    public static func developed(_ photo: RawPhoto, halfSize: Bool, bits: Int = 8) throws -> Image {
        try image(photo.develop(halfSize: halfSize, bits: bits))
    }

    /// The analysed picture for `source`: the preview when asked for and usable, otherwise the
    /// half-size demosaic.
    public static func analysisImage(
        of photo: RawPhoto, source: RawAnalysisSource, maxPixels: Int = Image.defaultMaxPixels
    ) throws -> (image: Image, source: RawAnalysisSource) {
        if source == .preview, let preview = try preview(of: photo, maxPixels: maxPixels) {
            return (preview, .preview)
        }
        return (try developed(photo, halfSize: true), .halfSize)
    }

    /// libvips' picture of LibRaw's pixels.
    static func image(_ bitmap: RawBitmap) throws(VipsError) -> Image {
        let made: Image
        if bitmap.bitsPerSample == 16 {
            let samples = bitmap.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
            made = try Image(ushorts: samples, width: bitmap.width, height: bitmap.height, bands: bitmap.bands)
        } else {
            made = try Image(bytes: bitmap.bytes, width: bitmap.width, height: bitmap.height, bands: bitmap.bands)
        }
        let space: Interpretation =
            bitmap.bands >= 3
            ? (bitmap.bitsPerSample == 16 ? .rgb16 : .srgb) : (bitmap.bitsPerSample == 16 ? .grey16 : .grey)
        return try made.interpreted(as: space)
    }

    /// Applies LibRaw's orientation code (0, 3, 5, 6) as the matching EXIF orientation.
    static func oriented(_ image: Image, flip: Int) throws(VipsError) -> Image {
        let exif: Int
        switch flip {
        case 3: exif = 3
        case 5: exif = 8
        case 6: exif = 6
        default: return image
        }
        return try image.settingInt(exif, field: "orientation").autorotated()
    }
}

extension HorizonDetector {
    /// Detects the horizon of a raw photo on `source`'s pixels, reported at the size of the full
    /// demosaiced picture as displayed; with the picture analysed and where it came from.
    public static func detect(
        raw photo: RawPhoto, source: RawAnalysisSource, estimator: HorizonEstimator,
        maxPixels: Int = Image.defaultMaxPixels
    ) throws -> (detection: HorizonDetection, analysed: Image, source: RawAnalysisSource) {
        let (image, used) = try RawInput.analysisImage(of: photo, source: source, maxPixels: maxPixels)
        var detection = try detect(image: image, estimator: estimator)
        detection.width = photo.metadata.width
        detection.height = photo.metadata.height
        return (detection, image, used)
    }
}

extension HorizonDetection {
    /// A known tilt (`--angle`, a reviewed decision) as a detection: found with confidence 1, its
    /// evidence `.given`, the line drawn through the centre of a `width` × `height` picture.
    public static func given(angleDegrees: Double, width: Int, height: Int) -> HorizonDetection {
        let w = Double(width), h = Double(height)
        let rise = w / 2 * tan(angleDegrees * .pi / 180)
        // y grows downwards: a horizon rising to the right has its right end higher (smaller y).
        let line = LineSegment(start: ImagePoint(x: 0, y: h / 2 + rise), end: ImagePoint(x: w, y: h / 2 - rise))
        let estimate = HorizonEstimate(
            angleDegrees: angleDegrees, confidence: 1, line: line, evidence: .given, imageWidth: w,
            imageHeight: h)
        let analysis = HorizonAnalysis(
            estimate: estimate, candidate: estimate, horizonLine: nil, verticals: nil, strongEdgeCount: 0)
        return HorizonDetection(
            width: width, height: height, analysis: analysis, analysedWidth: width, analysedHeight: height)
    }
}
