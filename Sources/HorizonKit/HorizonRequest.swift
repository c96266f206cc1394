import CoreTypes
import Foundation
import Horizon
import LibRaw
import Vips

/// One horizon job, built once from what the caller wants: how to detect (the estimator, the pixels
/// of a raw photo, the largest picture read), whether to keep the analysed thumbnail, and how to
/// level (`leveller`). `run(on:knownAngle:)` opens one photo and detects its tilt; the result levels,
/// draws and names the copy's format. A program using HorizonKit gets the decisions `imgtool
/// horizon` makes, without the command.
public struct HorizonRequest: Sendable {
    public var estimator: HorizonEstimator
    public var leveller: HorizonLeveller
    /// Raw photos: the pixels analysed.
    public var rawSource: RawAnalysisSource
    /// The largest picture read, in pixels.
    public var maxPixels: Int
    /// Keep the analysed picture in memory for a review page (`HorizonResult.reviewPicture`).
    public var keepsAnalysedPicture: Bool

    public init(
        estimator: HorizonEstimator = HorizonEstimator(), leveller: HorizonLeveller = HorizonLeveller(),
        rawSource: RawAnalysisSource = .preview, maxPixels: Int = Image.defaultMaxPixels,
        keepsAnalysedPicture: Bool = false
    ) {
        self.estimator = estimator
        self.leveller = leveller
        self.rawSource = rawSource
        self.maxPixels = maxPixels
        self.keepsAnalysedPicture = keepsAnalysedPicture
    }

    /// Opens `input` and detects its tilt, or takes `knownAngle` (a tilt given by the user or
    /// accepted on a review page) instead. Throws `VipsError` or `RawError`.
    public func run(on input: HorizonInput, knownAngle: Double? = nil) throws -> HorizonResult {
        if case .file(let path) = input, RawPhoto.isRaw(path) {
            return try runRaw(RawPhoto(path: path), path: path, knownAngle: knownAngle)
        }
        // Bytes are decoded once, in memory: detection and levelling both read them.
        let memoryImage = try input.bytes.map { bytes throws(VipsError) in
            try Image.load(bytes: bytes, maxPixels: maxPixels)
        }
        // The header, opened once: for the detector's full size and for the caller's frame count.
        let header: Image
        if let memoryImage {
            header = memoryImage
        } else {
            header = try Image.load(input.path, autorotate: false, access: .sequential, maxPixels: maxPixels)
        }
        let detection: HorizonDetection
        if let knownAngle {
            let swapped = memoryImage == nil && [5, 6, 7, 8].contains(header.orientation)
            detection = .given(
                angleDegrees: knownAngle, width: swapped ? header.height : header.width,
                height: swapped ? header.width : header.height)
        } else if let memoryImage {
            detection = try HorizonDetector.detect(image: memoryImage, estimator: estimator)
        } else {
            detection = try HorizonDetector.detect(
                file: input.path, header: header, estimator: estimator, maxPixels: maxPixels,
                keepingThumbnail: keepsAnalysedPicture)
        }
        return HorizonResult(
            request: self, input: input, detection: detection, header: header, memoryImage: memoryImage,
            reviewPicture: detection.thumbnail)
    }

    /// A raw photo: detection on its preview (or half-size demosaic); levelling develops it in full.
    private func runRaw(_ photo: RawPhoto, path: String, knownAngle: Double?) throws -> HorizonResult {
        let detection: HorizonDetection
        var analysed: Image?
        if let knownAngle {
            detection = .given(angleDegrees: knownAngle, width: photo.metadata.width, height: photo.metadata.height)
        } else {
            let found = try HorizonDetector.detect(
                raw: photo, source: rawSource, estimator: estimator, maxPixels: maxPixels)
            detection = found.detection
            analysed = found.analysed
        }
        let result = HorizonResult(
            request: self, input: .file(path), detection: detection, header: nil, memoryImage: nil,
            reviewPicture: analysed)
        result.raw = photo
        result.analysed = analysed
        return result
    }
}

/// A photo as `HorizonRequest.run` reads it: a file (raw or not), or an encoded image in memory
/// (standard input, read by the caller), named `path` in reports.
public enum HorizonInput: Sendable {
    case file(String)
    case bytes([UInt8], path: String)

    public var path: String {
        switch self {
        case .file(let path), .bytes(_, let path): path
        }
    }

    var bytes: [UInt8]? {
        if case .bytes(let bytes, _) = self { return bytes }
        return nil
    }
}

/// What `HorizonRequest.run` found in one photo, and the pictures made from it on demand (each
/// decoded once): the levelled copy, the photo unchanged, the drawn line.
public final class HorizonResult {
    public let request: HorizonRequest
    public let input: HorizonInput
    public let detection: HorizonDetection
    /// The file's header (not decoded; its frames or pages), nil for a raw photo.
    public let header: Image?
    /// The picture to show on a review page: the analysed thumbnail (when the request keeps it) or a
    /// raw photo's analysed preview; nil when the tilt was given.
    public let reviewPicture: Image?
    /// The raw photo, when the input is one.
    public fileprivate(set) var raw: RawPhoto?
    private let memoryImage: Image?
    fileprivate var analysed: Image?
    private var full: Image?
    private var quality: Int??

    fileprivate init(
        request: HorizonRequest, input: HorizonInput, detection: HorizonDetection, header: Image?,
        memoryImage: Image?, reviewPicture: Image?
    ) {
        self.request = request
        self.input = input
        self.detection = detection
        self.header = header
        self.memoryImage = memoryImage
        self.reviewPicture = reviewPicture
    }

    /// The answer at full size, nil when the estimator abstained.
    public var estimate: HorizonEstimate? { detection.estimate }

    /// The levelling of the answer and the whole-pixel rectangle the copy keeps; nil without an answer.
    public var plan: (levelling: Levelling, crop: CropRect)? {
        estimate.map {
            request.leveller.plan(width: detection.width, height: detection.height, angleDegrees: $0.angleDegrees)
        }
    }

    /// Whether the answer is within `Levelling.levelTolerance`: a level photo is never turned.
    public var isLevel: Bool { estimate.map { Levelling.isLevel($0.angleDegrees) } ?? false }

    /// The full picture, upright (a raw photo's: developed by `developed(bits:)` instead).
    public func picture() throws(VipsError) -> Image {
        if let full { return full }
        if let memoryImage { return memoryImage }
        let loaded = try Image.load(input.path, autorotate: true, access: .random, maxPixels: request.maxPixels)
        full = loaded
        return loaded
    }

    /// The JPEG quality of the input, estimated from its quantisation tables (nil when not JPEG).
    public var jpegQuality: Int? {
        if let quality { return quality }
        let estimated = input.bytes.map { JPEGQuality.estimate(bytes: $0) } ?? JPEGQuality.estimate(path: input.path)
        quality = .some(estimated)
        return estimated
    }

    /// The format and options of a copy of `picture()`: `userFormat` and `userOptions` (from `-o
    /// name.ext[options]`) over the input's own format and JPEG settings (`HorizonSaveFormat.choose`).
    public func saveFormat(
        userFormat: ImageFormat? = nil, userOptions: SaverOptions = .none
    ) throws(VipsError)
        -> HorizonSaveFormat
    {
        HorizonSaveFormat.choose(
            for: try picture(), userFormat: userFormat, userOptions: userOptions, jpegQuality: jpegQuality)
    }

    /// What the copy is named for (`HorizonSaveFormat.copyNaming`), from the open picture's loader.
    public func copyNaming(userFormat: ImageFormat?) throws(VipsError) -> HorizonSaveFormat.CopyNaming {
        if raw != nil {
            return .init(format: HorizonSaveFormat.rawCopyFormat(userFormat: userFormat), keepsInputSuffix: false)
        }
        return .init(format: HorizonSaveFormat.ownFormat(of: try picture()), keepsInputSuffix: true)
    }

    /// The straightened copy, nil without an answer, with `userFormat` and `userOptions` (from `-o
    /// name.ext[options]`) over the input's own format and settings:
    /// - a raw photo: developed in full (16 bits for TIFF and PNG) and levelled unless level;
    /// - a level photo (never turned): its own bytes when the copy keeps its format, options and
    ///   metadata (`keepingMetadata`), else the picture re-saved as it is;
    /// - otherwise: levelled and cropped, in a format that can hold the leveller's transparent
    ///   corners (`HorizonCopyError.noAlpha` if not).
    public func copy(
        userFormat: ImageFormat?, userOptions: SaverOptions, keepingMetadata: Bool
    ) throws
        -> HorizonCopy?
    {
        guard let estimate else { return nil }
        if raw != nil {
            let format = HorizonSaveFormat.rawCopyFormat(userFormat: userFormat)
            guard let image = try developed(bits: HorizonSaveFormat.rawBits(for: format)) else { return nil }
            let saving = HorizonSaveFormat.choose(
                for: image, userFormat: format, userOptions: userOptions, jpegQuality: nil)
            return .image(image, saving)
        }
        let image = try picture()
        if isLevel {
            let own = HorizonSaveFormat.ownFormat(of: image)
            let sameFormat = userFormat.map { $0.isSame(as: own) } ?? true
            if keepingMetadata, sameFormat, bytesHold(own), userOptions.isEmpty {
                return .bytes(try originalBytes(), width: image.width, height: image.height)
            }
            return .image(image, try saveFormat(userFormat: userFormat ?? own, userOptions: userOptions))
        }
        let saving = try saveFormat(userFormat: userFormat, userOptions: userOptions)
        if request.leveller.addsAlpha, !saving.format.hasAlpha { throw HorizonCopyError.noAlpha(saving.format) }
        return .image(try request.leveller.level(image, angleDegrees: estimate.angleDegrees), saving)
    }

    /// The level, cropped picture (lazy); nil without an answer.
    public func levelled() throws(VipsError) -> Image? {
        guard let estimate else { return nil }
        return try request.leveller.level(try picture(), angleDegrees: estimate.angleDegrees)
    }

    /// Whether the input's own bytes hold `format` (so a level photo's copy may be those bytes).
    public func bytesHold(_ format: ImageFormat) -> Bool {
        input.bytes != nil || format.names(input.path)
    }

    /// The input's own bytes.
    public func originalBytes() throws -> Data {
        try input.bytes.map { Data($0) } ?? Data(contentsOf: URL(fileURLWithPath: input.path))
    }

    /// A raw photo developed in full (`bits` a sample) and levelled unless level; nil without an answer.
    public func developed(bits: Int) throws -> Image? {
        guard let raw, let estimate else { return nil }
        let developed = try RawInput.developed(raw, halfSize: false, bits: bits)
        return isLevel ? developed : try request.leveller.level(developed, angleDegrees: estimate.angleDegrees)
    }

    /// The picture with the answer (or, in amber, the best guess) drawn across it: the full picture,
    /// or a raw photo's analysed picture (its preview or half-size demosaic, not a full demosaic).
    public func overlay() throws -> Image {
        let guess = estimate ?? detection.candidate
        guard let raw else {
            return try HorizonOverlay.render(try picture(), line: guess?.line, found: estimate != nil)
        }
        let image =
            try analysed
            ?? RawInput.analysisImage(
                of: raw, source: request.rawSource,
                maxPixels: request.maxPixels
            ).image
        let line = guess?.scaled(toWidth: Double(image.width), height: Double(image.height)).line
        return try HorizonOverlay.render(image, line: line, found: estimate != nil)
    }
}

/// The straightened copy of one photo (`HorizonResult.copy`).
public enum HorizonCopy {
    /// The photo's own bytes, unchanged (a level photo), and its displayed size.
    case bytes(Data, width: Int, height: Int)
    /// A picture (lazy) to save in `format`: levelled, developed, or a level photo re-saved.
    case image(Image, HorizonSaveFormat)
}

/// Why a copy cannot be written as asked.
public enum HorizonCopyError: Error, Equatable {
    /// The leveller leaves the corners transparent (`--crop none`, a transparent background) and
    /// the copy's format has no alpha channel (JPEG): they would come out opaque.
    case noAlpha(ImageFormat)
}
