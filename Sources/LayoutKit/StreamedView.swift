import CoreTypes
import Foundation
import PageLayout
import Poppler
import ToolSupport
import Vips

/// A view too large to draw in one piece: the continuous column or strip of a whole book, or a
/// page at a huge DPI. Memory stays bounded whatever the view's size or direction:
///  1. every page is rendered once, in tiles, in parallel, into a spool file beside the output:
///     a raw RGBA image the size of the view, each page's pixels (opaque) where the page lands;
///     nothing is written between pages, so those holes read as zeros, alpha 0;
///  2. libvips maps the spool (`rawload`), puts it on the background (`flatten`; `ifthenelse` for a
///     translucent one) and saves it, pulling strips of rows through as it writes.
/// So neither the canvas nor the file is ever held whole in memory, and the libvips pipeline is
/// a few operations whatever the page count. (Assembling per-page crops of the spool with
/// `insert`/`arrayjoin` was tried: every page's operations keep their buffers and mmap windows for
/// the whole save, so memory grew with the page count, and arrayjoin in libvips < 8.15.2 hands back
/// freed memory when its inputs are plain crops.)
struct StreamedView {
    let job: RasterJob
    let index: Int

    /// Largest tile of a page rendered at once.
    static let tilePixels = 8_000_000
    static let tileSide = 8192
    static let bands = 4

    /// A page's share of the view: where its paper lands, the part of it inside the view, and
    /// the parts of later pages over it (a pixel of rounding with `--no-gaps`; usually none).
    struct SpooledPage: Sendable {
        var placed: PlacedPage
        var spot: PagePixels
        var rect: PixelRect
        var above: [PixelRect] = []
    }

    struct Tile: Sendable {
        var page: Int
        var rect: PixelRect
    }

    func write(to path: String) throws {
        let view = job.views[index], scale = job.scales[index]
        let size = Scale.pixelSize(of: view, scale: scale)
        let pages = spooledPages(view, scale: scale, size: size)
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        // `path` is AtomicOutput's temporary for the destination: the spool is named for the same one.
        let destination = AbandonedTemporaries.parse(url.lastPathComponent)?.destination ?? url.lastPathComponent
        let spool = try Spool(
            folder: folder, destination: destination, bytes: size.width * size.height * Self.bands,
            usedBytes: pages.reduce(0) { $0 + $1.rect.width * $1.rect.height * Self.bands })
        defer { spool.remove() }
        try render(pages, into: spool, width: size.width, scale: scale)
        // The cache would keep the pipeline, and so the deleted spool's descriptor, alive.
        defer { VipsRuntime.dropCachedOperations() }
        try save(spool, size: size, to: path)
    }

    private func spooledPages(_ view: View, scale: Double, size: PixelSize) -> [SpooledPage] {
        var pages: [SpooledPage] = view.pages.compactMap { placed in
            let spot = job.pixels(of: placed, scale: scale)
            let x0 = max(spot.paper.x, 0), y0 = max(spot.paper.y, 0)
            let x1 = min(spot.paper.maxX, size.width), y1 = min(spot.paper.maxY, size.height)
            guard x1 > x0, y1 > y0 else { return nil }
            return SpooledPage(
                placed: placed, spot: spot, rect: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        for earlier in pages.indices {
            for later in pages.indices.dropFirst(earlier + 1) where Self.overlap(pages[earlier].rect, pages[later].rect)
            {
                pages[earlier].above.append(pages[later].rect)
            }
        }
        return pages
    }

    private static func overlap(_ a: PixelRect, _ b: PixelRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// The parts of row `y` between `start` and `end` that no rect of `above` covers. Where pages
    /// overlap, only the later one writes (as when drawn in order), so tiles may land in any order.
    static func visibleSpans(row y: Int, from start: Int, to end: Int, under above: [PixelRect]) -> [Range<Int>] {
        var spans = [start..<end]
        for rect in above where rect.y <= y && y < rect.maxY {
            spans = spans.flatMap { span -> [Range<Int>] in
                let cutStart = max(span.lowerBound, rect.x), cutEnd = min(span.upperBound, rect.maxX)
                guard cutStart < cutEnd else { return [span] }
                return [span.lowerBound..<cutStart, cutEnd..<span.upperBound].filter { !$0.isEmpty }
            }
        }
        return spans
    }

    private func render(_ pages: [SpooledPage], into spool: Spool, width: Int, scale: Double) throws {
        let spoolRowBytes = width * Self.bands
        var planned: [Tile] = []
        for (number, page) in pages.enumerated() {
            let tileWidth = min(page.rect.width, Self.tileSide)
            let tileHeight = min(page.rect.height, Self.tileSide, max(1, Self.tilePixels / tileWidth))
            for y in stride(from: page.rect.y, to: page.rect.maxY, by: tileHeight) {
                for x in stride(from: page.rect.x, to: page.rect.maxX, by: tileWidth) {
                    planned.append(
                        Tile(
                            page: number,
                            rect: PixelRect(
                                x: x, y: y, width: min(tileWidth, page.rect.maxX - x),
                                height: min(tileHeight, page.rect.maxY - y))))
                }
            }
        }
        let tiles = planned
        let progress = ProgressBar(
            label: job.progressLabel ?? "", total: tiles.count, quiet: job.progressLabel == nil, minimum: 8)
        defer { progress.finish() }
        _ = try ParallelRender.map(count: tiles.count, workers: job.workers, source: job.source, password: job.password)
        { item, document in
            let tile = tiles[item], page = pages[tile.page]
            // A clear canvas gives RGBA; the tile is all paper, so its alpha is 255 throughout.
            let canvas = try RasterCanvas(width: tile.rect.width, height: tile.rect.height, background: .clear)
            let paper = PixelRect(
                x: page.spot.paper.x - tile.rect.x, y: page.spot.paper.y - tile.rect.y,
                width: page.spot.paper.width, height: page.spot.paper.height)
            canvas.draw(
                try document.page(at: page.placed.page - 1), paper: paper,
                contentOrigin: (
                    page.spot.contentOrigin.x - Double(tile.rect.x), page.spot.contentOrigin.y - Double(tile.rect.y)
                ),
                scale: scale)
            // Unpacked in place in cairo's memory: the tile is not copied before the spool.
            let pixels = canvas.handOverPixels()
            let tileRowBytes = tile.rect.width * Self.bands
            let start = tile.rect.y * spoolRowBytes + tile.rect.x * Self.bands
            let above = page.above.filter { Self.overlap($0, tile.rect) }
            try withExtendedLifetime(pixels) {
                let raw = UnsafeRawBufferPointer(start: pixels.bytes, count: pixels.count)
                if tileRowBytes == spoolRowBytes && above.isEmpty {
                    try spool.write(raw, at: start)
                    return
                }
                for row in 0..<tile.rect.height {
                    for span in Self.visibleSpans(
                        row: tile.rect.y + row, from: tile.rect.x, to: tile.rect.maxX, under: above)
                    {
                        let from = row * tileRowBytes + (span.lowerBound - tile.rect.x) * Self.bands
                        try spool.write(
                            UnsafeRawBufferPointer(rebasing: raw[from..<from + span.count * Self.bands]),
                            at: start + row * spoolRowBytes + (span.lowerBound - tile.rect.x) * Self.bands)
                    }
                }
            }
            progress.advance()
        }
    }

    /// Maps the spool, puts it on the background and saves it. Every libvips image made here is
    /// released on return, so that dropping the cache afterwards frees the spool.
    private func save(_ spool: Spool, size: PixelSize, to path: String) throws {
        let pages = try Image.rawload(path: spool.path, width: size.width, height: size.height, bands: Self.bands)
        spool.remove()  // libvips opened its own descriptor in rawload
        let background = job.background
        let image: Image
        if background.opacity >= 1 {
            // Alpha is 255 on pages (kept exactly) and 0 between them (the background exactly).
            image = try pages.flatten(
                background: [background.red, background.green, background.blue].map { ($0 * 255).rounded() })
        } else {
            let colour = [background.red, background.green, background.blue, background.opacity].map {
                ($0 * 255).rounded()
            }
            image = try pages.extractBand(3).ifThenElse(
                pages, try Image.constant(width: size.width, height: size.height, colour: colour))
        }
        try image.save(to: path, format: job.format, options: job.options)
    }
}
