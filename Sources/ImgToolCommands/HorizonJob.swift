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

/// Where `imgtool horizon`'s outputs for one input go (the copy, the drawing, the sidecars, the
/// review page) and how its record reads; the photo itself is `HorizonRequest`'s (HorizonKit).
/// Immutable and Sendable, so one job value serves all worker threads.
struct HorizonJob: Sendable {
    /// Detection and levelling: the estimator, the leveller, raw photos' pixels, the largest picture.
    var request: HorizonRequest
    /// `--fix` destinations, nil without `--fix`.
    var fixes: OutputPlan?
    var overlays: OutputPlan?
    var strip: Bool
    /// Skip inputs whose `--fix` copy exists and is newer.
    var skipExisting = false
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

    /// Where `--fix` will write `batchInput`'s copy, nil without `--fix`: named as
    /// HorizonSaveFormat.copyNaming names it.
    func plannedFix(_ batchInput: BatchInput) throws(ToolFailure) -> String? {
        guard let fixes else { return nil }
        let naming = HorizonSaveFormat.copyNaming(forPath: batchInput.path, userFormat: fixes.userFormat)
        return try fixes.resolve(
            batchInput, as: .image(naming.format), keepingInputSuffix: naming.keepsInputSuffix, create: false
        ).path
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
        // Standard input is read once into memory: detection and levelling both need it.
        let source: HorizonInput =
            batchInput.isStandardInput ? .bytes(StandardInput.readAll(), path: input) : .file(input)
        var request = request
        request.keepsAnalysedPicture = review != nil
        let result = try request.run(on: source, knownAngle: knownAngle(for: input))
        if let review, let picture = result.reviewPicture {
            try review.add(file: input, raw: result.raw != nil, detection: result.detection, picture: picture)
        }
        let estimate = result.estimate
        let plan = result.plan
        var record = HorizonRecord(
            file: input, detection: result.detection, levelling: plan?.levelling, crop: plan?.crop)
        record.angleSource = knownAngleSource(for: input)
        // Animations and multi-page files: the first frame or page is measured; say so.
        if let header = result.header { record.pages = MultiPage.report(file: input, image: header, quiet: quiet) }
        record.level = fixes != nil || !sidecars.isEmpty ? false : nil
        try writeSidecars(for: batchInput, result: result, into: &record, group: group)
        if evidence { record.evidence = result.detection.analysis.candidates.map(HorizonRecord.Candidate.init) }

        if let fixes, estimate != nil {
            if result.raw != nil && fixes.place == .inPlace {
                throw ToolFailure(
                    "a raw photo is never replaced: --sidecar rawtherapee|darktable|lightroom records the straightening beside it, or --fix -o writes a developed copy"
                )
            }
            record.level = result.isLevel
            // Already level: never turned again. Beside the photo (or in place) nothing is written,
            // so a batch run twice makes no NAME-level-level; a named output, a folder or standard
            // output gets the photo's own bytes, unchanged (re-saved only for --strip). A raw
            // photo's developed copy is written level or not.
            if result.raw != nil || !result.isLevel || (fixes.place != .beside && fixes.place != .inPlace) {
                try writeCopy(result, input: batchInput, to: fixes, into: &record, group: group)
            }
        }
        if let overlays {
            try writeOverlay(try result.overlay(), for: batchInput, into: &record, plan: overlays, group: group)
        }
        return record
    }

    /// Writes the straightened copy (levelled, developed, or a level photo unchanged) where the
    /// plan puts it, atomically; the record names it.
    private func writeCopy(
        _ result: HorizonResult, input: BatchInput, to destinations: OutputPlan, into record: inout HorizonRecord,
        group: OutputGroup
    ) throws {
        let naming = try result.copyNaming(userFormat: destinations.userFormat)
        let target = try destinations.resolve(
            input, as: .image(naming.format), keepingInputSuffix: naming.keepsInputSuffix)
        let copy: HorizonCopy?
        do {
            copy = try result.copy(
                userFormat: destinations.userFormat, userOptions: target.options, keepingMetadata: !strip)
        } catch HorizonCopyError.noAlpha(let format) {
            throw Self.noAlphaFailure(format.suffix, file: input.description)
        }
        switch copy {
        case .bytes(let data, let width, let height):
            try Self.refuseTerminal(target.path)
            try ImageOutput.write(bytes: data, to: target.path, group: group)
            record.outputs.append(WrittenOutput(path: target.path, width: width, height: height))
        case .image(let image, let format):
            try save(image, to: target.path, format: format, strip: strip, group: group)
            record.outputs.append(WrittenOutput(path: target.path, width: image.width, height: image.height))
        case nil:
            return
        }
        record.output = target.path
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
