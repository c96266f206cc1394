import ArgumentParser
import CommandSupport
import CoreTypes
import Foundation
import LibRaw
import ToolSupport
import Vips

extension ImgTool {
    /// `imgtool info`: what an image is, as libvips reads it.
    public struct Info: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Show format, size, bands, EXIF orientation and metadata of images.",
            discussion: """
                Width and height are as displayed, after the EXIF orientation. The pixels are \
                decoded once, so truncated or corrupt files are reported as errors.

                Folders contribute the images directly in them (-r: and in every folder below), in path order. With --json, a file that cannot be read gives {"file", "error", "exit_status"}.

                Exit status: 0 all files read, 1 some file could not be read, 64 bad command line.

                Examples:
                  imgtool info photo.jpg
                  imgtool info --json *.jpg | jq .width
                  imgtool info -r ~/Pictures --json > library.jsonl
                  curl -s https://example.org/a.png | imgtool info -
                """
        )

        @Argument(help: "Image files and folders; - reads standard input.", completion: .file())
        public var files: [String]

        @Flag(help: "One JSON object per file, one per line.")
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        @OptionGroup var limits: ImageLimits

        @OptionGroup(title: "Batch") var batch: BatchOptions

        public init() {}

        public func run() throws {
            limits.apply()
            var report = BatchReport(label: "imgtool info", quiet: quiet, json: json)
            report.alwaysSummarise = batch.summarises(files)
            let maxPixels = limits.maxPixels
            let inputs = try batch.inputs(
                files, suffixes: InputScan.imageSuffixes.union(RawFiles.suffixes), label: "imgtool info", quiet: quiet)
            batch.shareCores(among: inputs.count)
            let tally = Batch.run(
                inputs, jobs: batch.workers, report: report,
                text: { (info: ImageInfo) in [info.summary] }
            ) { input in
                .catching(input) { try ImageInfo.read(input.path, maxPixels: maxPixels) }
            }
            if tally.exitStatus != ExitStatus.success { throw ExitCode(tally.exitStatus) }
        }
    }
}

/// The facts `imgtool info` reports; encoded as JSON with snake_case keys.
public struct ImageInfo: Encodable, Sendable, Equatable {
    public var file: String
    public var format: String
    public var width: Int
    public var height: Int
    public var bands: Int
    public var bandFormat: String
    public var interpretation: String
    public var orientation: Int
    public var iccProfile: Bool
    /// Kinds of metadata present: exif, gps, exif-thumbnail, xmp, iptc, icc, text.
    public var metadata: [String]
    /// Frames (animated GIF, WebP) or pages (TIFF, HEIF) in the file; the others describe the first.
    public var pages: Int = 1
    /// Raw photos only (read by LibRaw): the camera's record; absent for other images.
    public var raw: RawDetails?

    /// What LibRaw reads from a raw photo's metadata (JSON keys in snake_case; absent values null).
    public struct RawDetails: Encodable, Sendable, Equatable {
        public var make: String
        public var model: String
        @NullWhenAbsent public var lens: String?
        @NullWhenAbsent public var iso: Double?
        /// Seconds.
        @NullWhenAbsent public var shutter: Double?
        @NullWhenAbsent public var aperture: Double?
        /// Millimetres.
        @NullWhenAbsent public var focalLength: Double?
        /// ISO 8601, UTC as LibRaw reads it.
        @NullWhenAbsent public var taken: String?
        public var previewWidth: Int
        public var previewHeight: Int
    }

    /// A raw photo as LibRaw describes it: the developed picture's size and the camera's record.
    static func readRaw(_ file: String) throws(ToolFailure) -> ImageInfo {
        do {
            let photo = try RawPhoto(path: file)
            let meta = photo.metadata
            let suffix = URL(fileURLWithPath: file).pathExtension.lowercased()
            let orientation = [0: 1, 3: 3, 5: 8, 6: 6][meta.flip] ?? 1
            var info = ImageInfo(
                file: file, format: "raw " + (suffix.isEmpty ? "photo" : suffix), width: meta.width,
                height: meta.height, bands: 3, bandFormat: "ushort", interpretation: "rgb16",
                orientation: orientation, iccProfile: false, metadata: ["exif"])
            let taken = meta.timestamp.map {
                ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval($0)))
            }
            info.raw = RawDetails(
                make: meta.make, model: meta.model, lens: meta.lens, iso: meta.iso,
                shutter: meta.shutter.map { ($0 * 1e6).rounded() / 1e6 },
                aperture: meta.aperture, focalLength: meta.focalLength, taken: taken,
                previewWidth: meta.previewWidth, previewHeight: meta.previewHeight)
            return info
        } catch {
            throw Failures.failure(error, file: file)
        }
    }

    public static func read(_ file: String, maxPixels: Int = Image.defaultMaxPixels) throws(ToolFailure) -> ImageInfo {
        if file != "-", RawPhoto.isRaw(file) { return try readRaw(file) }
        do {
            let image = try Image.load(
                ImageInput.source(file), autorotate: false, access: .sequential, maxPixels: maxPixels)
            // Decoding once finds truncated and corrupt data that the header alone hides.
            _ = try image.average()
            let swap = [5, 6, 7, 8].contains(image.orientation)
            return ImageInfo(
                file: file,
                format: formatName(loader: image.loader, compression: image.string(field: "heif-compression")),
                width: swap ? image.height : image.width,
                height: swap ? image.width : image.height,
                bands: image.bands,
                bandFormat: image.bandFormat.nick,
                interpretation: image.interpretation.rawValue,
                orientation: image.orientation,
                iccProfile: image.hasField("icc-profile-data"),
                metadata: metadataKinds(image.fieldNames),
                pages: MultiPage.count(image)
            )
        } catch {
            throw Failures.failure(error, file: file)
        }
    }

    /// "jpegload_source" → "jpeg"; a HEIF file says which codec it holds: AV1 is "avif", HEVC "heic".
    static func formatName(loader: String?, compression: String? = nil) -> String {
        guard var name = loader else { return "unknown" }
        for suffix in ["_source", "_buffer", "_file"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if name.hasSuffix("load") { name.removeLast(4) }
        if name == "heif" {
            switch compression {
            case "av1": return "avif"
            case "hevc": return "heic"
            default: return name
            }
        }
        return name
    }

    static func metadataKinds(_ fields: [String]) -> [String] {
        var kinds: [String] = []
        func note(_ kind: String, _ present: Bool) { if present { kinds.append(kind) } }
        note("exif", fields.contains("exif-data"))
        // libexif numbers the GPS directory IFD 3 and the thumbnail's IFD 1.
        note("gps", fields.contains { $0.hasPrefix("exif-ifd3-") })
        note("exif-thumbnail", fields.contains { $0.hasPrefix("exif-ifd1-") })
        note("xmp", fields.contains("xmp-data"))
        note("iptc", fields.contains("iptc-data"))
        note("icc", fields.contains("icc-profile-data"))
        note(
            "text",
            fields.contains { $0.hasPrefix("png-comment-") || $0.hasPrefix("gif-comment") || $0 == "jpeg-comment" })
        return kinds
    }

    public var summary: String {
        let shownFile = file == "-" ? "<stdin>" : file
        var text = "\(shownFile): \(format) \(width)×\(height), \(bands) bands \(bandFormat) \(interpretation)"
        if orientation != 1 { text += ", EXIF orientation \(orientation)" }
        if pages > 1 { text += ", \(pages) \(MultiPage.unit(format: format))" }
        if let raw {
            text += ", \(raw.make) \(raw.model)"
            var exposure: [String] = []
            if let iso = raw.iso { exposure.append("ISO \(Int(iso))") }
            if let shutter = raw.shutter {
                exposure.append(shutter < 1 ? "1/\(Int((1 / shutter).rounded())) s" : String(format: "%.1f s", shutter))
            }
            if let aperture = raw.aperture { exposure.append(String(format: "f/%.1f", aperture)) }
            if let focal = raw.focalLength { exposure.append(String(format: "%.0f mm", focal)) }
            if !exposure.isEmpty { text += ", " + exposure.joined(separator: " ") }
            if let lens = raw.lens { text += ", \(lens)" }
            if let taken = raw.taken { text += ", taken \(taken)" }
            text += raw.previewWidth > 0 ? ", preview \(raw.previewWidth)×\(raw.previewHeight)" : ", no preview"
            return text
        }
        text += metadata.isEmpty ? ", no metadata" : ", metadata: \(metadata.joined(separator: " "))"
        return text
    }
}
