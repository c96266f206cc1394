import ArgumentParser
import CommandSupport
import CoreTypes
import Frost
import FrostKit
import ToolSupport
import Vips

extension ImgTool {
    /// `imgtool blur`: Apple's frosted-glass looks (UIImage+ImageEffects), for privacy snapshots
    /// and lock screens.
    public struct Blur: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Frosted-glass blur with Apple's light, extra-light, dark and tint looks.",
            discussion: """
                Styles (Apple's UIImage+ImageEffects): light = radius 30, white tint at 0.30, saturation 1.8; extra-light = radius 20, grey 0.97 at 0.82, saturation 1.8; dark = radius 20, grey 0.11 at 0.73, saturation 1.8; tint = radius 10, the --tint colour at 0.6, saturation -1. --radius, --tint and --saturation change a style's values; a --tint colour without alpha takes the style's alpha. Radii are in points: pixels = points x --scale (default 1; use 2 for HiDPI screenshots, since an image file does not say which screen it came from).

                What obscures and what redacts: frosting (every style, with or without --secure) obscures; it does not redact: text has been read back from blurred and pixelated images. --cover redacts: an opaque colour (or the average colour around each area) replaces every pixel of the area, and nothing of it is kept. Where secrecy matters, use --cover (or --tint black@1, which is opaque too).

                --find text finds the text by itself, offline: Tesseract's layout analysis (no recognition, nothing is read) gives word boxes, on the image and on its inverse (light text on dark themes); each box is padded by a quarter of its height, the words of a line merged, and each line grown over every ink pixel of its text (word boxes fall short of a line's ends). With --region, only inside those areas. --json without -o reports the boxes (x, y, width, height and a confidence: 1 in a block Tesseract classes as text, 0.5 elsewhere) and writes no image. --lang picks the Tesseract data (default eng; others when installed). Use --scale 2 for HiDPI screenshots: the text is then looked for at half size. Layout analysis can miss text (words inside framed widgets, text over pictures): check the output before sharing it, or add --region boxes for what it missed.

                --find emails,urls,phones,cards,ibans,ips,tokens (any of them) and --find 'regex:PATTERN' hide only the secrets: the lines found are read by Tesseract's recogniser, offline, and matched (phones by libphonenumber, cards by the Luhn check, IBANs by their country's length and mod-97 check, tokens by their providers' forms such as ghp_, glpat-, xoxb-, sk_live_, AKIA, AIza or by their entropy; dates, UUIDs, ISBNs, hashes are left alone); only the matched characters are hidden, with any treatment. --json lists what matched by kind and box, never the text.

                --secure makes the frost inside each region, mask or found box only from the pixels around it (its border ring drawn inward, then blurred), so no pixel inside can change the output and nothing of the hidden text survives in the frost. It is the default with --find text, whose purpose is hiding; with --region and --mask it must be asked for, because there the frost is also a look (a frosted panel over a picture shows the blurred picture beneath, as Apple's does) and outputs made before stay the same.

                Regions are in pixels or shares of the image: --region 0,0,100%,8% is a top bar on any screen size.

                Metadata (EXIF with GPS and embedded thumbnails, XMP, IPTC, ICC, PNG text) is stripped from the output unless --keep-metadata is given. Output is 8-bit sRGB (a non-sRGB ICC profile is applied first, unless kept); alpha is kept and frosted with the colour (text on a transparent background would otherwise stay readable in it).

                --mask: white is frosted, black untouched, grey blends; a mask of another size is stretched to the image. The tint stays inside the mask or the regions (Apple's fills the whole image), so pixels outside are unchanged.

                Fast by default: the blur runs on a shrunken copy, within a grey level or so of Apple's exact box passes (PSNR above 40 dB); --exact runs the three full-size passes.

                Batches: several images or folders (-r: with every folder below) need -o DIR/, which mirrors the input tree; a file's format is kept unless --format; -j images at once; one record per input (--json: {"file", "error", "exit_status"} for failures) and a summary line on stderr; --skip-existing skips images whose output exists and is newer; --shard i/N takes a stable share for one of N machines.

                Exit status: 0 written (or, with --find text --json and no -o, looked at), 1 a file could not be read or written, 64 bad command line (a --lang whose data is not installed, an output that is an input, a --region outside the one image given, an output suffix nothing here writes). In a batch, an image that a --region does not fit, or whose output would be an input, fails alone (1).

                Examples:
                  imgtool blur shot.png -o frosted.png --style light
                  grim - | imgtool blur --style dark > lock.png
                  imgtool blur shot.png -o out.png --tint '#3366ff'
                  imgtool blur a.png -o b.png --radius 12 --saturation 1.4 --tint white@0.5
                  imgtool blur shot.png -o out.png --style light --mask mask.png
                  imgtool blur shot.png -o out.png --region 40,60,300,40 --region 40,120,300,40
                  imgtool blur big.png -o 'out.png[compression=1]'
                  imgtool blur -r screenshots/ -o frosted/ --style dark --skip-existing
                  imgtool blur shot.png -o shared.png --find text
                  imgtool blur shot.png -o shared.png --find text --cover black
                  imgtool blur shot.png -o shared.png --region 40,60,300,40 --secure
                  imgtool blur shot.png -o shared.png --region 0,0,100%,8% --cover average
                  imgtool blur shot.png -o out.png --find emails,cards,tokens --cover black
                  imgtool blur shot.png --find text --json
                  imgtool blur retina.png -o out.png --find text --scale 2
                """
        )

        @Argument(help: "Images (or folders) to blur; - or nothing reads standard input.", completion: .file())
        public var files: [String] = []

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "Output file; its suffix picks the format, saver options may follow in brackets (out.png[compression=1]). - or nothing: standard output. A folder ending in / for several inputs.",
                valueName: "file|dir/"), completion: .file())
        public var output: String?

        @Option(
            help: ArgumentHelp(
                "light, extra-light, dark or tint (default light; tint when --tint names a colour).", valueName: "style"
            ),
            transform: parseStyle)
        public var style: FrostStyle?

        @Option(
            help: ArgumentHelp(
                "Tint colour: #3366ff, #3366ff80, rgb(51,102,255), rgba(51,102,255,0.6), white@0.5, or none.",
                valueName: "colour"),
            transform: { text in try TintChoice(parsing: text) })
        public var tint: TintChoice?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Blur radius in points (0 for no blur).", valueName: "points"))
        public var radius: Double?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Saturation delta factor (1 unchanged, 1.8 vivid, -1 inverted).", valueName: "factor"))
        public var saturation: Double?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Screen scale, pixels per point.", valueName: "n"))
        public var scale: Double = 1

        @Option(
            help: ArgumentHelp("Frost only where this image is white (grey blends).", valueName: "file"),
            completion: .file())
        public var mask: String?

        @Option(
            parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                "Frost only this rectangle, in pixels or shares of the image (0,0,100%,8%); repeatable. With --find text: look for text only here.",
                valueName: "x,y,w,h"),
            transform: { text in try RegionSpec(parsing: text) })
        public var region: [RegionSpec] = []

        @Option(
            name: .customLong("find"),
            help: ArgumentHelp(
                "Find what to hide by itself, offline: text (every line), or secrets only: emails, urls, phones, cards, ibans, ips, tokens (comma-separated), regex:PATTERN; repeatable.",
                valueName: "what"),
            transform: parseFind)
        public var findValues: [FindTarget] = []

        /// Everything `--find` asked for, nil when it was not given.
        var find: FindTarget? { findValues.isEmpty ? nil : findValues.reduce(FindTarget()) { $0.merged($1) } }

        @Option(
            help: ArgumentHelp(
                "Tesseract language data for --find text (eng, deu, eng+fra; default eng).", valueName: "lang"))
        public var lang: String?

        @Flag(
            help:
                "Make the frost inside each region or mask only from the pixels around it, so nothing inside can show through (default with --find text)."
        )
        public var secure = false

        @Option(
            help: ArgumentHelp(
                "Redact instead of frosting: an opaque colour (black, #202020), or average (the colour around each area).",
                valueName: "colour|average"),
            transform: { text in try CoverChoice(parsing: text) })
        public var cover: CoverChoice?

        @Flag(help: "Keep the input's metadata (EXIF, GPS, thumbnails, XMP, IPTC, PNG text) in the output.")
        public var keepMetadata = false

        @Option(
            help: ArgumentHelp(
                "Output format (png, jpg, webp, tif, ...); standard output defaults to png.", valueName: "format"))
        public var format: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "PNG zlib level 0-9 (libvips' default 6); 1 writes several times faster.", valueName: "level"))
        public var pngCompression: Int?

        @Flag(help: "Run Apple's three box passes at full size: within one level of the reference, but seconds at 4K.")
        public var exact = false

        @Flag(help: "Skip images whose output exists and is newer than the image.")
        public var skipExisting = false

        @OptionGroup var limits: ImageLimits

        @OptionGroup(title: "Batch") var batch: BatchOptions

        @Flag(help: "Print decode, compute and encode times to standard error.")
        public var timing = false

        @Flag(
            help:
                "Describe the result as one JSON object (on stderr when the image goes to standard output; with --find text and no -o: the text found, no image)."
        )
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        public init() {}

        public func validate() throws {
            _ = try effect()
            do { try FrostEffect.validate(scale: scale) } catch { throw ValidationError(Failures.message(error)) }
            if mask != nil && !region.isEmpty {
                throw ValidationError("--mask and --region cannot be combined: use one or the other")
            }
            if mask != nil && find != nil {
                throw ValidationError("--mask and --find cannot be combined: --find text hides what it finds")
            }
            if json && output == nil && !findsOnly {
                throw ValidationError(
                    "--json needs -o FILE, -o DIR/, or -o - (the image on standard output, the record on standard error); with --find text and no -o, --json reports the text found"
                )
            }
            if lang != nil && find == nil { throw ValidationError("--lang applies to --find only") }
            if let find, find.text && find.matcher != nil {
                throw ValidationError("--find text hides every line already: give text, or the kinds of secret to hide")
            }
            if (secure || cover != nil) && mask == nil && region.isEmpty && find == nil {
                throw ValidationError(
                    "\(secure ? "--secure" : "--cover") needs what to hide: --region, --mask or --find text")
            }
            try BatchOptions.validateStandardInput(files)
        }

        /// `--find text --json` without `-o`: report the boxes, write no image.
        var findsOnly: Bool { find != nil && json && output == nil }

        func effect() throws -> FrostEffect {
            do {
                return try FrostEffect.resolve(style: style, tint: tint, radius: radius, saturation: saturation)
            } catch {
                throw ValidationError(Failures.message(error))
            }
        }

        public func run() throws {
            limits.apply()
            let arguments = files.isEmpty ? ["-"] : files
            let inputs = try batch.inputs(
                arguments, suffixes: InputScan.imageSuffixes, label: "imgtool blur", quiet: quiet)
            let job: BlurJob
            do {
                if inputs.contains(where: \.isStandardInput) && Console.isTerminal(0) {
                    throw ToolFailure(
                        "no input: give an image file, or pipe one in (grim - | imgtool blur > out.png)",
                        status: ExitStatus.usage)
                }
                job = try makeJob(inputs, several: inputs.count > 1 || batch.summarises(arguments))
            } catch let failure as ToolFailure {
                Console.error("imgtool: \(failure.message)")
                throw ExitCode(failure.status)
            }
            var report = BatchReport(label: "imgtool blur", quiet: quiet, json: json)
            report.alwaysSummarise = batch.summarises(arguments)
            // With the image on standard output, the records go to stderr, as horizon's and pdflayout's do.
            report.recordsToStandardError = job.plan?.writesStandardOutput == true && !findsOnly
            batch.shareCores(among: inputs.count)
            // A batch says what frosting does not do once, at its end, not on every line.
            let batched = inputs.count > 1 || batch.summarises(arguments)
            let tally = Batch.run(
                inputs, jobs: batch.workers, report: report,
                text: { (summary: BlurSummary) in
                    summary.output == "<stdout>" ? [] : [summary.line(withNote: !batched)]
                },
                work: job.run)
            if batched && !quiet && !json && !findsOnly {
                Console.error(
                    "imgtool blur: \(cover == nil ? "blur obscures; it does not redact: where secrecy matters use --cover" : "covered areas keep nothing of what was under them")"
                )
            }
            if tally.exitStatus != ExitStatus.success { throw ExitCode(tally.exitStatus) }
        }

        /// The frost request the options describe: built once, run on every input.
        func frostRequest(effect: FrostEffect) -> FrostRequest {
            let area: FrostRequest.Area
            if let mask {
                area = .mask(ImageInput.source(mask))
            } else if let matcher = find?.matcher {
                area = .secrets(matcher, language: lang ?? "eng", within: region)
            } else if find?.text == true {
                area = .text(language: lang ?? "eng", within: region)
            } else {
                area = region.isEmpty ? .whole : .regions(region)
            }
            // --find is for hiding: its frost is secure unless a cover is asked for.
            let treatment: FrostRequest.Treatment =
                cover.map { .cover($0) } ?? (secure || find != nil ? .secureFrost : .frost)
            return FrostRequest(
                effect: effect, scale: scale, exact: exact, area: area, treatment: treatment,
                maxPixels: limits.maxPixels)
        }

        /// One input goes to a file or standard output; several (or a folder) go into `-o DIR/`.
        private func makeJob(_ inputs: [BatchInput], several: Bool) throws -> BlurJob {
            let effect = try effect()
            if find != nil {
                // The language is checked once, before any input: a missing one is the command line's mistake.
                do { _ = try TextFinder(language: lang ?? "eng") } catch {
                    throw ToolFailure(Failures.message(error), status: ExitStatus.usage)
                }
            }
            var job = BlurJob(
                request: frostRequest(effect: effect), style: FrostEffect.chosenStyle(style: style, tint: tint),
                findsOnly: findsOnly, keepMetadata: keepMetadata, timing: timing, skipExisting: skipExisting,
                maxPixels: limits.maxPixels, format: nil, pngCompression: pngCompression, quiet: quiet)
            job.batched = several
            if findsOnly { return job }
            if several || OutputPlan.namesFolder(output) {
                guard let output, output != "-" else {
                    throw ToolFailure(
                        "\(inputs.count == 1 ? "a folder needs" : "several inputs need") -o DIR/ to write into",
                        status: ExitStatus.usage)
                }
                let plan = try OutputPlan(
                    output: output, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "-o")
                job.plan = plan
                job.format = try BlurFormat.fixed(format: format, plan: plan)
                // The format and saver options are checked once, up front: a mistake there is the command line's.
                _ = try BlurFormat.options(for: job.format ?? .png, given: .none, pngCompression: pngCompression)
            } else {
                if output == nil || output == "-", Console.isTerminal(1) {
                    throw ToolFailure(
                        "refusing to write image data to a terminal: give -o FILE or redirect, e.g. imgtool blur shot.png > out.png",
                        status: ExitStatus.usage)
                }
                let plan = try OutputPlan(
                    output: output ?? "-", inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "-o")
                let format = try BlurFormat.fixed(format: format, plan: plan) ?? .png
                if case .file(let target) = plan.place {
                    _ = try BlurFormat.options(
                        for: format, given: SaverOptions(parsing: target.options), pngCompression: pngCompression)
                } else {
                    _ = try BlurFormat.options(for: format, given: .none, pngCompression: pngCompression)
                }
                job.plan = plan
                job.format = format
            }
            // Two inputs never end in one output: the final names compared before anything is written.
            try OutputPlan.refuseSharedOutputs(inputs) { [job] input throws(ToolFailure) in
                [PlannedOutput(try job.destination(for: input, create: false).path)]
            }
            return job
        }
    }
}

/// What `--find` looks for: all text, or secrets of some kinds and patterns.
public struct FindTarget: Sendable, Equatable {
    public var text = false
    public var kinds: Set<SecretKind> = []
    public var patterns: [String] = []

    /// The secrets to match, nil when only text (or nothing) is looked for.
    var matcher: SecretMatcher? {
        kinds.isEmpty && patterns.isEmpty ? nil : SecretMatcher(kinds: kinds, patterns: patterns)
    }

    func merged(_ other: FindTarget) -> FindTarget {
        FindTarget(text: text || other.text, kinds: kinds.union(other.kinds), patterns: patterns + other.patterns)
    }
}

/// `text`, `emails,cards,…` or `regex:PATTERN` (the pattern whole, commas included).
private func parseFind(_ value: String) throws -> FindTarget {
    if value.lowercased().hasPrefix("regex:") {
        let pattern = String(value.dropFirst("regex:".count))
        if let why = SecretMatcher.validate(pattern: pattern) {
            throw ValidationError("--find regex:\(pattern) is not a usable pattern: \(why)")
        }
        return FindTarget(patterns: [pattern])
    }
    var target = FindTarget()
    for name in value.split(separator: ",", omittingEmptySubsequences: false).map({ String($0) }) {
        if name.lowercased() == "text" {
            target.text = true
        } else if let kind = SecretKind(name: name) {
            target.kinds.insert(kind)
        } else {
            throw ValidationError(
                "\"\(name)\" cannot be found: --find takes text, emails, urls, phones, cards, ibans, ips, tokens or regex:PATTERN"
            )
        }
    }
    return target
}

private func parseStyle(_ text: String) throws -> FrostStyle {
    guard let style = FrostStyle(rawValue: text.lowercased()) else {
        throw ValidationError("\"\(text)\" is not a style: use light, extra-light, dark or tint")
    }
    return style
}

/// What `imgtool blur` reports after writing a file; JSON keys in snake_case.
struct BlurSummary: Encodable, Sendable {
    var file: String
    /// nil when only text was looked for (`--find text --json`).
    var output: String?
    /// The file written, with its size in pixels ("-" for standard output); [] when none was.
    var outputs: [WrittenOutput]
    var style: String
    var radius: Double
    var scale: Double
    @NullWhenAbsent var boxWidth: Int?
    var saturation: Double
    @NullWhenAbsent var tint: String?
    var width: Int
    var height: Int
    var method: String
    var regions: Int
    var masked: Bool
    /// Frames or pages in the input (only the first is frosted).
    var pages = 1
    /// The kinds of metadata the output carries, as `imgtool info` names them ([] when stripped).
    var metadata: [String]
    /// Whether metadata was kept (`--keep-metadata`), for the text line.
    var metadataKept: Bool
    /// With --secure (or --find text): the frost inside is made from pixels outside only.
    @NullWhenAbsent var secure: Bool? = nil
    /// With --cover: what covers the areas.
    @NullWhenAbsent var cover: String? = nil
    /// With --find text: the text found, as regions in pixels with their confidence.
    @NullWhenAbsent var text: [FoundText]? = nil
    /// With --find emails,cards,…: what was found and hidden, by kind and box; never what it says.
    @NullWhenAbsent var secrets: [SecretRecord]? = nil
    var note = "blur obscures; it does not redact"

    init(
        input: String, output: String?, style: FrostStyle, effect: FrostEffect, scale: Double, width: Int, height: Int,
        method: String, regions: Int, masked: Bool, metadataKept: Bool
    ) {
        file = input
        self.output = output
        outputs = output.map { [WrittenOutput(path: $0 == "<stdout>" ? "-" : $0, width: width, height: height)] } ?? []
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
        self.metadataKept = metadataKept
        metadata = []
    }

    enum CodingKeys: String, CodingKey {
        case file, outputs, style, radius, scale, boxWidth, saturation, tint, width, height, method,
            regions, masked, metadata, pages, secure, cover, text, secrets, note
    }

    /// How the areas are hidden: `secure` for frost (true or false), `cover` for a cover, and for
    /// an image `written` with a cover, the note that nothing of the covered areas is kept.
    mutating func describeHiding(_ treatment: FrostRequest.Treatment, written: Bool) {
        switch treatment {
        case .cover(let choice):
            cover = choice.description
            if written { note = "covered: nothing of the covered areas is kept" }
        case .secureFrost: secure = true
        case .frost: secure = false
        }
    }

    /// "3 secrets (2 email, 1 card)", kinds in the order they were first found.
    static func secretsText(_ secrets: [SecretRecord]) -> String {
        var kinds: [String] = []
        var counts: [String: Int] = [:]
        for secret in secrets {
            if counts[secret.kind] == nil { kinds.append(secret.kind) }
            counts[secret.kind, default: 0] += 1
        }
        let total = "\(secrets.count) secret\(secrets.count == 1 ? "" : "s")"
        return kinds.isEmpty ? total : total + " (" + kinds.map { "\(counts[$0]!) \($0)" }.joined(separator: ", ") + ")"
    }

    private var metadataText: String { metadataKept ? "kept" : "stripped" }

    /// The line for people; batches leave out the closing note (they give it once, at their end).
    func line(withNote: Bool) -> String {
        let shownFile = file == "-" ? "<stdin>" : file
        guard let output else {
            if let secrets { return "\(shownFile): \(Self.secretsText(secrets)) found" }
            return "\(shownFile): \(self.text?.count ?? 0) text region(s) found"
        }
        var text: String
        if self.text?.isEmpty == true {
            // --find text found nothing: nothing was frosted or covered, so say that, not what would have been.
            return
                "\(shownFile) → \(output): no text found, nothing hidden, \(width)×\(height), metadata \(metadataText)"
        } else if let cover {
            text = "\(shownFile) → \(output): covered with \(cover), \(width)×\(height)"
        } else {
            text = "\(shownFile) → \(output): \(style), radius \(trimmed(radius)) pt × scale \(trimmed(scale))"
            if let boxWidth { text += " (box \(boxWidth) px)" }
            text += ", \(width)×\(height)"
        }
        if masked { text += ", masked" }
        if let secrets {
            text += secrets.isEmpty ? ", no secrets found" : ", \(Self.secretsText(secrets)) hidden"
        } else if regions > 0 {
            text += ", \(regions) region\(regions == 1 ? "" : "s")"
        }
        if cover == nil && secure == true { text += ", secure" }
        text += ", metadata \(metadataText)"
        return withNote ? text + "; \(note)" : text
    }
}

private func trimmed(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// One secret `--find emails,…` found and hid: its kind and box in pixels, never its text;
/// written flat: `{kind, x, y, width, height}`.
struct SecretRecord: Encodable, Sendable {
    var kind: String
    var x, y, width, height: Int

    init(kind: String, box: PixelRect) {
        self.kind = kind
        (x, y, width, height) = (box.x, box.y, box.width, box.height)
    }
}

/// One box of text `--find text` found, in pixels of the image, written flat:
/// `{x, y, width, height, confidence}`.
struct FoundText: Encodable, Sendable {
    var x, y, width, height: Int
    var confidence: Double
}
