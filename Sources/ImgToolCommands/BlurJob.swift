import CommandSupport
import CoreTypes
import Foundation
import Frost
import FrostKit
import ToolSupport
import Vips

/// Everything `imgtool blur` does to one input: open it, run the frost request (FrostKit), write,
/// and turn the result into the record and line.
/// Immutable and Sendable, so one job value serves all worker threads.
struct BlurJob: Sendable {
    /// What to frost and how, for FrostKit.
    var request: FrostRequest
    var style: FrostStyle
    /// `--find text --json` without `-o`: report the text found, write nothing.
    var findsOnly = false
    var keepMetadata: Bool
    var timing: Bool
    var skipExisting: Bool
    var maxPixels: Int
    /// The format of every output, nil when each input keeps its own (`BlurFormat`).
    var format: ImageFormat?
    var pngCompression: Int?
    /// `-q`: no notices (frames and pages left out).
    var quiet = false
    /// Several inputs (or a folder): a value that does not fit one image fails that image alone.
    var batched = false
    /// Where outputs go: one file, standard output, or `-o DIR/` mirroring the input tree.
    var plan: OutputPlan?

    func run(_ input: BatchInput) -> BatchOutcome<BlurSummary> {
        do {
            if findsOnly { return .done(try foundText(input.path)) }
            let destination = try destination(for: input)
            if skipExisting, !destination.isStandardOutput,
                OutputFreshness.isUpToDate(outputs: [destination.path], input: input.path)
            {
                return .skipped(outputs: [destination.path])
            }
            return .done(try blur(input.path, to: destination))
        } catch {
            return .failed(Failures.failure(error, file: input.path))
        }
    }

    /// In a folder the input's own format is kept (when libvips can write it), unless `--format`.
    func destination(for input: BatchInput, create: Bool = true) throws(ToolFailure) -> ResolvedOutput {
        guard let plan else { preconditionFailure("a blur job that writes has an output plan") }
        let format = self.format ?? BlurFormat.own(input)
        let resolved = try plan.resolve(
            input, as: .image(format), keepingInputSuffix: self.format == nil, create: create)
        let options = try BlurFormat.options(for: format, given: resolved.options, pngCompression: pngCompression)
        return ResolvedOutput(path: resolved.path, kind: resolved.kind, options: options)
    }

    private func blur(_ input: String, to destination: ResolvedOutput) throws(ToolFailure) -> BlurSummary {
        let clock = ContinuousClock()
        let start = clock.now
        // Streamed when that bounds memory (FrostInput); decoded in memory for --timing, so that
        // decode and compute are timed apart. Either way a corrupt input is reported as the
        // input's fault before any output exists.
        let original = try opened(input)
        let decoded = clock.now
        // With --timing the result is computed before encoding, to time the two apart;
        // otherwise the encoder pulls pixels as it goes, overlapping compute and compression.
        let result: FrostResult
        do {
            result = try FrostRenderer.render(request, input: original, materialised: timing)
        } catch {
            throw failure(error, input: input)
        }
        let computed = clock.now
        guard case .image(let format) = destination.kind else { preconditionFailure("blur writes images") }
        try ImageOutput.write(
            result.image, to: destination.path, format: format, options: destination.options, strip: !keepMetadata)
        let written = clock.now
        if timing {
            let finding = result.findTime.map { " (finding text \(milliseconds($0)) ms)" } ?? ""
            Console.error(
                "imgtool: \(input == "-" ? "<stdin>" : input): timing: decode \(milliseconds(decoded - start)) ms, compute \(milliseconds(computed - decoded)) ms\(finding), encode \(milliseconds(written - computed)) ms"
            )
        }
        var summary = BlurSummary(
            input: input, output: destination.isStandardOutput ? "<stdout>" : destination.path, style: style,
            effect: request.effect, scale: request.scale,
            width: result.image.width, height: result.image.height, method: result.method,
            regions: result.found?.count ?? request.regionSpecs.count, masked: request.isMasked,
            metadataKept: keepMetadata)
        if request.hides { summary.describeHiding(request.treatment, written: true) }
        summary.text = result.found.map(Self.records)
        if summary.text?.isEmpty == true { summary.note = "no text found: nothing hidden" }
        summary.secrets = result.secrets.map(Self.records)
        if let secrets = result.secrets { summary.regions = secrets.count }
        summary.pages = MultiPage.report(file: input, image: original.image, quiet: quiet)
        if keepMetadata { summary.metadata = ImageInfo.metadataKinds(result.image.fieldNames) }
        return summary
    }

    /// How the areas are hidden: `secure` for frost (true or false), `cover` for a cover.
    private func describeHiding(_ summary: inout BlurSummary) {
        switch request.treatment {
        case .cover(let cover): summary.cover = cover.description
        case .secureFrost: summary.secure = true
        case .frost: summary.secure = false
        }
    }

    /// `--find text --json` without `-o`: the text boxes, no image.
    private func foundText(_ input: String) throws(ToolFailure) -> BlurSummary {
        let original = try opened(input)
        do {
            let image = try original.original()
            var summary = BlurSummary(
                input: input, output: nil, style: style, effect: request.effect, scale: request.scale,
                width: image.width, height: image.height,
                method: FrostRenderer.plan(effect: request.effect, scale: request.scale, exact: request.exact).map {
                    "shrink \($0.shrink)"
                } ?? "exact",
                regions: 0, masked: false, metadataKept: keepMetadata)
            // The same hiding as a run with -o would do, so the two records agree.
            summary.describeHiding(request.treatment, written: false)
            if case .secrets = request.area {
                let found = try FrostRenderer.findSecrets(request, in: image)
                summary.regions = found.count
                summary.secrets = Self.records(found)
            } else {
                let found = try FrostRenderer.findText(request, in: image)
                summary.regions = found.count
                summary.text = Self.records(found)
            }
            summary.pages = MultiPage.report(file: input, image: original.image, quiet: quiet)
            summary.note = "text found; no image written"
            return summary
        } catch {
            throw failure(error, input: input)
        }
    }

    private static func records(_ boxes: [TextBox]) -> [FoundText] {
        boxes.map {
            FoundText(
                x: $0.region.x, y: $0.region.y, width: $0.region.width, height: $0.region.height,
                confidence: $0.confidence)
        }
    }

    private static func records(_ secrets: [FoundSecret]) -> [SecretRecord] {
        secrets.map {
            SecretRecord(kind: $0.kind.rawValue, box: $0.region)
        }
    }

    /// The request's errors for `input`: a region outside one image is the command line's mistake
    /// (64) for one input, that image's failure alone (1) in a batch; a mask's errors name the mask.
    private func failure(_ error: any Error, input: String) -> ToolFailure {
        switch error {
        case let error as FrostRequestError:
            switch error {
            case .regionOutside:
                return ToolFailure(
                    file: input, error.description, status: batched ? ExitStatus.failure : ExitStatus.usage)
            case .mask(let source, let inner):
                guard case .file(let path) = source else { return Failures.failure(inner, file: "-") }
                return Failures.failure(inner, file: path)
            case .nothingAround:
                // validate() asks for --region, --mask or --find first; a usage error if it ever gets here.
                return ToolFailure(file: input, error.description, status: ExitStatus.usage)
            }
        default:
            return Failures.failure(error, file: input)
        }
    }

    private func opened(_ file: String) throws(ToolFailure) -> FrostInput {
        let input: FrostInput
        do {
            // A kept profile still describes the pixels; a stripped one must be applied first.
            input = try FrostInput(
                source: ImageInput.source(file), maxPixels: maxPixels, applyingProfile: !keepMetadata,
                fastRoute: !timing && request.canStream, needsOriginal: request.needsOriginal)
        } catch {
            throw Failures.failure(error, file: file)
        }
        // The colours may differ from what a colour-managed viewer shows: said, never silent.
        if !quiet, let problem = input.profileNotApplied {
            Console.error(
                "imgtool: \(file == "-" ? "<stdin>" : file): its ICC profile could not be applied (\(problem)); "
                    + "the colours are read without it")
        }
        return input
    }
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
