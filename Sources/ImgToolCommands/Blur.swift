import ArgumentParser
import Frost
import ToolSupport
import Vips

extension ImgTool {
    /// `imgtool blur`: Apple's frosted-glass looks (UIImage+ImageEffects), for privacy snapshots
    /// and lock screens.
    public struct Blur: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Frosted-glass blur with Apple's light, extra-light, dark and tint looks.",
            discussion: """
            Styles (Apple's UIImage+ImageEffects): light = radius 30, white tint at 0.30, saturation 1.8; extra-light = radius 20, grey 0.97 at 0.82, saturation 1.8; dark = radius 20, grey 0.11 at 0.73, saturation 1.8; tint = radius 10, the --tint colour at 0.6, saturation -1. --radius, --tint and --saturation change a style's values; a --tint colour without alpha takes the style's alpha. Radii are in points: pixels = points × --scale (default 1; use 2 for HiDPI screenshots, since an image file does not say which screen it came from).

            Blur obscures; it does not redact: text has been read back from blurred and pixelated images. Where secrecy matters, cover it: --region X,Y,W,H --tint black@1 paints the region opaque.

            Metadata (EXIF with GPS and embedded thumbnails, XMP, IPTC, ICC, PNG text) is stripped from the output unless --keep-metadata is given. Output is 8-bit sRGB (a non-sRGB ICC profile is applied first, unless kept); alpha is kept.

            --mask: white is frosted, black untouched, grey blends; a mask of another size is stretched to the image. The tint stays inside the mask or the regions (Apple's fills the whole image), so pixels outside are unchanged.

            Fast by default: the blur runs on a shrunken copy, within a grey level or so of Apple's exact box passes (PSNR above 40 dB); --exact runs the three full-size passes.

            Examples:
              imgtool blur shot.png -o frosted.png --style light
              grim - | imgtool blur --style dark > lock.png
              imgtool blur shot.png -o out.png --tint '#3366ff'
              imgtool blur shot.png -o out.png --radius 12 --tint 'white@0.5' --saturation 1.4
              imgtool blur shot.png -o out.png --style light --mask mask.png
              imgtool blur shot.png -o out.png --style dark --region 40,60,300,40 --region 40,120,300,40
              imgtool blur big.png -o 'out.png[compression=1]'
            Exit status: 0 written, 1 a file could not be read or written, 64 bad command line.
            """
        )

        @Argument(help: "Image to blur; - or nothing reads standard input.")
        public var input: String = "-"

        @Option(name: .shortAndLong, help: ArgumentHelp(
            "Output file; its suffix picks the format, saver options may follow in brackets (out.png[compression=1]). - or nothing: standard output.",
            valueName: "file"))
        public var output: String?

        @Option(help: ArgumentHelp("light, extra-light, dark or tint (default light; tint when --tint names a colour).", valueName: "style"),
                transform: parseStyle)
        public var style: FrostStyle?

        @Option(help: ArgumentHelp("Tint colour: #3366ff, #3366ff80, rgb(51,102,255), rgba(51,102,255,0.6), white@0.5, or none.", valueName: "colour"),
                transform: { text in try TintChoice(parsing: text) })
        public var tint: TintChoice?

        @Option(help: ArgumentHelp("Blur radius in points (0 for no blur).", valueName: "points"))
        public var radius: Double?

        @Option(help: ArgumentHelp("Saturation delta factor (1 unchanged, 1.8 vivid, -1 inverted).", valueName: "factor"))
        public var saturation: Double?

        @Option(help: ArgumentHelp("Screen scale, pixels per point.", valueName: "n"))
        public var scale: Double = 1

        @Option(help: ArgumentHelp("Frost only where this image is white (grey blends).", valueName: "file"))
        public var mask: String?

        @Option(help: ArgumentHelp("Frost only this rectangle, in pixels (repeatable).", valueName: "x,y,w,h"),
                transform: { text in try Region(parsing: text) })
        public var region: [Region] = []

        @Flag(help: "Keep the input's metadata (EXIF, GPS, thumbnails, XMP, IPTC, PNG text) in the output.")
        public var keepMetadata = false

        @Option(help: ArgumentHelp("Output format (png, jpg, webp, tif, ...); standard output defaults to png.", valueName: "format"))
        public var format: String?

        @Option(help: ArgumentHelp("PNG zlib level 0-9 (libvips' default 6); 1 writes several times faster.", valueName: "level"))
        public var pngCompression: Int?

        @Flag(help: "Run Apple's three box passes at full size: within one level of the reference, but seconds at 4K.")
        public var exact = false

        @OptionGroup var limits: ImageLimits

        @Flag(help: "Print decode, compute and encode times to standard error.")
        public var timing = false

        @Flag(help: "Describe the result as one JSON object (needs -o FILE).")
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        public init() {}

        public func validate() throws {
            _ = try effect()
            do { try FrostEffect.validate(scale: scale) } catch { throw ValidationError(error.description) }
            if mask != nil && !region.isEmpty { throw ValidationError("--mask and --region cannot be combined: use one or the other") }
            if json && (output == nil || output == "-") { throw ValidationError("--json needs -o FILE: standard output carries the image") }
        }

        func effect() throws -> FrostEffect {
            do {
                return try FrostEffect.resolve(style: style, tint: tint, radius: radius, saturation: saturation)
            } catch {
                throw ValidationError(error.description)
            }
        }

        public func run() throws {
            do {
                try blur()
            } catch let failure as ToolFailure {
                Console.error("imgtool: \(failure.message)")
                throw ExitCode(failure.status)
            }
        }

        private func blur() throws {
            let effect = try effect()
            let destination = try BlurDestination(output: output, format: format, pngCompression: pngCompression,
                                                  standardOutputIsTerminal: Console.isTerminal(1))
            if input == "-" && Console.isTerminal(0) {
                throw ToolFailure("no input: give an image file, or pipe one in (grim - | imgtool blur > out.png)", status: ExitStatus.usage)
            }
            let clock = ContinuousClock()
            let start = clock.now
            // Streamed when that bounds memory (FrostInput); decoded in memory for --timing, so that
            // decode and compute are timed apart. Either way a corrupt input is reported as the
            // input's fault before any output exists.
            let original = try opened(input, effect: effect)
            let decoded = clock.now
            // With --timing the result is computed before encoding, to time the two apart;
            // otherwise the encoder pulls pixels as it goes, overlapping compute and compression.
            let result = try frosted(original, effect: effect, materialised: timing)
            let computed = clock.now
            try destination.write(result.image, strip: !keepMetadata)
            let written = clock.now
            if timing {
                Console.error("imgtool: timing: decode \(milliseconds(decoded - start)) ms, compute \(milliseconds(computed - decoded)) ms, encode \(milliseconds(written - computed)) ms")
            }
            guard !quiet, destination.path != nil else { return }
            let summary = BlurSummary(input: input, output: destination.shownName, style: FrostEffect.chosenStyle(style: style, tint: tint),
                                      effect: effect, scale: scale, width: result.image.width, height: result.image.height,
                                      method: result.method, regions: region.count, masked: mask != nil, metadataKept: keepMetadata)
            Console.out(json ? try JSONLines().line(summary) : summary.line)
        }

        /// The frosted image, with the mask or regions applied; `materialised` computes it into memory.
        private func frosted(_ original: FrostInput, effect: FrostEffect, materialised: Bool) throws(ToolFailure) -> (image: Image, method: String) {
            do {
                let image = original.image
                let plan = FrostRenderer.plan(effect: effect, scale: scale, exact: exact)
                let method = plan.map { "shrink \($0.shrink)" } ?? (effect.box(scale: scale) == nil ? "no blur" : "exact")
                var result = try FrostRenderer.frost(image, effect: effect, scale: scale, exact: exact, original: original.original)
                if let mask {
                    let maskImage = try loadedMask(mask, width: image.width, height: image.height)
                    result = try FrostRenderer.masked(original: try original.original(), frosted: result, mask: maskImage)
                } else if !region.isEmpty {
                    var inside: [Region] = []
                    for wanted in region {
                        guard let clipped = wanted.clipped(toWidth: image.width, height: image.height) else {
                            throw ToolFailure(file: input, "region \(wanted) lies outside the \(image.width)×\(image.height) image",
                                              status: ExitStatus.usage)
                        }
                        inside.append(clipped)
                    }
                    result = try FrostRenderer.inRegions(original: try original.original(), frosted: result, regions: inside)
                }
                return (materialised ? try result.copiedToMemory() : result, method)
            } catch let failure as ToolFailure {
                throw failure
            } catch let failure as VipsError {
                throw ToolFailure(file: input, failure.description)
            } catch {
                throw ToolFailure(file: input, "\(error)")
            }
        }

        private func opened(_ file: String, effect: FrostEffect) throws(ToolFailure) -> FrostInput {
            do {
                // A kept profile still describes the pixels; a stripped one must be applied first.
                return try FrostInput(path: file, maxPixels: limits.maxPixels, applyingProfile: !keepMetadata,
                                      fastRoute: !timing && FrostRenderer.plan(effect: effect, scale: scale, exact: exact) != nil,
                                      needsOriginal: mask != nil || !region.isEmpty)
            } catch {
                throw ToolFailure(file: file, error.description)
            }
        }

        private func loadedMask(_ file: String, width: Int, height: Int) throws(ToolFailure) -> Image {
            do {
                return try FrostInput.mask(path: file, maxPixels: limits.maxPixels, width: width, height: height)
            } catch {
                throw ToolFailure(file: file, error.description)
            }
        }
    }
}

private func parseStyle(_ text: String) throws -> FrostStyle {
    guard let style = FrostStyle(rawValue: text.lowercased()) else {
        throw ValidationError("\"\(text)\" is not a style: use light, extra-light, dark or tint")
    }
    return style
}

private func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}

/// What `imgtool blur` reports after writing a file; JSON keys in snake_case.
struct BlurSummary: Encodable {
    var input: String
    var output: String
    var style: String
    var radius: Double
    var scale: Double
    var boxWidth: Int?
    var saturation: Double
    var tint: String?
    var width: Int
    var height: Int
    var method: String
    var regions: Int
    var masked: Bool
    var metadata: String
    var note = "blur obscures; it does not redact"

    init(input: String, output: String, style: FrostStyle, effect: FrostEffect, scale: Double, width: Int, height: Int,
         method: String, regions: Int, masked: Bool, metadataKept: Bool) {
        self.input = input == "-" ? "<stdin>" : input
        self.output = output
        self.style = style.rawValue
        radius = effect.radius
        self.scale = scale
        boxWidth = effect.box(scale: scale)?.width
        saturation = effect.saturation
        tint = effect.tint.map { "\($0)" }
        self.width = width
        self.height = height
        self.method = method
        self.regions = regions
        self.masked = masked
        metadata = metadataKept ? "kept" : "stripped"
    }

    var line: String {
        var text = "\(input) → \(output): \(style), radius \(trimmed(radius)) pt × scale \(trimmed(scale))"
        if let boxWidth { text += " (box \(boxWidth) px)" }
        text += ", \(width)×\(height)"
        if masked { text += ", masked" }
        if regions > 0 { text += ", \(regions) region\(regions == 1 ? "" : "s")" }
        text += ", metadata \(metadata); \(note)"
        return text
    }
}

private func trimmed(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}
