import Archive
import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport
import Vips

/// `-o BOOK.epub`: a fixed-layout EPUB 3 of the pages (not of the views: a reading system makes
/// the spreads itself), each page an image at its own scale (sixteen grey levels for a grey page
/// of text, else a 256-colour PNG or a JPEG, whichever its content makes smaller; a comic's JPEG
/// page as it was) in an XHTML page of that pixel size, with its text laid over it invisibly
/// (searchable, selectable, read aloud), and the PDF's /Author as dc:creator.
/// The layout decides what a reader is told: the spine's page-progression-direction (rtl), each
/// page's side of its spread as pdflayout pairs it (`SpreadSides`), rendition:spread both for
/// the two-up modes and none otherwise. The outline becomes the table of contents and the page
/// labels the page list. The EPUB is written under a temporary name and renamed when complete.
public struct EPUBJob: Sendable {
    /// The pages in reading order (after --pages), with their shown sizes in points.
    public var pages: [SourcePage]
    /// The options, one scale per page, the document, its title and language.
    public var context: RenderContext
    /// Page labels by page number; a page without one is listed by its number.
    public var labels: [Int: String] = [:]
    public var outline: [OutlineEntry] = []
    /// A comic's series, number, writer and summary.
    public var comic: ComicInfo?
    /// dcterms:modified; now unless set (tests fix it).
    public var modified = Date()

    public init(pages: [SourcePage], context: RenderContext) {
        self.pages = pages
        self.context = context
    }

    private var options: LayoutOptions { context.options }

    /// Each page's pixel size at its scale.
    public var pixelSizes: [PixelSize] {
        zip(pages, context.scales).map { Scale.pixelSize(width: $0.width, height: $0.height, scale: $1) }
    }

    /// The book's text: metadata, spine with spread sides, navigation; `text`: each page's words
    /// in its pixels and the document's author (`pageText`), none by default.
    public func book(text: PageText = PageText()) -> FixedLayoutBook {
        let sides = SpreadSides.sides(pages, options: options)
        let sizes = pixelSizes
        let bookPages = pages.indices.map { index in
            FixedLayoutBook.Page(
                width: sizes[index].width, height: sizes[index].height, side: sides[index],
                label: labels[pages[index].number] ?? String(pages[index].number),
                words: index < text.words.count ? text.words[index] : [])
        }
        var book = FixedLayoutBook(
            identifier: "urn:uuid:" + UUID().uuidString.lowercased(), title: context.title,
            language: LanguageTag.tag(context.language ?? comic?.languageISO), modified: Self.timestamp(modified),
            rightToLeft: options.rtl, spread: options.mode.isTwoUp ? .both : .none, pages: bookPages)
        // An outline entry goes to the first place its page is laid out; entries for pages left
        // out (--pages) keep their children, which may be laid out.
        var firstIndex: [Int: Int] = [:]
        for (index, page) in pages.enumerated() where firstIndex[page.number] == nil { firstIndex[page.number] = index }
        book.contents = Self.entries(outline, firstIndex)
        book.creators = text.author.map { [$0] } ?? []
        if let comic {
            book.series = comic.series
            book.seriesNumber = comic.number
            book.creators = comic.writer.map { [$0] } ?? []
            book.description = comic.summary
        }
        return book
    }

    /// The words of every page and the document's /Author, read from the PDF.
    public struct PageText: Sendable {
        public var words: [[PageWord]] = []
        public var author: String?
        public init() {}
    }

    /// Each page's words (poppler's characters grouped as the web reader groups them) in the
    /// page's pixels at its scale, and the document's /Author. A comic's pages have no text.
    public func pageText() throws -> PageText {
        var text = PageText()
        guard comic == nil else { return text }
        let document = try Document(context.source, password: context.password)
        text.author = document.author
        for (index, page) in pages.enumerated() {
            let offset = context.geometry[page.number]?.contentOffset ?? (0, 0)
            let scale = context.scales[index]
            let characters = try document.page(at: page.number - 1).textCharacters()
            text.words.append(ReaderText.words(characters, offset: offset).map { $0.scaled(by: scale) })
        }
        return text
    }

    static func entries(_ outline: [OutlineEntry], _ firstIndex: [Int: Int]) -> [FixedLayoutBook.Entry] {
        outline.flatMap { entry -> [FixedLayoutBook.Entry] in
            let children = entries(entry.children, firstIndex)
            guard let page = entry.page, let index = firstIndex[page] else { return children }
            return [FixedLayoutBook.Entry(title: entry.title, page: index, children: children)]
        }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Renders the pages and writes the EPUB to `path`. Throws `PopplerError`, `VipsError`,
    /// `ArchiveError`, `LayoutError` or `FileWriteError`; on any error nothing is left at `path`.
    public func write(to path: String) throws {
        let text = try pageText()
        let folder = try TemporaryFolder(prefix: "pdflayout-epub")
        defer { folder.remove() }
        // One single-page view per page, at the page's own scale.
        let views = pages.enumerated().map { index, page in
            View(
                index: index, width: page.width, height: page.height,
                pages: [
                    PlacedPage(
                        page: page.number, x: 0, y: 0, width: page.width, height: page.height, rotation: page.rotation)
                ])
        }
        let images = try PageEncoding.images(of: views, context: context, background: .white, in: folder.path)
        var book = book(text: text)
        for index in pages.indices { book.pages[index].imageType = images[index].type }
        try AtomicOutput.write(to: path) { temporary in
            let zip = try ZipWriter(path: temporary)
            // The OCF rules: mimetype first and stored, then the rest in any order.
            try zip.add(name: "mimetype", text: FixedLayoutBook.mimetype, compressed: false)
            try zip.add(name: FixedLayoutBook.containerPath, text: FixedLayoutBook.container, compressed: true)
            try zip.add(name: FixedLayoutBook.packagePath, text: book.packageDocument(), compressed: true)
            try zip.add(name: FixedLayoutBook.navigationPath, text: book.navigationDocument(), compressed: true)
            try zip.add(name: FixedLayoutBook.stylePath, text: FixedLayoutBook.style, compressed: true)
            for index in pages.indices {
                try zip.add(name: book.pagePath(at: index), text: book.pageDocument(at: index), compressed: true)
                try zip.add(name: book.imagePath(at: index), file: images[index].file, compressed: false)
            }
            try zip.close()
        }
    }
}

/// A private folder for files made on the way to an output (removed on interrupt too).
struct TemporaryFolder {
    let path: String

    init(prefix: String) throws(LayoutError) {
        do {
            path = try AbandonedTemporaries.makeTemporaryFolder(prefix: prefix)
        } catch {
            throw .spool("cannot make a temporary folder: \(SystemErrorText.reason(error))")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        TemporaryFiles.shared.forget(path)
    }
}

extension EPUBJob: RenderContextWriter {
    /// Its pages are JPEG images (`PageEncoding`), which keep no transparency.
    public static let format = OutputFormat(
        name: "EPUB", naming: .suffix(".epub"), maxSide: ImageFormat.jpeg.maxSide, keepsTransparency: false)
}

extension LayoutRequest {
    /// The fixed-layout EPUB of `laidOut`: its pages, titled by the document (or `file`), with
    /// its language, outline, page labels and a comic's ComicInfo.
    public func epubJob(_ laidOut: LaidOut, input: LayoutInput, file: String, progressLabel: String?) -> EPUBJob {
        var job = EPUBJob(
            pages: laidOut.pages,
            context: context(
                laidOut, input: input, scales: laidOut.pageScales(fit: fit, isComic: input.comic != nil),
                title: input.title(file: file), progressLabel: progressLabel))
        job.outline = input.document.outline
        job.labels = input.labels(of: laidOut.pages.map(\.number))
        job.comic = input.comic?.info
        return job
    }
}
