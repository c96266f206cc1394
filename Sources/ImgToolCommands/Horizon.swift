import ArgumentParser
import Foundation
import Synchronization
import Horizon
import ToolSupport
import Vips

extension ImgTool {
    /// `imgtool horizon`: how much a photo's horizon is tilted, and a straightened copy.
    public struct Horizon: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Detect a photo's horizon tilt; write a straightened copy.",
            discussion: """
            The angle is the tilt of the horizon as you see the picture (EXIF orientation applied): positive when it rises to the right (counter-clockwise), negative when it falls. It is measured on the horizon line (sea, lake, plain) or, where there is none, on the verticals of buildings and interiors, at about 1024 px on the long side. When there is no horizon or the evidence is ambiguous, the answer is "no horizon found" rather than a guess; confidence (0-1) is high on clear horizons and below 0.5 where the tool abstains.

            --fix turns the picture by the opposite angle and crops it, in one resampling pass (bicubic by default): to the largest rectangle with the original aspect ratio (--crop aspect, the default), the largest rectangle of any shape (max-area), or the whole turned canvas with --background in the corners (none). The copy keeps the format, the ICC profile and the EXIF/XMP metadata with the orientation reset (--strip drops them); JPEG quality is estimated from the input's quantisation tables (90 if they cannot be read) and its chroma subsampling is kept; WebP is written at quality 90. -o 'level.jpg[Q=95]' sets saver options. Inputs are never overwritten unless --in-place is given, and then atomically. When no horizon is found, nothing is written for that file.

            JSON keys: file, width, height (as displayed), found, angle (degrees) and angle_radians (null when not found), confidence, line ([[x, y], [x, y]] end points in pixels, null when not found), transform ([a, b, c, d, tx, ty]: pixel (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty) in the levelled canvas), crop ({x, y, width, height} kept in that canvas; transform and crop are null when not found) and, with --fix, output (null when nothing was written).

            Examples:
              imgtool horizon photo.jpg
              imgtool horizon photo.jpg --json
              imgtool horizon photo.jpg --fix                  # writes photo-level.jpg
              imgtool horizon *.jpg --fix -o out/ -j 4
              imgtool horizon photo.jpg --fix -o level.jpg --crop max-area
              imgtool horizon scan.png --fix -o level.png --crop none --background white
              imgtool horizon photo.jpg --overlay seen.jpg
              cat photo.jpg | imgtool horizon - --fix -o - > level.jpg
            Exit status: 0 a horizon was found in every input (and written), 1 a file could not be read or written, 2 no horizon was found in some input (nothing written for it), 64 bad command line. When files fail and others have no horizon, 1 wins.
            """
        )

        @Argument(help: "Photos; - reads standard input.")
        public var files: [String]

        @Flag(help: "Write a straightened copy of each photo with a horizon.")
        public var fix = false

        @Option(name: .shortAndLong, help: ArgumentHelp(
            "With --fix: a file (one input; options may follow in brackets), - for standard output (reports then go to stderr), or a folder ending in / (created if missing). Default: NAME-level.EXT beside each input.",
            valueName: "file|dir/"))
        public var output: String?

        @Flag(help: "With --fix: replace each input by its straightened copy (atomically).")
        public var inPlace = false

        @Option(help: ArgumentHelp("aspect (largest rectangle of the original proportions), max-area, or none.", valueName: "mode"),
                transform: parseCropMode)
        public var crop: CropMode = .aspect

        @Option(help: ArgumentHelp("Corner fill for --crop none: black, white, transparent, #rrggbb[aa], rgb(r,g,b) or COLOUR@ALPHA.",
                                   valueName: "colour"), transform: parseBackground)
        public var background: [Double]?

        @Flag(help: "Write the straightened copy without metadata (EXIF, GPS, XMP, ICC).")
        public var strip = false

        @Option(help: ArgumentHelp("Also write the photo with the detected horizon drawn on it (red; amber for a rejected guess): a file, or a folder ending in / for several inputs.",
                                   valueName: "file|dir/"))
        public var overlay: String?

        @Option(help: ArgumentHelp("Search range in degrees either side of level (0.5-45).", valueName: "degrees"))
        public var maxAngle: Double = 30

        @Option(help: ArgumentHelp("Resampler for --fix: bicubic, lbb, nohalo or vsqbs.", valueName: "name"))
        public var interpolate: String = "bicubic"

        @Option(name: [.customShort("j"), .customLong("jobs")], help: ArgumentHelp("Photos processed at once (default: all cores).", valueName: "n"))
        public var jobs: Int?

        @Flag(help: "One JSON object per input, one per line.")
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        @OptionGroup var limits: ImageLimits

        public init() {}

        public func validate() throws {
            if !fix && output != nil { throw ValidationError("-o is for --fix (the straightened copy): add --fix, or use --overlay for the drawing") }
            if !fix && inPlace { throw ValidationError("--in-place needs --fix") }
            guard maxAngle.isFinite, maxAngle >= 0.5, maxAngle <= 45 else {
                throw ValidationError("--max-angle must be from 0.5 to 45 degrees")
            }
            if let jobs, jobs < 1 { throw ValidationError("-j must be at least 1") }
            guard ["bicubic", "lbb", "nohalo", "vsqbs"].contains(interpolate) else {
                throw ValidationError("--interpolate must be bicubic, lbb, nohalo or vsqbs")
            }
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        }

        private func makeJob() throws(ToolFailure) -> HorizonJob {
            let fixes = fix ? try HorizonDestinations(output: output, inPlace: inPlace, inputs: files, tag: "-level",
                                                      tagInFolders: false, option: "-o") : nil
            var overlays: HorizonDestinations?
            if let overlay {
                overlays = try HorizonDestinations(output: overlay, inPlace: false, inputs: files, tag: "-horizon",
                                                   tagInFolders: true, option: "--overlay")
            }
            return HorizonJob(estimator: HorizonEstimator(maxAngle: maxAngle),
                              leveller: HorizonLeveller(crop: crop, background: background, interpolator: interpolate),
                              fixes: fixes, overlays: overlays, strip: strip, maxPixels: limits.maxPixels)
        }

        public func run() throws {
            let job: HorizonJob
            do {
                job = try makeJob()
            } catch {
                Console.error("imgtool: \(error.message)")
                throw ExitCode(error.status)
            }
            let inputs = files, quiet = quiet, json = json
            // With the image on standard output, reports go to stderr.
            let report: @Sendable (String) -> Void = job.fixes?.writesStandardOutput == true ? Console.error : Console.out
            let worst = Mutex<(failed: Bool, notFound: Bool)>((false, false))
            orderedParallelForEach(count: inputs.count, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                   work: { job.run(inputs[$0]) },
                                   emit: { _, outcome in
                switch outcome {
                case .failed(let failure):
                    Console.error("imgtool: \(failure.message)")
                    worst.withLock { $0.failed = true }
                case .done(let record):
                    if !record.found { worst.withLock { $0.notFound = true } }
                    guard !quiet else { return }
                    if json, let line = try? JSONLines().line(record) { report(line) } else if !json { report(record.text) }
                }
            })
            let status = worst.withLock { $0 }
            if status.failed { throw ExitCode(ExitStatus.failure) }
            if status.notFound { throw ExitCode(ExitStatus.nothingFound) }
        }
    }
}

private func parseCropMode(_ text: String) throws -> CropMode {
    guard let mode = CropMode(rawValue: text.lowercased()) else {
        throw ValidationError("\"\(text)\" is not a crop mode: use aspect, max-area or none")
    }
    return mode
}

/// `--background` as 0…255 values R, G, B, A (the shared colour syntax of every command).
func parseBackground(_ text: String) throws -> [Double] {
    do {
        return try Colour.parse(text).bytes()
    } catch {
        throw ValidationError(error.description)
    }
}
