import ArgumentParser
import CommandSupport
import CoreTypes
import Foundation
import Horizon
import HorizonKit
import LibRaw
import Sidecars
import ToolSupport
import Vips

extension ImgTool {
    /// `imgtool horizon`: how much a photo's horizon is tilted, and a straightened copy.
    public struct Horizon: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Detect a photo's horizon tilt; write a straightened copy.",
            discussion: """
                The angle is the tilt of the horizon as you see the picture (EXIF orientation applied): positive when it rises to the right (counter-clockwise), negative when it falls. It is measured on the horizon line (sea, lake, plain) or on the vanishing point of the verticals of buildings and interiors, at about 1024 px on the long side. Confidence (0-1) is the estimated chance that the angle is within 1 degree of the truth; below --min-confidence (default 0.50) the answer is "no horizon found" rather than a guess, as on photos without a level reference (sky, foliage, macro) or when the evidence is ambiguous.

                --fix turns the picture by the opposite angle and crops it, in one resampling pass (bicubic by default): to the largest rectangle with the original aspect ratio (--crop aspect, the default), the largest rectangle of any shape (max-area), or the whole turned canvas with --background in the corners (none). The copy keeps the format, the ICC profile and the EXIF/XMP metadata with the orientation reset (--strip drops them); JPEG quality is estimated from the input's quantisation tables (90 if they cannot be read) and its chroma subsampling is kept; WebP is written at quality 90. -o 'level.jpg[Q=95]' sets saver options. Inputs are never overwritten unless --in-place is given, and then atomically. When no horizon is found, nothing is written for that file. A photo within 0.1 degree of level is reported level and never turned (turning would resample and crop it for less than the estimator's own error): beside it and with --in-place nothing is written, so a batch run twice neither turns its copies again nor makes NAME-level-level files (NAME-level copies of photos also given are left out of a run beside them); with -o FILE, -o DIR/ or -o - the photo's own bytes are copied unchanged (re-saved without metadata with --strip).

                JSON keys: file, width, height (as displayed), found, angle (degrees) and angle_radians (null when not found), confidence (of the best guess, also when not found), line ([[x, y], [x, y]] end points in pixels, null when not found), transform ([a, b, c, d, tx, ty]: pixel (x, y) goes to (a*x + c*y + tx, b*x + d*y + ty) in the levelled canvas), crop ({x, y, width, height} kept in that canvas; transform and crop are null when not found) outputs (the files written, each {path, width, height} in pixels; [] when none) and level (with --fix: true when within 0.1 degree, not turned; null without --fix) (docs/JSON.md); --evidence adds evidence, the candidates (horizon_line, verticals) with their angles, confidences and the features the confidence was computed from.

                Batches: folders contribute the photos directly in them (-r: and in every folder below), in path order; -o DIR/ mirrors the input tree; results come in input order whatever -j; a file that fails is reported (with --json as {"file", "error", "exit_status"}) and the others go on; a summary line (done, no horizon, skipped, failed, time) ends batches on stderr. --skip-existing skips photos whose straightened copy exists and is newer, so an interrupted run resumes. --shard i/N takes a stable share of the inputs for one of N machines.

                --review DIR/ also writes a page to check the answers in a browser (file://, no network): every photo as shot with the line found and levelled as --fix would write it, those without an answer first; accept (A), reject (R) or set the tilt (arrow keys, typed, or drawn along the horizon with the mouse), then save decisions.json, which --decisions applies with --fix or --sidecar; photos left undecided are detected again.

                Exit status: 0 a horizon was found in every input (and written), 1 a file could not be read or written, 2 no horizon was found in some input (nothing written for it), 64 bad command line. When files fail and others have no horizon, 1 wins.

                Examples:
                  imgtool horizon photo.jpg
                  imgtool horizon photo.jpg --json
                  imgtool horizon photo.jpg --fix                  # writes photo-level.jpg
                  imgtool horizon *.jpg --fix -o out/ -j 4
                  imgtool horizon -r photos/ --fix -o level/ --skip-existing --json > log.jsonl
                  imgtool horizon -r photos/ --fix -o level/ --shard 2/8   # machine 2 of 8
                  imgtool horizon photo.jpg --fix -o level.jpg --crop max-area
                  imgtool horizon scan.png --fix -o level.png --crop none --background white
                  imgtool horizon photo.jpg --overlay seen.jpg
                  imgtool horizon -r photos/ --fix -o level/ --min-confidence 0.9
                  cat photo.jpg | imgtool horizon - --fix -o - > level.jpg
                  imgtool horizon -r photos/ --review review/
                  imgtool horizon -r photos/ --decisions decisions.json --fix -o level/
                """
        )

        @Argument(help: "Photos and folders of photos; - reads standard input.", completion: .file())
        public var files: [String]

        @Flag(help: "Write a straightened copy of each photo with a horizon.")
        public var fix = false

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "With --fix: a file (one input; options may follow in brackets), - for standard output (reports then go to stderr), or a folder ending in / (created if missing). Default: NAME-level.EXT beside each input.",
                valueName: "file|dir/"), completion: .file())
        public var output: String?

        @Flag(help: "With --fix: replace each input by its straightened copy (atomically).")
        public var inPlace = false

        @Option(
            help: ArgumentHelp(
                "aspect (largest rectangle of the original proportions), max-area, or none.", valueName: "mode"),
            transform: parseCropMode)
        public var crop: CropMode?

        @Option(
            help: ArgumentHelp(
                "Corner fill for --crop none: black, white, transparent, #rrggbb[aa], rgb(r,g,b) or COLOUR@ALPHA.",
                valueName: "colour"), transform: parseBackground)
        public var background: Colour?

        @Flag(help: "Write the straightened copy without metadata (EXIF, GPS, XMP, ICC).")
        public var strip = false

        @Option(
            help: ArgumentHelp(
                "Also write the photo with the detected horizon drawn on it (red; amber for a rejected guess): a file, or a folder ending in / for several inputs.",
                valueName: "file|dir/"), completion: .file())
        public var overlay: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Search range in degrees either side of level (0.5-45).", valueName: "degrees"))
        public var maxAngle: Double = 30

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Answer only when the confidence is at least this (0-1); the default is the lowest at which, on the development corpus, at least 95 % of photos without a level reference got no answer and at most 1 % of answers were more than 2 degrees off. Raise it for unattended batches, lower it to get more answers.",
                valueName: "p"))
        public var minConfidence: Double = HorizonEstimator.Configuration().minConfidence

        @Option(help: ArgumentHelp("Resampler for --fix: bicubic, lbb, nohalo or vsqbs.", valueName: "name"))
        public var interpolate: String?

        @Option(
            help: ArgumentHelp(
                "Write the straightening where an editor reads it, the photo untouched: rawtherapee (PHOTO.EXT.pp3), darktable (PHOTO.EXT.xmp), lightroom (PHOTO.xmp, Camera Raw too); several separated by commas or repeated. Existing sidecars keep every other setting.",
                valueName: "editor"))
        public var sidecar: [String] = []

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Apply this tilt (degrees, positive when the horizon rises to the right) instead of detecting one: for --fix and --sidecar.",
                valueName: "degrees"))
        public var angle: Double?

        @Option(
            help: ArgumentHelp(
                "Apply the decisions saved from a --review page: accepted photos get their (possibly nudged) angle, rejected ones are left alone, others are detected.",
                valueName: "file"))
        public var decisions: String?

        @Option(
            help: ArgumentHelp(
                "Also write a page to review the results in a browser (file://, no network): every photo as shot with the line found and levelled as --fix would write it, those without an answer first; accept, reject or set the angle by keyboard or mouse, and save the decisions for --decisions.",
                valueName: "dir/"), completion: .directory)
        public var review: String?

        @Option(
            help: ArgumentHelp(
                "Raw photos: detect on the camera's embedded preview (default, fastest) or LibRaw's half-size demosaic.",
                valueName: "preview|half-size"))
        public var rawAnalysis: String?

        @Flag(help: "With --fix or --sidecar: skip photos whose outputs exist and are newer than the photo.")
        public var skipExisting = false

        @Flag(
            help:
                "Exit 0 when every photo was handled (levelled, no horizon, skipped) and non-zero only when one failed: for schedulers (Slurm, Kubernetes, GNU parallel) that count exit 2 as a failure. Each photo's outcome stays in --json and the summary."
        )
        public var noHorizonOk = false

        @Flag(help: "One JSON object per input, one per line.")
        public var json = false

        @Flag(
            help:
                "With --json: add `evidence`, every candidate angle with its confidence and the features it was computed from."
        )
        public var evidence = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        @OptionGroup var limits: ImageLimits

        @OptionGroup(title: "Batch") var batch: BatchOptions

        public init() {}

        public func validate() throws {
            if !fix && output != nil {
                throw ValidationError(
                    "-o is for --fix (the straightened copy): add --fix, or use --overlay for the drawing")
            }
            if !fix && inPlace { throw ValidationError("--in-place needs --fix") }
            guard maxAngle.isFinite, maxAngle >= 0.5, maxAngle <= 45 else {
                throw ValidationError("--max-angle must be from 0.5 to 45 degrees")
            }
            guard minConfidence.isFinite, minConfidence >= 0, minConfidence <= 1 else {
                throw ValidationError("--min-confidence must be from 0 to 1")
            }
            let editors = try sidecarEditors()
            if skipExisting && !fix && editors.isEmpty {
                throw ValidationError("--skip-existing needs --fix or --sidecar")
            }
            if let angle, !(angle.isFinite && Swift.abs(angle) <= 45) {
                throw ValidationError("--angle must be from -45 to 45 degrees")
            }
            if angle != nil && decisions != nil {
                throw ValidationError("--angle and --decisions both give the angle: use one")
            }
            if review != nil && (angle != nil || decisions != nil) {
                throw ValidationError(
                    "--review shows what was detected, to decide on: without --angle or --decisions")
            }
            if review != nil && files.contains("-") {
                throw ValidationError("--review names each photo for the decisions: give files, not standard input")
            }
            // A given tilt is only applied: without somewhere to apply it, the run would do nothing.
            if (angle != nil || decisions != nil) && !fix && editors.isEmpty && overlay == nil {
                throw ValidationError(
                    "\(angle != nil ? "--angle" : "--decisions") gives the tilt to apply: add --fix (a straightened copy) or --sidecar"
                )
            }
            if !editors.isEmpty && files.contains("-") {
                throw ValidationError("--sidecar writes beside the photo: give a file, not standard input")
            }
            if let rawAnalysis, RawAnalysisSource(rawValue: rawAnalysis) == nil {
                throw ValidationError("--raw-analysis must be preview or half-size")
            }
            if crop != nil && !fix && editors.isEmpty {
                throw ValidationError(
                    "--crop shapes the straightened copy or the sidecar's crop: add --fix or --sidecar")
            }
            // Options that shape the straightened copy do nothing without --fix: say so.
            for (option, given) in [
                ("--background", background != nil), ("--interpolate", interpolate != nil),
                ("--strip", strip),
            ] where given && !fix {
                throw ValidationError("\(option) shapes the straightened copy: add --fix")
            }
            if background != nil && (crop ?? .aspect) != .none {
                throw ValidationError("--background fills the corners of --crop none only: add --crop none")
            }
            guard [.bicubic, .lbb, .nohalo, .vsqbs].contains(Interpolation(rawValue: interpolate ?? "bicubic")) else {
                throw ValidationError("--interpolate must be bicubic, lbb, nohalo or vsqbs")
            }
            if evidence && !json { throw ValidationError("--evidence adds to the JSON records: add --json") }
            try BatchOptions.validateStandardInput(files)
        }

        private func makeJob(_ inputs: [BatchInput]) throws(ToolFailure) -> HorizonJob {
            // The straightened copy and the drawing never go to the same place.
            try OutputSafety.refuseSamePlace([
                ("-o", fix && !inPlace ? output : nil),
                ("--overlay", overlay),
            ])
            let fixes =
                fix
                ? try OutputPlan(
                    output: output, inPlace: inPlace, inputs: inputs, tag: "-level",
                    tagInFolders: false, option: "-o", inPlaceFlag: "--in-place") : nil
            var overlays: OutputPlan?
            if let overlay {
                overlays = try OutputPlan(
                    output: overlay, inPlace: false, inputs: inputs, tag: "-horizon",
                    tagInFolders: true, option: "--overlay")
            }
            for format in [fixes?.userFormat, overlays?.userFormat].compactMap({ $0 }) {
                try ImageOutput.checkWritable(format)
            }
            for case .file(let target)? in [fixes?.place, overlays?.place] {
                if let format = ImageFormat(path: target.path) {
                    try ImageOutput.checkSaverOptions(SaverOptions(parsing: target.options), format: format)
                }
            }
            let leveller = HorizonLeveller(
                crop: crop ?? .aspect, background: background,
                interpolator: interpolate.flatMap(Interpolation.init(rawValue:)) ?? .bicubic)
            if leveller.addsAlpha, let format = fixes?.userFormat, !format.hasAlpha {
                throw HorizonJob.noAlphaFailure(format.suffix)
            }
            let request = HorizonRequest(
                estimator: HorizonEstimator(configuration: .init(maxAngle: maxAngle, minConfidence: minConfidence)),
                leveller: leveller, rawSource: rawAnalysis.flatMap(RawAnalysisSource.init(rawValue:)) ?? .preview,
                maxPixels: limits.maxPixels)
            var job = HorizonJob(
                request: request, fixes: fixes, overlays: overlays, strip: strip, skipExisting: skipExisting,
                evidence: evidence, quiet: quiet)
            job.sidecars = (try? sidecarEditors()) ?? []
            if !job.sidecars.isEmpty {
                job.sidecarPlan = try OutputPlan(
                    output: nil, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "--sidecar")
            }
            job.givenAngle = angle
            job.decisions = try decisions.map { path throws(ToolFailure) in try ReviewDecisions.read(path) }
            // Two inputs never end in one output (copy, drawing or sidecar), compared before anything is written.
            try OutputPlan.refuseSharedOutputs(inputs) { [job] input throws(ToolFailure) in
                try job.plannedOutputs(input)
            }
            return job
        }

        /// `--sidecar a,b --sidecar c`, each editor once, in the order given.
        func sidecarEditors() throws -> [SidecarEditor] {
            var editors: [SidecarEditor] = []
            for name in sidecar.flatMap({ $0.split(separator: ",") }) {
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                guard let editor = SidecarEditor(rawValue: key) ?? (key == "camera-raw" ? .lightroom : nil) else {
                    throw ValidationError("--sidecar \"\(name)\": use rawtherapee, darktable or lightroom")
                }
                if !editors.contains(editor) { editors.append(editor) }
            }
            return editors
        }

        public func run() throws {
            limits.apply()
            var inputs = try batch.inputs(
                files, suffixes: InputScan.imageSuffixes.union(RawFiles.suffixes), label: "imgtool horizon",
                quiet: quiet)
            // Run twice beside the photos, a batch would take its own copies for photos.
            if fix && output == nil && !inPlace {
                let (kept, dropped) = OutputPlan.droppingOwnOutputs(inputs, tag: "-level")
                inputs = kept
                if dropped > 0 && !quiet {
                    Console.error(
                        "imgtool horizon: \(dropped) input\(dropped == 1 ? "" : "s") left out: NAME-level copies of photos also given (written by an earlier --fix)"
                    )
                }
            }
            if !quiet, let editors = try? sidecarEditors(), editors.contains(.darktable), editors.contains(.lightroom) {
                Console.error(
                    "imgtool horizon: note: darktable also applies a Lightroom PHOTO.xmp the first time it develops a photo; for photos darktable opens, write one of the two"
                )
            }
            let job: HorizonJob
            do {
                job = try makeJob(inputs)
            } catch {
                Console.error("imgtool: \(error.message)")
                throw ExitCode(error.status)
            }
            if !quiet, let decisions, let unmatched = job.decisions?.unmatched(inputs.map(\.path)), !unmatched.isEmpty {
                Console.error(
                    "imgtool horizon: note: \(unmatched.count) photo\(unmatched.count == 1 ? "" : "s") in \(decisions) \(unmatched.count == 1 ? "is" : "are") not among the inputs (moved or renamed?), first \(unmatched[0])"
                )
            }
            var report = BatchReport(label: "imgtool horizon", quiet: quiet, json: json)
            // With the image on standard output, reports go to stderr.
            report.recordsToStandardError = job.fixes?.writesStandardOutput == true
            report.nothingFoundLabel = "no horizon"
            report.alwaysSummarise = batch.summarises(files)
            batch.shareCores(among: inputs.count)
            let tally: BatchTally
            do {
                tally = try ReviewPage.run(review, inputs: inputs, job: job, quiet: quiet) { job in
                    Batch.run(
                        inputs, jobs: batch.workers, report: report,
                        text: { (record: HorizonRecord) in [record.text] }, work: job.run)
                }
            } catch {
                let failure = Failures.failure(error, file: review ?? "")
                Console.error("imgtool: \(failure.message)")
                throw ExitCode(failure.status)
            }
            let status = tally.exitStatus(nothingFoundIsSuccess: noHorizonOk)
            if status != ExitStatus.success { throw ExitCode(status) }
        }
    }
}

private func parseCropMode(_ text: String) throws -> CropMode {
    guard let mode = CropMode(rawValue: text.lowercased()) else {
        throw ValidationError("\"\(text)\" is not a crop mode: use aspect, max-area or none")
    }
    return mode
}

/// `--background`: the shared colour syntax of every command.
func parseBackground(_ text: String) throws -> Colour {
    do {
        return try Colour.parse(text)
    } catch {
        throw ValidationError(error.description)
    }
}
