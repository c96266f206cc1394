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

    /// JPEG at quality 85: pages are shown at their pixel size on a screen that is often sharper.
    static let jpegOptions = SaverOptions(parsing: "[Q=85,optimize_coding=true,strip=true]")

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
        let rendered = pages.indices.map { folder.path + "/rendered-\($0).png" }
        // One single-page view per page, at the page's own scale, drawn by the raster renderer
        // losslessly; each page's encoding is chosen from what it holds (`encoded`).
        let views = pages.enumerated().map { index, page in
            View(
                index: index, width: page.width, height: page.height,
                pages: [
                    PlacedPage(
                        page: page.number, x: 0, y: 0, width: page.width, height: page.height, rotation: page.rotation)
                ])
        }
        let files = try context.draw(
            views, into: rendered, format: .png, options: Self.renderOptions, background: .white)
        // A comic's JPEG page shown as it is goes in as it is.
        let images = try pages.indices.map { index -> (file: String, type: String) in
            files[index] == rendered[index] ? try Self.encoded(files[index]) : (files[index], "image/jpeg")
        }
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

    /// Pages drawn losslessly and quickly: they are encoded again (`encoded`).
    static let renderOptions = SaverOptions(parsing: "[compression=1,strip=true]")
    /// A page of text and drawings: 256 colours (libimagequant), sharp where JPEG rings.
    static let paletteOptions = SaverOptions(parsing: "[palette=true,effort=4,strip=true]")

    /// A grey page (text, line art): sixteen grey levels, a 4-bit palette, a quarter smaller than
    /// 256 colours (bench/epub/RESULTS.md); kept only within `greyLevelsError` of the render.
    static let greyLevelsOptions = SaverOptions(
        parsing: "[palette=true,colours=16,dither=0,effort=4,compression=9,strip=true]")
    /// What the sixteen levels may change, of 255: at most one level's step (255 / 15) at any pixel
    /// (no colour merged away) and a fraction of a step on average (letter edges, not the gradients
    /// of a grey photograph, which would band).
    static let greyLevelsError = (largest: 16.0, mean: 1.0)
    /// A page whose channels nowhere differ by more than this is grey.
    static let greyChroma = 8.0

    /// The page's image as a book carries it: sixteen grey levels for a grey page of text where
    /// they are within `greyLevelsError` of the render; otherwise a 256-colour PNG where that is
    /// the smaller file (text, line art, flat colour: no ringing around letters), a JPEG where it
    /// is not (photographs, which a palette would band). Returns the file written beside
    /// `rendered` and its media type.
    static func encoded(_ rendered: String) throws(VipsError) -> (file: String, type: String) {
        // Decoded once (random access keeps the pixels for every encoding and the comparison).
        let image = try Image.load(rendered)
        if try isGrey(image) {
            let levels = rendered + ".grey.png"
            try image.save(to: levels, format: .png, options: greyLevelsOptions)
            if try isWithinGreyLevelsError(levels, of: image) { return (levels, "image/png") }
        }
        let palette = rendered + ".palette.png", jpeg = rendered + ".jpg"
        try image.save(to: palette, format: .png, options: paletteOptions)
        try image.save(to: jpeg, format: .jpeg, options: jpegOptions)
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? .max
        }
        let paletteSize = size(palette), jpegSize = size(jpeg)
        return paletteSize <= jpegSize ? (palette, "image/png") : (jpeg, "image/jpeg")
    }

    /// True when no pixel's channels differ by more than `greyChroma`.
    static func isGrey(_ image: Image) throws(VipsError) -> Bool {
        guard image.bands >= 3 else { return true }
        let red = try image.extractBand(0), green = try image.extractBand(1), blue = try image.extractBand(2)
        let redGreen = try red.subtract(green).abs().maximum()
        let greenBlue = try green.subtract(blue).abs().maximum()
        return redGreen <= greyChroma && greenBlue <= greyChroma
    }

    /// The largest and mean difference between `encoded` (as a reader decodes it) and `image`.
    static func difference(_ encoded: String, from image: Image) throws(VipsError) -> (largest: Double, mean: Double) {
        var decoded = try Image.load(encoded)
        if decoded.bands < 3 { decoded = try decoded.colourspace(.srgb) }
        let difference = try image.extractBand(0, count: 3).subtract(decoded.extractBand(0, count: 3)).abs()
            .copiedToMemory()
        return (try difference.maximum(), try difference.average())
    }

    static func isWithinGreyLevelsError(_ encoded: String, of image: Image) throws(VipsError) -> Bool {
        let error = try difference(encoded, from: image)
        return error.largest <= greyLevelsError.largest && error.mean <= greyLevelsError.mean
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
