import CommandSupport
import CoreTypes
import Foundation
import Horizon
import HorizonKit
import LibRaw
import SidecarKit
import Sidecars
import ToolSupport
import Vips

/// Everything `imgtool horizon` does to one input: detect, then optionally level and draw.
/// Immutable and Sendable, so one job value serves all worker threads.
struct HorizonJob: Sendable {
    var estimator: HorizonEstimator
    var leveller: HorizonLeveller
    /// `--fix` destinations, nil without `--fix`.
    var fixes: OutputPlan?
    var overlays: OutputPlan?
    var strip: Bool
    /// Skip inputs whose `--fix` copy exists and is newer.
    var skipExisting = false
    var maxPixels: Int = Image.defaultMaxPixels
    /// `--evidence`: candidates and features in each record.
    var evidence = false
    /// `-q`: no notices (frames and pages left out).
    var quiet = false
    /// `--sidecar`: editors whose sidecar gets the straightening.
    var sidecars: [SidecarEditor] = []
    /// Where the sidecars go: beside each photo, by each editor's name (`OutputKind.sidecar`).
    var sidecarPlan: OutputPlan?
    /// `--angle`: a known tilt, applied instead of detecting one.
    var givenAngle: Double?
    /// `--decisions`: reviewed tilts by photo path; photos without one are detected.
    var decisions: ReviewDecisions?
    /// Raw photos: the pixels analysed.
    var rawSource: RawAnalysisSource = .preview
    /// `--review`: the page each photo is added to, with its preview.
    var review: HorizonReview?

    /// What one input came to: its record (status 2 when no horizon was found), skipped, or the
    /// error that stopped it.
    func run(_ batchInput: BatchInput) -> BatchOutcome<HorizonRecord> {
        let input = batchInput.path
        do {
            if decisions?.isRejected(input) == true { return .skippedBecause("rejected on the review page") }
            if skipExisting, fixes?.place != .inPlace, !batchInput.isStandardInput {
                var expected = try sidecarPaths(for: batchInput, create: false)
                if let fix = try plannedFix(batchInput) { expected.append(fix) }
                if !expected.isEmpty, OutputFreshness.isUpToDate(outputs: expected, input: input) {
                    return .skipped(outputs: expected)
                }
            }
            // All of the photo's outputs (copy, drawing, sidecars) appear together, or none.
            let group = OutputGroup()
            defer { group.discard() }
            let record = try process(batchInput, group: group)
            try group.commit()
            return .done(record, status: record.found ? ExitStatus.success : ExitStatus.nothingFound)
        } catch {
            return .failed(Failures.failure(error, file: input))
        }
    }

    /// Where `--fix` will write `batchInput`'s copy, nil without `--fix`: the copy keeps the input's
    /// format, or is PNG where libvips cannot write that format (as HorizonSaveFormat.choose decides
    /// once the image is open); a raw photo's developed copy is TIFF unless -o names another format.
    func plannedFix(_ batchInput: BatchInput) throws(ToolFailure) -> String? {
        guard let fixes else { return nil }
        let input = batchInput.path
        if !batchInput.isStandardInput, RawPhoto.isRaw(input) {
            return try fixes.resolve(batchInput, as: .image(rawCopyFormat(fixes)), create: false).path
        }
        let own = ImageFormat(path: input).flatMap { $0.canSave ? $0 : nil } ?? .png
        return try fixes.resolve(batchInput, as: .image(own), keepingInputSuffix: true, create: false).path
    }

    /// Every file this job plans for `batchInput` (copy, drawing, sidecars), for the check that
    /// no two inputs end in one output.
    func plannedOutputs(_ batchInput: BatchInput) throws(ToolFailure) -> [PlannedOutput] {
        var paths = try plannedFix(batchInput).map { [$0] } ?? []
        if let overlays {
            paths.append(try overlays.resolve(batchInput, as: .image(overlays.userFormat ?? .jpeg), create: false).path)
        }
        paths += try sidecarPaths(for: batchInput, create: false)
        return paths.map { PlannedOutput($0) }
    }

    private func process(_ batchInput: BatchInput, group: OutputGroup) throws -> HorizonRecord {
        let input = batchInput.path
        if !batchInput.isStandardInput, RawPhoto.isRaw(input) { return try processRaw(batchInput, group: group) }
        // Standard input is read once into memory: detection and levelling both need it.
        let stdinBytes: [UInt8]? = input == "-" ? StandardInput.readAll() : nil
        let memoryImage = try stdinBytes.map { bytes throws(VipsError) in
            try Image.load(bytes: bytes, maxPixels: maxPixels)
        }
        // The header, opened once: for the detector's full size and for the frame count below.
        let header = try memoryImage ?? Image.load(input, autorotate: false, access: .sequential, maxPixels: maxPixels)
        let detection: HorizonDetection
        if let known = knownAngle(for: input) {
            let swapped = memoryImage == nil && [5, 6, 7, 8].contains(header.orientation)
            detection = .given(
                angleDegrees: known, width: swapped ? header.height : header.width,
                height: swapped ? header.width : header.height)
        } else {
            detection =
                try memoryImage.map { image throws(VipsError) in
                    try HorizonDetector.detect(image: image, estimator: estimator)
                }
                ?? HorizonDetector.detect(
                    file: input, header: header, estimator: estimator, maxPixels: maxPixels,
                    keepingThumbnail: review != nil)
        }
        if let review, let thumbnail = detection.thumbnail {
            try review.add(file: input, raw: false, detection: detection, picture: thumbnail)
        }

        let estimate = detection.estimate
        let plan = estimate.map {
            leveller.plan(width: detection.width, height: detection.height, angleDegrees: $0.angleDegrees)
        }
        var record = HorizonRecord(file: input, detection: detection, levelling: plan?.levelling, crop: plan?.crop)
        record.angleSource = knownAngleSource(for: input)
        // Animations and multi-page files: the first frame or page is measured; say so.
        record.pages = MultiPage.report(file: input, image: header, quiet: quiet)
        record.level = fixes != nil || !sidecars.isEmpty ? false : nil
        try writeSidecars(for: batchInput, estimate: estimate, into: &record, group: group)
        if evidence { record.evidence = detection.analysis.candidates.map(HorizonRecord.Candidate.init) }

        // The full picture, upright, loaded lazily once for --fix and --overlay.
        var full: Image?
        func fullImage() throws -> Image {
            if let full { return full }
            let loaded = try memoryImage ?? Image.load(input, autorotate: true, access: .random, maxPixels: maxPixels)
            full = loaded
            return loaded
        }

        if let fixes, let estimate {
            if Levelling.isLevel(estimate.angleDegrees) {
                // Already level: never turned again. Beside the photo (or in place) nothing is
                // written, so a batch run twice makes no NAME-level-level; a named output, a folder
                // or standard output gets the photo's own bytes, unchanged (re-saved only for --strip).
                record.level = true
                if fixes.place != .beside && fixes.place != .inPlace {
                    let image = try fullImage()
                    let path = try writeUnchanged(
                        input: batchInput, bytes: stdinBytes, to: fixes, image: image, group: group)
                    record.output = path
                    record.outputs.append(WrittenOutput(path: path, width: image.width, height: image.height))
                }
            } else {
                let image = try fullImage()
                let quality = stdinBytes.map { JPEGQuality.estimate(bytes: $0) } ?? JPEGQuality.estimate(path: input)
                let path = try writeLevelled(
                    image, angle: estimate.angleDegrees, input: batchInput, to: fixes, jpegQuality: quality,
                    group: group)
                record.output = path
                record.outputs.append(WrittenOutput(path: path, width: record.crop?.width, height: record.crop?.height))
            }
        }
        if let overlays {
            let image = try fullImage()
            let drawn = try HorizonOverlay.render(
                image, line: (estimate ?? detection.candidate)?.line, found: estimate != nil)
            try writeOverlay(drawn, for: batchInput, into: &record, plan: overlays, group: group)
        }
        return record
    }

    /// Levels, crops and saves atomically; returns the path written.
    private func writeLevelled(
        _ image: Image, angle: Double, input: BatchInput, to destinations: OutputPlan,
        jpegQuality: Int?, group: OutputGroup
    ) throws -> String {
        let own = HorizonSaveFormat.choose(for: image, userFormat: nil, jpegQuality: jpegQuality)
        let written = destinations.userFormat ?? own.format
        if leveller.addsAlpha, !written.hasAlpha {
            throw Self.noAlphaFailure(written.suffix, file: input.description)
        }
        let levelled = try leveller.level(image, angleDegrees: angle)
        let target = try destinations.resolve(input, as: .image(own.format), keepingInputSuffix: true)
        // `-o name.ext[options]`: the user's format and options, still with the estimated quality
        // and the input's subsampling where they apply.
        let format =
            destinations.userFormat == nil && target.options.isEmpty
            ? own
            : HorizonSaveFormat.choose(
                for: image, userFormat: destinations.userFormat ?? own.format,
                userOptions: target.options, jpegQuality: jpegQuality)
        try save(levelled, to: target.path, format: format, strip: strip, group: group)
        return target.path
    }

    /// A level photo's copy: its own bytes when the output keeps its format and metadata is kept,
    /// otherwise the picture re-saved as it is (no turn, no crop).
    private func writeUnchanged(
        input: BatchInput, bytes: [UInt8]?, to destinations: OutputPlan, image: Image, group: OutputGroup
    ) throws -> String {
        let own = HorizonSaveFormat.choose(for: image, userFormat: nil, jpegQuality: nil)
        let target = try destinations.resolve(input, as: .image(own.format), keepingInputSuffix: true)
        let sameFormat = destinations.userFormat.map { $0.isSame(as: own.format) } ?? true
        // The bytes hold the format the copy is named for (the input's own, when libvips writes it).
        let bytesMatch = input.isStandardInput || own.format.names(input.path)
        if !strip, sameFormat, bytesMatch, target.options.isEmpty {
            let data = try bytes.map { Data($0) } ?? Data(contentsOf: URL(fileURLWithPath: input.path))
            try Self.refuseTerminal(target.path)
            try ImageOutput.write(bytes: data, to: target.path, group: group)
            return target.path
        }
        let quality = bytes.map { JPEGQuality.estimate(bytes: $0) } ?? JPEGQuality.estimate(path: input.path)
        let format = HorizonSaveFormat.choose(
            for: image, userFormat: destinations.userFormat ?? own.format, userOptions: target.options,
            jpegQuality: quality)
        try save(image, to: target.path, format: format, strip: strip, group: group)
        return target.path
    }

    func save(
        _ image: Image, to path: String, format: HorizonSaveFormat, strip: Bool, group: OutputGroup? = nil
    ) throws {
        try Self.refuseTerminal(path)
        try ImageOutput.write(
            image, to: path, format: format.format, options: format.options, strip: strip, group: group)
    }

    /// `--background transparent` with an output format that has no alpha channel (JPEG): the
    /// corners would come out opaque, so nothing is written.
    static func noAlphaFailure(_ suffix: String, file: String? = nil) -> ToolFailure {
        let cause =
            "--background is transparent and \(suffix) images have no transparency: write .png, .webp or .tif (-o NAME.png), or give an opaque --background"
        return file.map { ToolFailure(file: $0, cause, status: ExitStatus.usage) }
            ?? ToolFailure(cause, status: ExitStatus.usage)
    }

    /// `-` while standard output is a terminal: image data would only garble it.
    private static func refuseTerminal(_ path: String) throws(ToolFailure) {
        guard path == "-", Console.isTerminal(1) else { return }
        throw ToolFailure(
            "refusing to write image data to a terminal: redirect standard output or give -o FILE",
            status: ExitStatus.usage)
    }
}
