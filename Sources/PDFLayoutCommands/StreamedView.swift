import Foundation
import PageLayout
import Poppler
import ToolSupport
import Vips

/// A view too large to draw in one piece: the continuous column or strip of a whole book, or a
/// page at a huge DPI. Memory stays bounded whatever the view's size or direction:
///  1. every page is rendered once, in tiles, in parallel, into an unlinked spool file beside
///     the output (pages are stored one after the other, each row-major);
///  2. a producer thread reads the spool back in bands of rows and writes them as an uncompressed
///     PNG into a pipe; libvips loads the pipe sequentially and its saver writes the file as rows arrive.
/// So neither the canvas nor the file is ever held whole in memory.
struct StreamedView {
    let job: RasterJob
    let index: Int

    /// Largest tile of a page rendered at once, and largest band of rows handed to the saver.
    static let tilePixels = 8_000_000
    static let tileSide = 8192
    static let bandBytes = 4 << 20

    /// A page's share of the view: where its paper lands, clipped to the view, and where its
    /// pixels start in the spool.
    struct SpooledPage: Sendable {
        var placed: PlacedPage
        var spot: PagePixels
        var rect: PixelRect
        var offset: Int
        var rowBytes: Int { rect.width * 3 }
    }

    struct Tile: Sendable {
        var page: Int
        var rect: PixelRect
    }

    func write(to path: String) throws {
        let view = job.views[index], scale = job.scales[index]
        let size = Scale.pixelSize(of: view, scale: scale)
        let pages = spooledPages(view, scale: scale, size: size)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let spool = try Spool(folder: folder, bytes: pages.reduce(0) { $0 + $1.rowBytes * $1.rect.height })
        try render(pages, into: spool, scale: scale)

        let bands = job.background.alpha < 1 ? 4 : 3
        let stream = try PNGStream(width: size.width, height: size.height, bands: bands, bandBytes: Self.bandBytes) { [job] band, top, rows in
            try Self.compose(band, top: top, rows: rows, width: size.width, bands: bands, pages: pages, spool: spool, background: job.background)
        }
        do {
            let image = try Image.load(descriptor: stream.readEnd, autorotate: false, access: .sequential)
            stream.closeReadEnd() // libvips keeps its own duplicate of the descriptor
            try image.save(to: path, format: job.suffix, options: job.options)
        } catch {
            // A producer failure (say, the spool could not be read) explains the saver's.
            try stream.finish()
            throw error
        }
        try stream.finish()
    }

    private func spooledPages(_ view: View, scale: Double, size: PixelSize) -> [SpooledPage] {
        var offset = 0
        var pages: [SpooledPage] = []
        for placed in view.pages {
            let spot = job.pixels(of: placed, scale: scale)
            let x0 = max(spot.paper.x, 0), y0 = max(spot.paper.y, 0)
            let x1 = min(spot.paper.maxX, size.width), y1 = min(spot.paper.maxY, size.height)
            guard x1 > x0, y1 > y0 else { continue }
            let page = SpooledPage(placed: placed, spot: spot, rect: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), offset: offset)
            offset += page.rowBytes * page.rect.height
            pages.append(page)
        }
        return pages
    }

    private func render(_ pages: [SpooledPage], into spool: Spool, scale: Double) throws {
        var planned: [Tile] = []
        for (number, page) in pages.enumerated() {
            let tileWidth = min(page.rect.width, Self.tileSide)
            let tileHeight = min(page.rect.height, Self.tileSide, max(1, Self.tilePixels / tileWidth))
            for y in stride(from: page.rect.y, to: page.rect.maxY, by: tileHeight) {
                for x in stride(from: page.rect.x, to: page.rect.maxX, by: tileWidth) {
                    planned.append(Tile(page: number, rect: PixelRect(x: x, y: y, width: min(tileWidth, page.rect.maxX - x),
                                                                   height: min(tileHeight, page.rect.maxY - y))))
                }
            }
        }
        let tiles = planned
        let progress = ProgressLine(label: "rendering", total: tiles.count, quiet: job.quiet)
        defer { progress.finish() }
        _ = try ParallelRender.map(count: tiles.count, workers: job.workers, source: job.source, password: job.password) { item, document in
            let tile = tiles[item], page = pages[tile.page]
            let canvas = try RasterCanvas(width: tile.rect.width, height: tile.rect.height, background: .white)
            let paper = PixelRect(x: page.spot.paper.x - tile.rect.x, y: page.spot.paper.y - tile.rect.y,
                                  width: page.spot.paper.width, height: page.spot.paper.height)
            canvas.draw(try document.page(at: page.placed.page - 1), paper: paper,
                        contentOrigin: (page.spot.contentOrigin.x - Double(tile.rect.x), page.spot.contentOrigin.y - Double(tile.rect.y)),
                        scale: scale)
            let pixels = canvas.pixels()
            let tileRowBytes = tile.rect.width * 3
            let start = page.offset + ((tile.rect.y - page.rect.y) * page.rect.width + tile.rect.x - page.rect.x) * 3
            try pixels.withUnsafeBytes { raw in
                if tile.rect.width == page.rect.width {
                    try spool.write(raw, at: start)
                } else {
                    for row in 0..<tile.rect.height {
                        try spool.write(UnsafeRawBufferPointer(rebasing: raw[row * tileRowBytes..<(row + 1) * tileRowBytes]),
                                        at: start + row * page.rowBytes)
                    }
                }
            }
            progress.advance()
        }
    }

    /// Fills `rows` rows of the view starting at `top`: background, then each page's spooled rows
    /// (RGB; with 4 bands the pages get opaque alpha, the background keeps its own).
    /// Plain `while` loops and bulk copies: this touches every pixel of the view.
    private static func compose(_ band: UnsafeMutableRawBufferPointer, top: Int, rows: Int, width: Int, bands: Int,
                                pages: [SpooledPage], spool: Spool, background: RGBA) throws {
        let colour = [background.red, background.green, background.blue, background.alpha].map { UInt8(($0 * 255).rounded()) }
        let start = band.baseAddress!.assumingMemoryBound(to: UInt8.self), rowBytes = width * bands
        var pixel = 0
        while pixel < width {
            var channel = 0
            while channel < bands { start[pixel * bands + channel] = colour[channel]; channel += 1 }
            pixel += 1
        }
        var row = 1
        while row < rows {
            (start + row * rowBytes).update(from: start, count: rowBytes)
            row += 1
        }
        var scratch: [UInt8] = []
        for page in pages where page.rect.y < top + rows && page.rect.maxY > top {
            let first = max(top, page.rect.y), last = min(top + rows, page.rect.maxY)
            let count = (last - first) * page.rowBytes
            if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
            try scratch.withUnsafeMutableBytes {
                try spool.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<count]), at: page.offset + (first - page.rect.y) * page.rowBytes)
            }
            scratch.withUnsafeBufferPointer { source in
                var row = first
                while row < last {
                    var from = source.baseAddress! + (row - first) * page.rowBytes
                    var to = start + ((row - top) * width + page.rect.x) * bands
                    if bands == 3 {
                        to.update(from: from, count: page.rowBytes)
                    } else {
                        let end = from + page.rowBytes
                        while from < end {
                            to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = 255
                            from += 3
                            to += 4
                        }
                    }
                    row += 1
                }
            }
        }
    }
}

/// An unlinked temporary file: it disappears when closed, even if the process is killed.
final class Spool: @unchecked Sendable {
    private let descriptor: Int32

    init(folder: String, bytes: Int) throws {
        var info = statvfs()
        if statvfs(folder, &info) == 0 {
            let free = Double(info.f_bavail) * Double(info.f_frsize)
            guard free > Double(bytes) + 64e6 else {
                throw ToolFailure("not enough free space in \(folder) to assemble this view (it needs \(bytes >> 20) MB)")
            }
        }
        var template = Array("\(folder)/.pdflayout-spool-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ToolFailure("cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))") }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    }

    deinit { close(descriptor) }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ToolFailure("cannot write the temporary file: \(String(cString: strerror(errno)))") }
            done += count
        }
    }

    func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let count = pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ToolFailure("cannot read the temporary file back") }
            done += count
        }
    }
}
