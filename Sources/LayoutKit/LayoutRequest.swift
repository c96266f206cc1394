import CoreTypes
import PageLayout
import Poppler
import QPDF
import Vips

/// One layout job, built once from what the caller wants (a display mode or a contact sheet,
/// direction, pages, scale, background) and run on each document: `select` reads the page
/// ranges against the document, `lay` measures the pages and lays them out, and the writers render
/// the layout as a vector PDF, images, the web reader, a fixed-layout EPUB or a comic archive
/// (each writer's file holds its builder from a `LaidOut`: `vectorJob`, `rasterJob`, …).
/// What the document leaves open, its own hints (/PageLayout, /Direction, a comic's ComicInfo)
/// decide.
public struct LayoutRequest: Sendable {
    /// nil leaves the mode to the document's /PageLayout.
    public var mode: LayoutMode?
    /// A contact sheet of this many columns instead of a mode.
    public var columns: Int?
    public var horizontal = false
    /// nil leaves the direction to the document's /Direction.
    public var rtl: Bool?
    /// nil leaves the cover page to the document's /PageLayout.
    public var cover: Bool?
    /// Insets around every page; nil for the output's own: PDFKit's (`PageMargins.pdfKitDefault`),
    /// none in a comic archive (`forComicArchive`).
    public var margins: PageMargins?
    public var box = PageBox.crop
    /// Page ranges (`1-5,8,10-`), read against each document; nil for every page.
    public var pages: String?
    public var widePages = WidePages.alone
    /// Pages that stand alone in two-up modes, as page ranges.
    public var alone: String?
    /// Pixels per inch of images (72 when neither this nor `fit` is given).
    public var dpi: Double?
    /// Each view scaled to fit this box.
    public var fit: FitBox?
    public var background: Colour?
    public var password: String?
    /// What PDF sheets of an encrypted PDF get: its encryption (with its owner password), or none.
    public var encryption: EncryptionPolicy = .keep(ownerPassword: nil)
    /// The web reader's page images: both sets (the default) or the chosen size only.
    public var readerImageSets = WebReader.ImageSets.normalAndSharp
    /// Threads rendering one document's pages.
    public var workers = 1

    public init() {}

    /// The request for a comic archive: a comic's page has no screen margins or gutter, so none are
    /// drawn into its images unless asked for.
    public func forComicArchive() -> LayoutRequest {
        var request = self
        request.margins = margins ?? PageMargins.none
        return request
    }

    /// Which of a range text's fields was refused.
    public enum Failure: Error, Equatable, Sendable {
        /// The `pages` ranges do not fit the document.
        case pages(PageRangeError)
        /// The `alone` ranges do not fit the document.
        case alone(PageRangeError)
    }

    /// The layout options for `input`: the request's, then the document's hints.
    public func options(for input: LayoutInput) -> LayoutOptions {
        let hinted = input.hint.defaultMode
        // A contact sheet has no mode; its cover cell is asked for, not taken from /PageLayout.
        var options = LayoutOptions(
            mode: columns == nil ? mode ?? hinted.mode : .single,
            direction: horizontal ? .horizontal : .vertical,
            rtl: rtl ?? (input.direction == .rightToLeft),
            cover: columns == nil ? cover ?? input.comic?.startsWithCover ?? hinted.cover : cover ?? false,
            margins: margins ?? .pdfKitDefault,
            widePages: widePages,
            columns: columns)
        if let comic = input.comic {
            // ComicInfo's DoublePage pages stand alone; so do a comic's wide pages (scans vary in
            // size, so the book rule of one common portrait size would miss them).
            options.doublePages = widePages == .alone ? comic.doublePages : comic.markedDoublePages
        }
        return options
    }

    /// The pages to lay out, in order, and the options with the `alone` pages read against `input`.
    public func select(_ input: LayoutInput) throws(Failure) -> (pages: [Int], options: LayoutOptions) {
        var options = options(for: input)
        let numbers: [Int]
        do {
            numbers = try PageRanges.parse(pages ?? "1-", pageCount: input.pageCount)
        } catch {
            throw .pages(error)
        }
        if let alone {
            do {
                options.alone = Set(try PageRanges.parse(alone, pageCount: input.pageCount))
            } catch {
                throw .alone(error)
            }
        }
        return (numbers, options)
    }

    /// Measures `pages` of `input` and lays them out.
    public func lay(_ pages: [Int], of input: LayoutInput, options: LayoutOptions) throws(PopplerError) -> LaidOut {
        let geometry = try input.geometry(of: pages, box: box)
        let sourcePages = geometry.map {
            SourcePage(number: $0.number, width: $0.width, height: $0.height, rotation: $0.rotation)
        }
        let layout = LayoutEngine.layout(sourcePages, options: options)
        var scales = fit.map { Scale.fitScales(for: layout, options: options, box: $0) }
        if options.columns != nil, scales == nil, dpi == nil {
            // A contact sheet is drawn small: the widest page 200 px (pt) wide.
            let scale = ContactSheet.defaultScale(sourcePages)
            scales = layout.views.map { _ in scale }
        }
        return LaidOut(
            layout: layout, options: options, pages: sourcePages,
            geometry: Dictionary(geometry.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first }),
            fittedScales: scales, dpi: dpi)
    }
}

/// A document laid out: the views, the options they were made with, the pages, each page's
/// geometry, and the scale of each view.
public struct LaidOut: Sendable {
    public var layout: Layout
    public var options: LayoutOptions
    /// The pages laid out, in reading order, with their shown sizes in points.
    public var pages: [SourcePage]
    /// By page number.
    public var geometry: [Int: PageGeometry]
    /// `fit` (or a contact sheet's default), nil when the scale follows the dpi.
    var fittedScales: [Double]?
    var dpi: Double?

    /// Scales of images: fitted, or `dpi` (72 by default) as a scale.
    public var imageScales: [Double] { fittedScales ?? layout.views.map { _ in Scale.forDPI(dpi ?? 72) } }
    /// Scales of PDF sheets: fitted, or 1 (points stay points).
    public var sheetScales: [Double] { fittedScales ?? layout.views.map { _ in 1 } }

    /// Books (EPUB, CBZ) without --dpi or --fit: twice actual size, sharp on a tablet (an A4
    /// page 1190 × 1684).
    public static let bookDPI = 144.0

    /// The scale of a book's images without --fit: `dpi`, by default `bookDPI` (72 for a comic,
    /// whose pages are a point per pixel already, so they keep their pixels).
    func bookScale(isComic: Bool) -> Double { Scale.forDPI(dpi ?? (isComic ? 72 : Self.bookDPI)) }

    /// Scales of an EPUB's pages, one per page (a reading system shows pages, not views): each
    /// page fitted to `fit`, or `bookScale`.
    func pageScales(fit: FitBox?, isComic: Bool) -> [Double] {
        pages.map { page in
            if let fit { return Scale.bestFit(width: page.width, height: page.height, in: fit) }
            return bookScale(isComic: isComic)
        }
    }

    /// Scales of a comic archive's views: fitted, or `bookScale`, as an EPUB's pages.
    func comicScales(isComic: Bool) -> [Double] {
        fittedScales ?? layout.views.map { _ in bookScale(isComic: isComic) }
    }
}

extension LayoutRequest {
    /// What the raster writers of `laidOut` render from: `scales` (one per view, or per page for
    /// an EPUB), `input`'s document, language and `title`.
    public func context(
        _ laidOut: LaidOut, input: LayoutInput, scales: [Double], title: String, progressLabel: String?
    ) -> RenderContext {
        RenderContext(
            options: laidOut.options, scales: scales, geometry: laidOut.geometry, source: input.source,
            password: password, workers: workers, title: title, language: input.language, progressLabel: progressLabel,
            storedJPEGs: input.comic?.storedJPEGs ?? [:])
    }
}
