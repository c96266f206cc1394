import Archive
import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport

/// `-o BOOK.epub`: a fixed-layout EPUB 3 of the pages (not of the views: a reading system makes
/// the spreads itself), each page a JPEG at its own scale in an XHTML page of that pixel size.
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

    /// Without --dpi or --fit: twice actual size, sharp on a tablet (an A4 page 1190 × 1684).
    public static let defaultDPI = 144.0

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

    /// The book's text: metadata, spine with spread sides, navigation.
    public func book() -> FixedLayoutBook {
        let sides = SpreadSides.sides(pages, options: options)
        let sizes = pixelSizes
        let bookPages = pages.indices.map { index in
            FixedLayoutBook.Page(
                width: sizes[index].width, height: sizes[index].height, side: sides[index],
                label: labels[pages[index].number] ?? String(pages[index].number))
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
        if let comic {
            book.series = comic.series
            book.seriesNumber = comic.number
            book.creators = comic.writer.map { [$0] } ?? []
            book.description = comic.summary
        }
        return book
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
        let book = book()
        let folder = try TemporaryFolder(prefix: "pdflayout-epub")
        defer { folder.remove() }
        let images = pages.indices.map {
            folder.path + "/" + book.imagePath(at: $0).replacingOccurrences(of: "/", with: "_")
        }
        // One single-page view per page, at the page's own scale, drawn by the raster renderer.
        let views = pages.enumerated().map { index, page in
            View(
                index: index, width: page.width, height: page.height,
                pages: [
                    PlacedPage(
                        page: page.number, x: 0, y: 0, width: page.width, height: page.height, rotation: page.rotation)
                ])
        }
        let job = RasterJob(
            views: views, names: images, format: .jpeg, options: Self.jpegOptions, background: .white, context: context)
        try job.run()
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
                try zip.add(name: book.imagePath(at: index), file: images[index], compressed: false)
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
