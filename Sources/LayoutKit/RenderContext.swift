import CoreTypes
import PageLayout
import Poppler

/// What every writer that renders a laid-out document's pages (the web reader, the EPUB, the
/// comic archive, and the images they are made of) draws from and says about it, held once:
/// the layout's options, the scale of each thing drawn, where each page sits in its box, the
/// document and its password, the threads, and the title, language and progress label.
/// `LayoutRequest` builds it from a `LaidOut` and the `LayoutInput`.
public struct RenderContext: Sendable {
    public var options: LayoutOptions
    /// Pixels per point, one per thing the writer draws: per view (the reader, a comic archive)
    /// or per page (an EPUB, whose reading system makes the spreads itself).
    public var scales: [Double]
    /// Content offsets of the crop box inside the laid-out box, by page number.
    public var geometry: [Int: PageGeometry]
    public var source: PDFSource
    public var password: String?
    /// Threads rendering pages, one poppler document each.
    public var workers: Int
    /// The title the output shows.
    public var title: String
    /// The document's language as it states it (a PDF's /Lang); each writer makes it a BCP 47
    /// tag, or "und" when absent.
    public var language: String?
    /// The progress bar's label (drawn only on a terminal); nil draws none.
    public var progressLabel: String?
    /// A comic's pages that are JPEG files shown as stored, by page number (`ComicSource`).
    public var storedJPEGs: [Int: String] = [:]

    public init(
        options: LayoutOptions, scales: [Double], geometry: [Int: PageGeometry], source: PDFSource,
        password: String?, workers: Int, title: String, language: String? = nil, progressLabel: String? = nil,
        storedJPEGs: [Int: String] = [:]
    ) {
        self.options = options; self.scales = scales; self.geometry = geometry; self.source = source
        self.password = password; self.workers = workers; self.title = title; self.language = language
        self.progressLabel = progressLabel; self.storedJPEGs = storedJPEGs
    }
}

extension RenderContext {
    /// The JPEG file that is the `index`th thing drawn, pixel for pixel: a comic's stored JPEG page
    /// alone in `view`, filling it, unturned, at a point per pixel. Taken as it is, not decoded
    /// and encoded again, it loses nothing and costs nothing.
    func storedJPEG(_ view: View, index: Int) -> String? {
        guard view.pages.count == 1, let placed = view.pages.first, let file = storedJPEGs[placed.page],
            scales[index] == 1, placed.rotation == 0, abs(placed.x) < 0.01, abs(placed.y) < 0.01,
            abs(placed.width - view.width) < 0.01, abs(placed.height - view.height) < 0.01,
            geometry[placed.page].map({ $0.contentOffset == (0, 0) }) ?? true
        else { return nil }
        return file
    }

    /// Draws `views` (the `index`th at `scales[index]`) into `names`, except those that are a stored
    /// JPEG (`storedJPEG`); returns each view's file: its stored JPEG, or the name it was drawn into.
    func draw(
        _ views: [View], into names: [String], format: ImageFormat, options: SaverOptions, background: Colour
    ) throws -> [String] {
        let stored = views.enumerated().map { storedJPEG($1, index: $0) }
        let drawn = views.indices.filter { stored[$0] == nil }
        var context = self
        context.scales = drawn.map { scales[$0] }
        try RasterJob(
            views: drawn.map { views[$0] }, names: drawn.map { names[$0] }, format: format, options: options,
            background: background, context: context
        ).run()
        return views.indices.map { stored[$0] ?? names[$0] }
    }
}

extension RasterJob {
    /// The image writer of `views` drawn at `context`'s scales, from its document and geometry.
    public init(
        views: [View], names: [String], format: ImageFormat, options: SaverOptions, background: Colour,
        context: RenderContext
    ) {
        self.init(
            views: views, scales: context.scales, names: names, format: format, options: options,
            background: background, geometry: context.geometry, source: context.source, password: context.password,
            workers: context.workers, progressLabel: context.progressLabel)
    }
}
