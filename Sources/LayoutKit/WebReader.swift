import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport
import Vips

/// `pdflayout --format html -o DIR/`: a folder that shows the layout in a web browser, offline,
/// from file:// or any static server:
///
///     index.html  reader.js  reader.css      the page and the project's own script and style
///     layout.json                            the layout, the title, the outline (for machines)
///     layout.js                              the same JSON as a script (file:// forbids fetch)
///     pages/p0037.webp  pages/p0037@2x.webp  each page at the chosen size, and twice as sharp
///     text/t000.js ...                       the words of 50 pages at a time, with their boxes
///
/// Every page is rendered once, at the sharp size; the normal set is its 2 × 2 box average
/// (libvips, `Image.blockAverage`), so `sharpFactor` is 2. With `imageSets` `.normal` there is no
/// sharp set: each page is rendered once at the chosen size, and layout.json's `image_sets` says
/// so (reader.js then shows the normal image on every screen). The folder is
/// written beside its destination and renamed into place when complete (`AtomicFolder`).
public struct WebReader: Sendable {
    public var layout: Layout
    /// The options, the normal set's pixels per point per view (`--dpi` or `--fit`), the
    /// document, its title (`title(_:source:)`) and its language, a BCP 47 tag for
    /// `<html lang>` ("und" when absent).
    public var context: RenderContext
    public var outline: [OutlineEntry] = []
    /// The colour around the pages; nil leaves the reader's own grey.
    public var background: Colour?
    /// The image sets written: both (the default), or the chosen size only.
    public var imageSets = ImageSets.normalAndSharp

    /// Which page images the reader holds (layout.json's `image_sets` names them).
    public enum ImageSets: Int, Sendable, CaseIterable {
        /// The chosen size only: one render a page at that size, soft when zoomed or on HiDPI screens.
        case normal = 1
        /// The chosen size and `sharpFactor` times as sharp, which the reader takes when the screen needs it.
        case normalAndSharp = 2

        var names: [String] { self == .normal ? ["normal"] : ["normal", "sharp"] }
    }

    /// The sharp set is this many times the normal set's pixels per point.
    public static let sharpFactor = 2
    /// Words of this many pages share a text file.
    static let pagesPerTextFile = 50
    /// What a folder written by this type holds: a folder of only these may be replaced.
    static let ownNames: Set<String> = [
        "index.html", "reader.js", "reader.css", "layout.json", "layout.js", "pages", "text",
    ]
    /// WebP at quality 80 with libwebp's fastest method: pages are mostly flat paper and text.
    static let webpOptions = "[Q=80,effort=0]"

    public init(layout: Layout, context: RenderContext) {
        self.layout = layout
        self.context = context
    }

    private var options: LayoutOptions { context.options }
    private var geometry: [Int: PageGeometry] { context.geometry }

    /// True when `folder` holds nothing but what a reader holds, down to the files in pages/ and
    /// text/ (so writing over it loses nothing of anyone's).
    public static func isReader(_ folder: String) -> Bool {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder), names.contains("layout.json"),
            Set(names).isSubset(of: ownNames)
        else { return false }
        let pages = (try? fileManager.contentsOfDirectory(atPath: folder + "/pages")) ?? []
        let text = (try? fileManager.contentsOfDirectory(atPath: folder + "/text")) ?? []
        return pages.allSatisfy { isOwnName($0, prefix: "p", suffixes: [".webp", "@2x.webp"]) }
            && text.allSatisfy { isOwnName($0, prefix: "t", suffixes: [".js"]) }
    }

    /// "p0037.webp", "p0037@2x.webp", "t000.js": the prefix, digits, one of the suffixes.
    private static func isOwnName(_ name: String, prefix: String, suffixes: [String]) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        return suffixes.contains { suffix in
            guard name.hasSuffix(suffix) else { return false }
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// One page to render: its number, its size in points, and its pixel sizes in each set.
    public struct PageJob: Sendable {
        public var number: Int
        public var width: Double
        public var height: Double
        public var scale: Double
        public var normal: PixelSize
        /// Nil without a sharp set.
        public var sharp: PixelSize?
        /// The size the page is rendered at: the sharp set's, else the normal one's.
        public var rendered: PixelSize { sharp ?? normal }
        var name: String { String(format: "p%04d", number) }
    }

    /// What layout.json says of a page beyond its job: its label and how many words it has.
    struct PageFacts: Sendable {
        var label: String?
        var words: Int
    }

    /// A worker's page on its way to the text files: its facts, and its entry in its text file
    /// (`textEntry`), which is written and dropped once every earlier page is in.
    struct RenderedPage: Sendable {
        var facts: PageFacts
        var textEntry: String
    }

    /// Writes the reader to `folder` (which must not exist, be empty, or hold a previous reader).
    /// Throws `LayoutError`, `PopplerError`, `VipsError` or a `FileWriteError` about the folder.
    public func write(to folder: String) throws {
        let jobs = pageJobs()
        try AtomicFolder.write(to: folder, mayReplace: Self.isReader) { temporary in
            let fileManager = FileManager.default
            try fileManager.createDirectory(atPath: temporary + "/pages", withIntermediateDirectories: false)
            try fileManager.createDirectory(atPath: temporary + "/text", withIntermediateDirectories: false)
            let facts = try render(jobs, into: temporary + "/pages", text: temporary + "/text")
            let json = try layoutJSON(jobs, facts)
            try Self.write(json, to: temporary + "/layout.json")
            try Self.write("window.frostReaderLayout = " + json + ";\n", to: temporary + "/layout.js")
            try Self.write(
                WebReaderFiles.indexHTML(title: context.title, language: context.language, rtl: options.rtl),
                to: temporary + "/index.html")
            try Self.write(WebReaderFiles.script, to: temporary + "/reader.js")
            try Self.write(WebReaderFiles.style, to: temporary + "/reader.css")
        }
    }

    /// The reader's title: the document's own as it gives it, else its file's name ("PDF" for bytes).
    public static func title(_ title: String?, source: PDFSource) -> String {
        if let title, !title.isEmpty { return title }
        if case .file(let path) = source { return URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
        return "PDF"
    }

    /// Each page once, in reading order, at the scale of the first view holding it.
    public func pageJobs() -> [PageJob] {
        var seen = Set<Int>(), jobs: [PageJob] = []
        for (view, scale) in zip(layout.views, context.scales) {
            for placed in view.pages where seen.insert(placed.page).inserted {
                jobs.append(
                    PageJob(
                        number: placed.page, width: placed.width, height: placed.height, scale: scale,
                        normal: Scale.pixelSize(width: placed.width, height: placed.height, scale: scale),
                        sharp: imageSets == .normal
                            ? nil
                            : Scale.pixelSize(
                                width: placed.width, height: placed.height, scale: scale * Double(Self.sharpFactor))))
            }
        }
        return jobs
    }

    /// Renders the pages into `folder` and writes their words into text files in `textFolder` as
    /// the pages finish, in page order (a page's words are held until every earlier page is done,
    /// then at most one text file's worth); returns each page's facts.
    private func render(_ jobs: [PageJob], into folder: String, text textFolder: String) throws -> [PageFacts] {
        let progress = ProgressBar(
            label: context.progressLabel ?? "", total: jobs.count, quiet: context.progressLabel == nil, minimum: 8)
        defer { progress.finish() }
        let geometry = self.geometry
        let files = Locked(TextFiles(folder: textFolder, pages: jobs.count))
        try ParallelRender.forEach(
            count: jobs.count, workers: context.workers, source: context.source, password: context.password
        ) {
            index, document in
            let job = jobs[index]
            let page = try document.page(at: job.number - 1)
            let offset: (x: Double, y: Double) = geometry[job.number]?.contentOffset ?? (0, 0)
            let size = job.rendered
            let scale = job.scale * Double(job.sharp == nil ? 1 : Self.sharpFactor)
            let canvas = try RasterCanvas(width: size.width, height: size.height, background: .white)
            canvas.draw(
                page, paper: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                contentOrigin: (offset.x * scale, offset.y * scale), scale: scale)
            let rendered = try canvas.image()
            var normal = rendered
            if job.sharp != nil {
                try rendered.save(to: "\(folder)/\(job.name)@2x.webp", format: ".webp", options: Self.webpOptions)
                normal = try Self.normalImage(of: rendered, size: job.normal)
            }
            try normal.save(to: "\(folder)/\(job.name).webp", format: ".webp", options: Self.webpOptions)
            progress.advance()
            let words = ReaderText.words(page.textCharacters(), offset: offset)
            return RenderedPage(
                facts: PageFacts(label: page.label, words: words.count), textEntry: Self.textEntry(job.number, words))
        } consume: { index, facts in
            try files.withLock { try $0.add(facts, at: index) }
        }
        return files.withLock { $0.facts }
    }

    /// The normal set's image from the sharp one: its 2 × 2 box average (a partial block at the
    /// right or bottom edge averages what is there): both sizes are rounded up, so the average has
    /// the normal size, except within `Scale`'s rounding tolerance of a whole pixel, where it
    /// can be one pixel wider or taller: that column or row (under half a page pixel) is cut off
    /// rather than resampling the whole page. Any other mismatch is resized to exactly `size`.
    static func normalImage(of sharp: Image, size: PixelSize) throws(VipsError) -> Image {
        // The convolution is the quicker way only with liborc's vector code (bench/liborc.md).
        let halved = try VipsRuntime.usesVectorCode ? sharp.blockAverage(sharpFactor) : sharp.shrink(sharpFactor)
        if halved.width == size.width && halved.height == size.height { return halved }
        if (0...1).contains(halved.width - size.width) && (0...1).contains(halved.height - size.height) {
            return try halved.extractArea(x: 0, y: 0, width: size.width, height: size.height)
        }
        return try sharp.resized(toWidth: size.width, height: size.height, kernel: .linear)
    }

    /// A page's entry in its text file: its number and its words, `[x, y, width, height, text]`
    /// in points, and the run (1 down, -1 up) when not across.
    static func textEntry(_ number: Int, _ words: [PageWord]) -> String {
        "\"\(number)\": ["
            + words.map { word in
                let run = word.run == .across ? "" : ",\(word.run.rawValue)"
                return
                    "[\(Points.text(word.x)),\(Points.text(word.y)),\(Points.text(word.width)),\(Points.text(word.height)),\(JSONText.quoted(word.text))\(run)]"
            }.joined(separator: ",") + "]"
    }

    /// The text files, `pagesPerTextFile` pages each, filled in page order and each written once
    /// its last page is in; only the pages' facts are kept.
    struct TextFiles: Sendable {
        let folder: String
        let pages: Int
        private(set) var facts: [PageFacts] = []
        private var text = ""

        init(folder: String, pages: Int) {
            self.folder = folder
            self.pages = pages
        }

        /// Adds the page at `index`, the next one in order.
        mutating func add(_ page: RenderedPage, at index: Int) throws {
            precondition(index == facts.count, "pages are added in order")
            let file = index / WebReader.pagesPerTextFile
            text += index % WebReader.pagesPerTextFile == 0 ? "frostReaderText(\(file), {\n" : ",\n"
            text += page.textEntry
            facts.append(page.facts)
            guard facts.count % WebReader.pagesPerTextFile == 0 || facts.count == pages else { return }
            text += "\n});\n"
            try WebReader.write(text, to: String(format: "%@/t%03d.js", folder, file))
            text = ""
        }
    }

    private func layoutJSON(_ jobs: [PageJob], _ facts: [PageFacts]) throws -> String {
        let pages = zip(jobs.indices, jobs).map { index, job in
            ReaderJSON.Page(
                page: job.number, label: facts[index].label, width: job.width, height: job.height,
                image: "pages/\(job.name).webp", imageWidth: job.normal.width, imageHeight: job.normal.height,
                sharpImage: job.sharp.map { _ in "pages/\(job.name)@2x.webp" }, sharpWidth: job.sharp?.width,
                sharpHeight: job.sharp?.height,
                textFile: index / Self.pagesPerTextFile, words: facts[index].words)
        }
        let document = ReaderJSON(
            generator: "pdflayout", title: context.title, language: context.language ?? "und",
            mode: options.mode.rawValue, direction: options.direction.rawValue, rtl: options.rtl, cover: options.cover,
            background: background.map(Self.css), imageSets: imageSets.names, views: layout.views, pages: pages,
            textFiles: (jobs.count + Self.pagesPerTextFile - 1) / Self.pagesPerTextFile,
            outline: outline.map { ReaderJSON.Entry($0, geometry: geometry) })
        // "</script>" cannot occur: the JSON goes into its own file, never inside HTML.
        return String(decoding: try JSONLines.encoder().encode(document), as: UTF8.self)
    }

    static func css(_ colour: Colour) -> String {
        let channels = [colour.red, colour.green, colour.blue].map { Int(($0 * 255).rounded()) }
        return "rgba(\(channels[0]), \(channels[1]), \(channels[2]), \(Points.text(colour.opacity)))"
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw FileWriteError(path: path, "cannot write: \(SystemErrorText.reason(error))")
        }
    }
}

/// The shape of layout.json (snake_case keys).
struct ReaderJSON: Encodable {
    struct Page: Encodable {
        var page: Int
        var label: String?
        var width: Double
        var height: Double
        var image: String
        var imageWidth: Int
        var imageHeight: Int
        /// The sharp set's (absent without one).
        var sharpImage: String?
        var sharpWidth: Int?
        var sharpHeight: Int?
        var textFile: Int
        var words: Int
    }

    struct Entry: Encodable {
        var title: String
        var page: Int?
        /// How far below the top of the page's box (the words' coordinates) the destination is, in
        /// points; absent, as `page` is, when it names no height (the reader shows the page's top).
        var top: Double?
        var open: Bool
        var children: [Entry]

        init(_ entry: OutlineEntry, geometry: [Int: PageGeometry]) {
            title = entry.title; page = entry.page; open = entry.isOpen
            children = entry.children.map { Entry($0, geometry: geometry) }
            top = Self.top(of: entry, geometry: geometry)
        }

        /// The spot's top turned with the page's /Rotate and moved by the crop box's place in
        /// the laid-out box, within the page.
        static func top(of entry: OutlineEntry, geometry: [Int: PageGeometry]) -> Double? {
            guard let page = entry.page, let spot = entry.spot else { return nil }
            let shape = geometry[page]
            guard let shown = spot.shownTop(rotation: shape?.rotation ?? 0) else { return nil }
            let top = shown + (shape?.contentOffset.y ?? 0)
            return Points.json(min(max(top, 0), shape?.height ?? top))
        }
    }

    var generator: String
    var title: String
    var language: String
    var mode: String
    var direction: String
    var rtl: Bool
    var cover: Bool
    var background: String?
    /// "normal", and "sharp" when the pages have a sharp set.
    var imageSets: [String]
    var views: [View]
    var pages: [Page]
    var textFiles: Int
    var outline: [Entry]
}

/// JSON string literals for the text files, which are written by hand (they are most of the bytes).
enum JSONText {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // U+2028/2029 end lines in older JavaScript; "<" keeps "</script>" out of any file.
            case "\u{2028}", "\u{2029}", "<":
                out += String(format: "\\u%04x", scalar.value)
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension WebReader: RenderContextWriter {
    /// A folder of WebP pages (`index.html` and what it shows).
    public static let format = OutputFormat(
        name: "web reader", naming: .folder, maxSide: ImageFormat.webp.maxSide,
        keepsTransparency: ImageFormat.webp.hasAlpha)
}

extension LayoutRequest {
    /// The web reader of `laidOut`, with the document's title, language and outline.
    public func webReader(_ laidOut: LaidOut, input: LayoutInput, progressLabel: String?) -> WebReader {
        var reader = WebReader(
            layout: laidOut.layout,
            context: context(
                laidOut, input: input, scales: laidOut.imageScales,
                title: WebReader.title(input.document.title, source: input.source), progressLabel: progressLabel))
        reader.outline = input.document.outline
        reader.background = background
        reader.imageSets = readerImageSets
        return reader
    }
}
