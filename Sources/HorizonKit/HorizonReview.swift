import CoreTypes
import Foundation
import Horizon
import ToolSupport
import Vips

/// `imgtool horizon --review DIR/`: a folder that shows each photo with the horizon found, its
/// angle and confidence, for a person to accept, reject or correct, offline (file://, no server):
///
///     index.html  review.js  review.css   the page and the project's own script and style
///     photos.js                           the photos, as a script (file:// forbids fetch)
///     previews/00001.jpg                  each photo upright, 1024 px on the long side
///     thumbs/00001.jpg                    and 200 px, for the list
///
/// Photos without an answer come first, then the answered ones, each by rising confidence. The
/// page saves the decisions as the file `--decisions` reads (`ReviewDecisions`). Files are written
/// into the folder given (the caller makes it appear whole: `AtomicFolder`); `add` may be called
/// from several threads.
public final class HorizonReview: Sendable {
    /// One photo as photos.js describes it (snake_case keys).
    public struct Photo: Sendable, Encodable, Equatable {
        /// The path as given on the command line, and as an absolute path (what decisions name).
        public var file: String
        public var path: String
        public var raw: Bool
        /// Displayed size of the full picture.
        public var width: Int
        public var height: Int
        public var found: Bool
        /// The answer's angle when found, else the best guess's (nil when there was none).
        @NullWhenAbsent public var angle: Double?
        public var confidence: Double
        /// `horizon_line` or `verticals`: what the angle was measured on.
        @NullWhenAbsent public var evidence: String?
        /// The line in the preview's pixels, [[x, y], [x, y]].
        @NullWhenAbsent public var line: [[Double]]?
        public var preview: String
        public var previewWidth: Int
        public var previewHeight: Int
        public var thumbnail: String
    }

    /// Long side of the previews: sharp on a 2× screen at the page's size, about 100 KB each.
    public static let previewSize = 1024
    static let thumbnailSize = 200
    static let jpegOptions = "[Q=80,optimize_coding]"
    /// What a folder written by this type holds: a folder of only these may be replaced.
    static let ownNames: Set<String> = ["index.html", "review.js", "review.css", "photos.js", "previews", "thumbs"]

    let folder: String
    private let order: [String: Int]
    private let photos = Locked<[Photo]>([])
    private let counter = Locked(0)

    /// A review written into `folder` (existing and empty) of `inputs`, listed in this order where
    /// confidences tie.
    public init(folder: String, inputs: [String]) throws {
        self.folder = folder
        var order: [String: Int] = [:]
        for (index, input) in inputs.enumerated() where order[input] == nil { order[input] = index }
        self.order = order
        for name in ["previews", "thumbs"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
    }

    /// Adds a photo: `picture` is it upright (any size, any colour space), the line is drawn by the page.
    public func add(file: String, raw: Bool, detection: HorizonDetection, picture: Image) throws {
        let number = counter.withLock { count -> Int in
            count += 1
            return count
        }
        let name = String(format: "%05d.jpg", number)
        let preview = try HorizonOverlay.displayed(
            picture.thumbnail(width: Self.previewSize, height: Self.previewSize, enlarging: false))
        try preview.save(to: "\(folder)/previews/\(name)", format: ".jpg", options: Self.jpegOptions, strip: true)
        let thumbnail = try preview.thumbnail(width: Self.thumbnailSize, height: Self.thumbnailSize, enlarging: false)
        try thumbnail.save(to: "\(folder)/thumbs/\(name)", format: ".jpg", options: Self.jpegOptions, strip: true)
        let shown = (detection.estimate ?? detection.candidate)?.scaled(
            toWidth: preview.width, height: preview.height)
        let photo = Photo(
            file: file, path: Self.absolute(file), raw: raw, width: detection.width, height: detection.height,
            found: detection.estimate != nil,
            // The angle of the full-size picture, as --json reports it: the preview's rounded size can
            // differ in proportions by a pixel, which would tilt a line scaled into it by thousandths.
            angle: (detection.estimate ?? detection.candidate).map { Self.rounded($0.angleDegrees, 3) },
            confidence: Self.rounded(detection.analysis.confidence, 3), evidence: shown?.evidence.rawValue,
            line: shown.map {
                [[$0.line.start.x, $0.line.start.y], [$0.line.end.x, $0.line.end.y]].map {
                    $0.map { Self.rounded($0, 2) }
                }
            },
            preview: "previews/\(name)", previewWidth: preview.width, previewHeight: preview.height,
            thumbnail: "thumbs/\(name)")
        photos.withLock { $0.append(photo) }
    }

    /// The photos added, in the page's order: unanswered first, then by rising confidence.
    public var listed: [Photo] {
        photos.withLock { $0 }.sorted { a, b in
            if a.found != b.found { return !a.found }
            if a.confidence != b.confidence { return a.confidence < b.confidence }
            return (order[a.file] ?? Int.max, a.file) < (order[b.file] ?? Int.max, b.file)
        }
    }

    /// Writes the page and photos.js once every photo has been added.
    public func finish() throws {
        let data = ReviewData(generator: "imgtool horizon", photos: listed)
        // "<" escaped, so no file name can close a script element wherever the JSON is put.
        let json = String(decoding: try JSONLines.encoder().encode(data), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        try write("window.horizonReview = " + json + ";\n", to: "photos.js")
        try write(HorizonReviewFiles.page, to: "index.html")
        try write(HorizonReviewFiles.script, to: "review.js")
        try write(HorizonReviewFiles.style, to: "review.css")
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// True when `folder` holds nothing but what a review holds (so writing over it loses nothing of anyone's).
    public static func isReview(_ folder: String) -> Bool {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder), names.contains("photos.js"),
            Set(names).isSubset(of: ownNames)
        else { return false }
        return ["previews", "thumbs"].allSatisfy { sub in
            ((try? fileManager.contentsOfDirectory(atPath: folder + "/" + sub)) ?? []).allSatisfy { name in
                name.hasSuffix(".jpg") && name.dropLast(4).allSatisfy { $0.isASCII && $0.isNumber }
            }
        }
    }

    /// `file` as an absolute, standardised path: decisions name photos so, whatever the folder
    /// `--decisions` is run from.
    public static func absolute(_ file: String) -> String {
        let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        let result = (value * scale).rounded() / scale
        return result == 0 ? 0 : result
    }
}

/// The shape of photos.js.
struct ReviewData: Encodable {
    var version = 1
    var generator: String
    var photos: [HorizonReview.Photo]
}

/// The review page's own files: real files in Review/, compiled into the binary as bytes
/// (SwiftPM's `embedInCode`), so that the `imgtool` binary carries them wherever it is copied.
enum HorizonReviewFiles {
    static let page = String(decoding: PackageResources.index_html, as: UTF8.self)
    static let style = String(decoding: PackageResources.review_css, as: UTF8.self)
    static let script = String(decoding: PackageResources.review_js, as: UTF8.self)
}
