import CommandSupport
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
    var regions: [Region]
    var keepMetadata: Bool
    var timing: Bool
    var skipExisting: Bool
    var maxPixels: Int
    var format: String?
    var pngCompression: Int?
    /// One input: its file or standard output.
    var single: BlurDestination?
    /// Several inputs (or a folder): `-o DIR/`, mirroring the input tree.
    var folder: OutputDestinations?

    func run(_ input: BatchInput) -> BatchOutcome<BlurSummary> {
        do {
            let destination = try destination(for: input)
            if skipExisting, let path = destination.path, OutputFreshness.isUpToDate(outputs: [path], input: input.path) {
                return .skipped(outputs: [path])
            }
            return .done(try blur(input.path, to: destination))
        } catch {
            return .failed(Failures.failure(error, file: input.path))
        }
    }

    /// In a folder the input's own format is kept (when libvips can write it), unless `--format`.
    private func destination(for input: BatchInput) throws(ToolFailure) -> BlurDestination {
        if let single { return single }
        guard let folder else { preconditionFailure("a blur job writes to one destination or a folder") }
        let own = "." + URL(fileURLWithPath: input.path).pathExtension.lowercased()
        let suffix = format.map { "." + $0 } ?? (own.count > 1 && Image.canSave(format: own) ? own : ".png")
        let target = try folder.destination(for: input, suffix: suffix, keepsInputFormat: format == nil && suffix == own)
        return try BlurDestination(output: target.path + target.options, format: format ?? String(suffix.dropFirst()),
                                   pngCompression: pngCompression, standardOutputIsTerminal: false)
    }

    private func blur(_ input: String, to destination: BlurDestination) throws(ToolFailure) -> BlurSummary {
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
        try destination.write(result.image, strip: !keepMetadata)
        let written = clock.now
        if timing {
            Console.error("imgtool: \(input == "-" ? "<stdin>" : input): timing: decode \(milliseconds(decoded - start)) ms, compute \(milliseconds(computed - decoded)) ms, encode \(milliseconds(written - computed)) ms")
        }
        return BlurSummary(input: input, output: destination.shownName, style: style, effect: effect, scale: scale,
                           width: result.image.width, height: result.image.height, method: result.method,
                           regions: regions.count, masked: mask != nil, metadataKept: keepMetadata)
    }

    /// The frosted image, with the mask or regions applied; `materialised` computes it into memory.
    private func frosted(_ original: FrostInput, input: String, materialised: Bool) throws(ToolFailure) -> (image: Image, method: String) {
        do {
            let image = original.image
            let plan = FrostRenderer.plan(effect: effect, scale: scale, exact: exact)
            let method = plan.map { "shrink \($0.shrink)" } ?? (effect.box(scale: scale) == nil ? "no blur" : "exact")
            var result = try FrostRenderer.frost(image, effect: effect, scale: scale, exact: exact, original: original.original)
            if let mask {
                let maskImage = try loadedMask(mask, width: image.width, height: image.height)
                result = try FrostRenderer.masked(original: try original.original(), frosted: result, mask: maskImage)
            } else if !regions.isEmpty {
                var inside: [Region] = []
                for wanted in regions {
                    guard let clipped = wanted.clipped(toWidth: image.width, height: image.height) else {
                        throw ToolFailure(file: input, "region \(wanted) lies outside the \(image.width)×\(image.height) image",
                                          status: ExitStatus.usage)
                    }
                    inside.append(clipped)
                }
                result = try FrostRenderer.inRegions(original: try original.original(), frosted: result, regions: inside)
            }
            return (materialised ? try result.copiedToMemory() : result, method)
        } catch {
            throw Failures.failure(error, file: input)
        }
    }

    private func opened(_ file: String) throws(ToolFailure) -> FrostInput {
        do {
            // A kept profile still describes the pixels; a stripped one must be applied first.
            return try FrostInput(source: ImageInput.source(file), maxPixels: maxPixels, applyingProfile: !keepMetadata,
                                  fastRoute: !timing && FrostRenderer.plan(effect: effect, scale: scale, exact: exact) != nil,
                                  needsOriginal: mask != nil || !regions.isEmpty)
        } catch {
            throw Failures.failure(error, file: file)
        }
    }

    private func loadedMask(_ file: String, width: Int, height: Int) throws(ToolFailure) -> Image {
        do {
            return try FrostInput.mask(source: ImageInput.source(file), maxPixels: maxPixels, width: width, height: height)
        } catch {
            throw Failures.failure(error, file: file)
        }
    }
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
