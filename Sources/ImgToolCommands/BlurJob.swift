import CommandSupport
import CoreTypes
import Foundation
import Frost
import FrostKit
import ToolSupport
import Vips

/// Everything `imgtool blur` does to one input: load, frost (with mask or regions), write.
/// Immutable and Sendable, so one job value serves all worker threads.
struct BlurJob: Sendable {
    var effect: FrostEffect
    var style: FrostStyle
    var scale: Double
    var exact: Bool
    var mask: String?
    var regions: [RegionSpec]
    /// `--find text`: hide the text found (inside `regions` when given).
    var findText = false
    /// `--find emails,cards,…` / `regex:`: hide only the secrets these match.
    var secrets: SecretMatcher?
    /// Tesseract language data for `--find`.
    var language = "eng"
    /// Frost made from the pixels outside the hidden areas only.
    var secure = false
    /// Redact with an opaque fill instead of frosting.
    var cover: CoverChoice?
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
    private func destination(for input: BatchInput) throws(ToolFailure) -> ResolvedOutput {
        guard let plan else { preconditionFailure("a blur job that writes has an output plan") }
        let format = self.format ?? BlurFormat.own(input)
        let resolved = try plan.resolve(input, as: .image(format), keepingInputSuffix: self.format == nil)
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
        let result = try frosted(original, input: input, materialised: timing)
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
            effect: effect, scale: scale,
            width: result.image.width, height: result.image.height, method: result.method,
            regions: result.found?.count ?? regions.count, masked: mask != nil, metadataKept: keepMetadata)
        if hides {
            describeHiding(&summary)
            if cover != nil { summary.note = "covered: nothing of the covered areas is kept" }
        }
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
        summary.secure = cover == nil ? secure : nil
        summary.cover = cover?.description
    }

    /// The new paths: text found, secure frost or a cover; all work on the whole image in memory.
    private var hides: Bool { findText || secrets != nil || secure || cover != nil }

    /// `--find text --json` without `-o`: the text boxes, no image.
    private func foundText(_ input: String) throws(ToolFailure) -> BlurSummary {
        let original = try opened(input)
        do {
            let image = try original.original()
            let plan = FrostRenderer.plan(effect: effect, scale: scale, exact: exact)
            var summary = BlurSummary(
                input: input, output: nil, style: style, effect: effect, scale: scale,
                width: image.width, height: image.height, method: plan.map { "shrink \($0.shrink)" } ?? "exact",
                regions: 0, masked: false, metadataKept: keepMetadata)
            // The same hiding as a run with -o would do, so the two records agree.
            describeHiding(&summary)
            if let secrets {
                let found = try secretBoxes(in: image, matcher: secrets, input: input)
                summary.regions = found.count
                summary.secrets = Self.records(found)
            } else {
                let found = try textBoxes(in: image, input: input)
                summary.regions = found.count
                summary.text = Self.records(found)
            }
            summary.pages = MultiPage.report(file: input, image: original.image, quiet: quiet)
            summary.note = "text found; no image written"
            return summary
        } catch {
            throw Failures.failure(error, file: input)
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
            SecretRecord(
                kind: $0.kind.rawValue, x: $0.region.x, y: $0.region.y, width: $0.region.width,
                height: $0.region.height)
        }
    }

    /// The secrets `--find emails,…` hides, searched inside the `--region`s when given.
    private func secretBoxes(in image: Image, matcher: SecretMatcher, input: String) throws -> [FoundSecret] {
        let areas = try pixelRegions(width: image.width, height: image.height, input: input)
        return try SecretFinder(language: language, matcher: matcher).secrets(in: image, scale: scale, within: areas)
    }

    /// `--region` values in pixels of a width × height image, clipped; one wholly outside is an error.
    private func pixelRegions(width: Int, height: Int, input: String) throws(ToolFailure) -> [Region] {
        var inside: [Region] = []
        for spec in regions {
            let wanted = spec.resolved(width: width, height: height)
            guard let clipped = wanted.clipped(toWidth: width, height: height) else {
                // One image: the command line's mistake (64); in a batch that image's failure alone (1).
                throw ToolFailure(
                    file: input, "region \(spec) lies outside the \(width)×\(height) image",
                    status: batched ? ExitStatus.failure : ExitStatus.usage)
            }
            inside.append(clipped)
        }
        return inside
    }

    /// The text `--find text` hides, searched inside the `--region`s when given.
    private func textBoxes(in image: Image, input: String) throws -> [TextBox] {
        let areas = try pixelRegions(width: image.width, height: image.height, input: input)
        // One Tesseract handle per image: a handle serves one thread, and loading it costs
        // little next to the analysis.
        let finder = try TextFinder(language: language)
        return try finder.lines(in: image, scale: scale, within: areas)
    }

    /// The frosted image, with the mask or regions applied; `materialised` computes it into memory.
    private func frosted(
        _ original: FrostInput, input: String, materialised: Bool
    ) throws(ToolFailure)
        -> (image: Image, method: String, found: [TextBox]?, secrets: [FoundSecret]?, findTime: Duration?)
    {
        do {
            let image = original.image
            let plan = FrostRenderer.plan(effect: effect, scale: scale, exact: exact)
            let method =
                cover != nil
                ? "cover"
                : plan.map { "shrink \($0.shrink)" } ?? (effect.box(scale: scale) == nil ? "no blur" : "exact")
            if hides {
                let whole = try original.original()
                var found: [TextBox]?
                var foundSecrets: [FoundSecret]?
                var findTime: Duration?
                let area: HiddenArea
                if let mask {
                    area = .mask(try loadedMask(mask, width: whole.width, height: whole.height))
                } else if let secrets {
                    let clock = ContinuousClock(), start = clock.now
                    let boxes = try secretBoxes(in: whole, matcher: secrets, input: input)
                    findTime = clock.now - start
                    foundSecrets = boxes
                    area = .regions(boxes.map(\.region))
                } else if findText {
                    let clock = ContinuousClock(), start = clock.now
                    let boxes = try textBoxes(in: whole, input: input)
                    findTime = clock.now - start
                    found = boxes
                    area = .regions(boxes.map(\.region))
                } else {
                    area = .regions(try pixelRegions(width: whole.width, height: whole.height, input: input))
                }
                let result = try FrostRenderer.hidden(
                    whole, area: area, hiding: Hiding(secure: secure, cover: cover),
                    effect: effect, scale: scale, exact: exact)
                return (materialised ? try result.copiedToMemory() : result, method, found, foundSecrets, findTime)
            }
            var result = try FrostRenderer.frost(image, effect: effect, scale: scale, exact: exact)
            if let mask {
                let maskImage = try loadedMask(mask, width: image.width, height: image.height)
                result = try FrostRenderer.masked(original: try original.original(), frosted: result, mask: maskImage)
            } else if !regions.isEmpty {
                let inside = try pixelRegions(width: image.width, height: image.height, input: input)
                result = try FrostRenderer.inRegions(
                    original: try original.original(), frosted: result, regions: inside)
            }
            return (materialised ? try result.copiedToMemory() : result, method, nil, nil, nil)
        } catch {
            throw Failures.failure(error, file: input)
        }
    }

    private func opened(_ file: String) throws(ToolFailure) -> FrostInput {
        let input: FrostInput
        do {
            // A kept profile still describes the pixels; a stripped one must be applied first.
            input = try FrostInput(
                source: ImageInput.source(file), maxPixels: maxPixels, applyingProfile: !keepMetadata,
                fastRoute: !timing && !hides && FrostRenderer.plan(effect: effect, scale: scale, exact: exact) != nil,
                needsOriginal: hides || mask != nil || !regions.isEmpty)
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

    private func loadedMask(_ file: String, width: Int, height: Int) throws(ToolFailure) -> Image {
        do {
            return try FrostInput.mask(
                source: ImageInput.source(file), maxPixels: maxPixels, width: width, height: height)
        } catch {
            throw Failures.failure(error, file: file)
        }
    }
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
