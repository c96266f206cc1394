import CoreTypes
import Foundation
import PageLayout
import Poppler
import ToolSupport
import Vips

/// Everything needed to render views to image files; shared read-only by the worker threads.
public struct RasterJob: Sendable {
    public var views: [View]
    public var scales: [Double]
    public var names: [String]
    public var format: ImageFormat
    public var options: SaverOptions
    public var background: Colour
    /// Content offsets of the crop box inside the laid-out box, by page number.
    public var geometry: [Int: PageGeometry]
    public var source: PDFSource
    public var password: String?
    public var workers: Int
    /// The progress bar's label (drawn only on a terminal); nil draws none.
    public var progressLabel: String?

    public init(
        views: [View], scales: [Double], names: [String], format: ImageFormat, options: SaverOptions,
        background: Colour,
        geometry: [Int: PageGeometry], source: PDFSource, password: String?, workers: Int, progressLabel: String?
    ) {
        self.views = views; self.scales = scales; self.names = names; self.format = format; self.options = options
        self.background = background; self.geometry = geometry; self.source = source; self.password = password
        self.workers = workers; self.progressLabel = progressLabel
    }

    /// Views up to this many pixels are drawn whole in memory, several at once; larger ones are
    /// rendered page by page to a spool file that libvips assembles and saves (`StreamedView`).
    static let inMemoryPixels = 16_000_000.0

    /// PNG at zlib level 1 and WebP at effort 0 unless the name says otherwise: pages are mostly
    /// flat colour, so level 1 gives files as small as pdftocairo's (level 9) at a fraction of the
    /// time, and WebP's effort 0 halves libwebp's time for a fifth more bytes (still a third of the
    /// PNGs'); encoding, not rendering, is where image output spends most of its time
    /// (bench/memory/PDFLAYOUT.md).
    public static func defaultOptions(for format: ImageFormat, given: SaverOptions) -> SaverOptions {
        guard given.isEmpty else { return given }
        if format.isSame(as: .png) { return SaverOptions([.init("compression", "1")]) }
        if format.isSame(as: .webp) { return SaverOptions([.init("effort", "0")]) }
        return given
    }

    func isSmall(_ index: Int) -> Bool {
        let size = Scale.pixelSize(of: views[index], scale: scales[index])
        return size.pixelCount <= Self.inMemoryPixels && max(size.width, size.height) <= RasterCanvas.maxSide
    }

    func pixels(of placed: PlacedPage, scale: Double) -> PagePixels {
        PagePixels(placed, scale: scale, contentOffset: geometry[placed.page]?.contentOffset ?? (0, 0))
    }

    /// Writes every view to its file. Each file is written whole under a temporary name; when all
    /// are, they are renamed into place together (`OutputGroup`). If any view fails, none is, and
    /// files of an earlier run under the same names stay as they were.
    public func run() throws {
        let group = OutputGroup()
        defer { group.discard() }
        let small = views.indices.filter(isSmall)
        let progress = ProgressBar(
            label: progressLabel ?? "", total: small.count, quiet: progressLabel == nil, minimum: 8)
        defer { progress.finish() }
        _ = try ParallelRender.map(count: small.count, workers: workers, source: source, password: password) {
            item, document in
            let index = small[item]
            let image = try drawWhole(index, document: document)
            try save(image, as: names[index], group: group)
            progress.advance()
        }
        for index in views.indices where !isSmall(index) {
            let streamed = StreamedView(job: self, index: index)
            try AtomicOutput.write(to: names[index], group: group) { temporary in try streamed.write(to: temporary) }
        }
        try group.commit()
    }

    private func drawWhole(_ index: Int, document: Document) throws -> Image {
        let view = views[index], scale = scales[index]
        let size = Scale.pixelSize(of: view, scale: scale)
        let canvas = try RasterCanvas(width: size.width, height: size.height, background: background)
        for placed in view.pages {
            let spot = pixels(of: placed, scale: scale)
            canvas.draw(
                try document.page(at: placed.page - 1), paper: spot.paper, contentOrigin: spot.contentOrigin,
                scale: scale)
        }
        return try canvas.image()
    }

    private func save(_ image: Image, as name: String, group: OutputGroup) throws {
        try AtomicOutput.write(to: name, group: group) { temporary in
            try image.save(to: temporary, format: format, options: options)
        }
    }
}

extension LayoutRequest {
    /// The image writer of `laidOut`: one file per view, named `names`, in `format`.
    public func rasterJob(
        _ laidOut: LaidOut, input: LayoutInput, names: [String], format: ImageFormat, options: SaverOptions,
        progressLabel: String?
    ) -> RasterJob {
        RasterJob(
            views: laidOut.layout.views, scales: laidOut.imageScales, names: names, format: format,
            options: RasterJob.defaultOptions(for: format, given: options), background: background ?? .white,
            geometry: laidOut.geometry, source: input.source, password: password, workers: workers,
            progressLabel: progressLabel)
    }
}
