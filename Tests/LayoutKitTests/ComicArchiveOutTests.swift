import Archive
import CoreTypes
import Foundation
import ImageTestSupport
import PageLayout
import Poppler
import Publication
import TestSupport
import Testing
import Vips

@testable import LayoutKit

/// Comic archives out (issue 42 §3), in process: a comic page's image has no screen margins or
/// gutter, a page alone in its spread is an image of its own width (the cover FrontCover, not a
/// double page), --single keeps the input's DoublePage pages, a comic's JPEG pages go in byte for
/// byte, one default resolution for a PDF into CBZ and EPUB; and a comic past the page limit is
/// refused while it is read.
@Suite(.tags(.fast)) struct ComicArchiveOutTests {
    /// Six pages: p1 … p6 portrait, 300 + n by 450 pixels, each a flat grey of its own (20 n); p4
    /// landscape 900 × 600 (a scanned spread); p5 a PNG; a ComicInfo.xml marking image 0 the front
    /// cover and image 2 (p3) a double page.
    static func makeComic(in folder: URL) throws -> URL {
        let pages = try ComicPages.write(count: 6, wide: 4, png: 5, in: folder)
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <ComicInfo><Title>Test</Title><Pages><Page Image="0" Type="FrontCover"/><Page Image="2" DoublePage="true"/></Pages></ComicInfo>
            """
        try Data(xml.utf8).write(to: pages.appendingPathComponent("ComicInfo.xml"))
        return pages
    }

    /// The archive's entries, name and bytes, in order.
    static func entries(_ path: String) throws -> [(name: String, bytes: [UInt8])] {
        let reader = try ArchiveReader(path: path)
        var entries: [(name: String, bytes: [UInt8])] = []
        while let entry = try reader.next() {
            entries.append((entry.name, try reader.readData(name: entry.name, limit: 1 << 26)))
        }
        return entries
    }

    static func laidOut(
        _ input: LayoutInput, _ request: LayoutRequest
    ) throws -> LaidOut {
        let selection = try request.select(input)
        return try request.lay(selection.pages, of: input, options: selection.options)
    }

    static func bytes(_ path: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: path)) }

    @Test func twoUpViewsAreThePagesThemselvesAndJPEGPagesGoInAsTheyWere() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.makeComic(in: folder)
        let input = try LayoutInput.open(comic: try ComicBook.read(pages.path))
        var request = LayoutRequest()
        request.mode = .twoUp
        request = request.forComicArchive()
        let laidOut = try Self.laidOut(input, request)
        let job = request.cbzJob(laidOut, input: input, file: "comic", progressLabel: nil)
        // 1 (cover, alone) | 2 3 … but 3 is a double page: 2 alone | 3 | 4 (wide) | 5 6
        #expect(laidOut.layout.views.map { $0.pages.map(\.page) } == [[1], [2], [3], [4], [5, 6]])
        let cbz = folder.appendingPathComponent("out.cbz").path
        try job.write(to: cbz)
        let entries = try Self.entries(cbz)
        // The JPEG pages as they were; the drawn spread as its content calls for (flat greys: a PNG).
        #expect(entries.map(\.name) == ["0001.jpg", "0002.jpg", "0003.jpg", "0004.jpg", "0005.png", "ComicInfo.xml"])
        // The cover, page 2 alone, the double page and the wide page: the input's JPEG files.
        for (entry, page) in [(0, "p1.jpg"), (1, "p2.jpg"), (2, "p3.jpg"), (3, "p4.jpg")] {
            #expect(entries[entry].bytes == (try Self.bytes(pages.appendingPathComponent(page))), "\(page)")
        }
        // The spread 5 | 6: the two pages side by side, no gutter, no margin: 305 + 306 by 450,
        // the first column p5's grey (100) and the last p6's (120), not white.
        let spread = try Image.load(bytes: entries[4].bytes)
        #expect(spread.width == 305 + 306 && spread.height == 450)
        let first = try spread.extractArea(x: 0, y: 0, width: 1, height: 450).average()
        let last = try spread.extractArea(x: 610, y: 0, width: 1, height: 450).average()
        #expect(abs(first - 100) < 3 && abs(last - 120) < 3, "\(first) \(last)")
        let info = try #require(ComicInfo(xml: entries[5].bytes))
        #expect(info.pages.map(\.type) == ["FrontCover", nil, nil, nil, nil])
        #expect(info.pages.map(\.doublePage) == [false, false, true, true, true])
        #expect(info.pages.map(\.width) == [301, 302, 303, 900, 611])

        // The same comic as an EPUB: its JPEG pages are the input's files too.
        let epubJob = request.epubJob(laidOut, input: input, file: "comic", progressLabel: nil)
        let epub = folder.appendingPathComponent("out.epub").path
        try epubJob.write(to: epub)
        let images = try Self.entries(epub).filter { $0.name.hasPrefix("OEBPS/images/") }
        #expect(images.map(\.name).filter { $0.hasSuffix(".jpg") }.count >= 5)
        #expect(images[0].bytes == (try Self.bytes(pages.appendingPathComponent("p1.jpg"))))
        #expect(images[5].bytes == (try Self.bytes(pages.appendingPathComponent("p6.jpg"))))
    }

    @Test func singleKeepsTheInputsDoublePages() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try LayoutInput.open(comic: try ComicBook.read(try Self.makeComic(in: folder).path))
        var request = LayoutRequest()
        request.mode = .single
        request = request.forComicArchive()
        let job = request.cbzJob(try Self.laidOut(input, request), input: input, file: "comic", progressLabel: nil)
        let info = job.comicInfo()
        // p3 marked DoublePage by the input's ComicInfo, p4 a wide scan; the cover is the cover.
        #expect(info.pages.map(\.doublePage) == [false, false, true, true, false, false])
        #expect(info.pages.first?.type == "FrontCover")
        // Every JPEG page at its own pixels: copied; the PNG page is drawn.
        let stored = job.imageViews.enumerated().map { job.context.storedJPEG($1, index: $0) != nil }
        #expect(stored == [true, true, true, true, false, true])
    }

    /// A PDF's views in a CBZ: 144 dpi as in an EPUB, a lone page an image of the page alone, no
    /// margins (a black background would show them as black columns).
    @Test func aPDFIntoABookHasOneResolutionAndNoMargins() throws {
        let input = try LayoutInput.open(.file(MixedPDF.path), password: nil)
        var request = LayoutRequest()
        request.mode = .twoUp
        request.cover = true
        request.pages = "1-3"
        request.background = Colour(white: 0, alpha: 1)
        let book = request.forComicArchive()
        let laidOut = try Self.laidOut(input, book)
        let cbz = book.cbzJob(laidOut, input: input, file: "mixed", progressLabel: nil)
        let epub = book.epubJob(laidOut, input: input, file: "mixed", progressLabel: nil)
        #expect(cbz.context.scales.allSatisfy { $0 == 2 } && epub.context.scales.allSatisfy { $0 == 2 })
        var sharper = book
        sharper.dpi = 100
        let resized = try Self.laidOut(input, sharper)
        let scales = [
            sharper.cbzJob(resized, input: input, file: "m", progressLabel: nil).context.scales,
            sharper.epubJob(resized, input: input, file: "m", progressLabel: nil).context.scales,
        ]
        #expect(scales.joined().allSatisfy { $0 == 100.0 / 72 }, "\(scales)")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mixed.cbz").path
        try cbz.write(to: path)
        let cover = try Image.load(bytes: try Self.entries(path)[0].bytes)
        let page = laidOut.pages[0]
        #expect(cover.width == Int((page.width * 2).rounded()) && cover.height == Int((page.height * 2).rounded()))
        for x in [0, cover.width - 1] {
            let column = try cover.extractArea(x: x, y: 0, width: 1, height: cover.height).average()
            #expect(column > 200, "column \(x) averages \(column): a margin")
        }
        // The request's own insets elsewhere: PDFKit's.
        #expect(request.options(for: input).margins == .pdfKitDefault)
        #expect(book.options(for: input).margins == PageMargins.none)
    }

    /// Past `pageLimit`, reading stops: a broken first page is never decoded (the limit is what
    /// is reported), where without a limit the whole comic is read and the page refused.
    @Test func aComicPastThePageLimitIsRefusedWhileRead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.makeComic(in: folder)
        let cbz = folder.appendingPathComponent("five.cbz").path
        let zip = try ZipWriter(path: cbz)
        try zip.add(name: "p1.jpg", text: "not a JPEG", compressed: false)
        for number in 2...5 {
            let name = number == 5 ? "p5.png" : "p\(number).jpg"
            try zip.add(name: name, file: pages.appendingPathComponent(name).path, compressed: false)
        }
        try zip.close()
        #expect(throws: ComicError.tooManyPages(limit: 3)) { try ComicBook.read(cbz, pageLimit: 3) }
        #expect(throws: ComicError.tooManyPages(limit: 4)) { try ComicBook.read(cbz, pageLimit: 4) }
        #expect { try ComicBook.read(cbz, pageLimit: 5) } throws: { error in
            if case ComicError.notAnImage(let name, _) = error { return name == "p1.jpg" }
            return false
        }
        #expect(throws: ComicError.tooManyPages(limit: 2)) { try ComicBook.read(pages.path, pageLimit: 2) }
        #expect(try ComicBook.read(pages.path, pageLimit: 6).pageNames.count == 6)
    }
}

/// Each EPUB page's encoding, by what the page holds.
@Suite(.tags(.fast)) struct EPUBPageEncodingTests {
    /// The bit depth a PNG file declares (IHDR).
    static func bitDepth(_ path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(25))
        try #require(bytes.count == 25 && bytes[12..<16].elementsEqual("IHDR".utf8))
        return Int(bytes[24])
    }

    static func largestAndMeanDifference(_ a: Image, _ b: Image) throws -> (Double, Double) {
        let difference = try a.extractBand(0, count: 3).cast(.float)
            .subtract(b.colourspace(.srgb).extractBand(0, count: 3).cast(.float)).abs().copiedToMemory()
        return (try difference.maximum(), try difference.average())
    }

    /// hyperref's manual at 144 dpi: page 8 is black text (16 grey levels, a 4-bit PNG, within a
    /// level of the render everywhere), page 2 has coloured links (kept in 256 colours).
    @Test(arguments: [(8, true), (2, false)])
    func aGreyTextPageTakesSixteenLevels(page: Int, sixteen: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Document(path: Fixtures.asset("hyperref-manual.pdf"))
        let render = try document.page(at: page - 1).render(scale: 2)
        let rendered = folder.appendingPathComponent("page.png").path
        try render.save(to: rendered, format: .png, options: PageEncoding.renderOptions)
        let encoded = try PageEncoding.encoded(rendered)
        #expect(encoded.type == "image/png")
        #expect(try Self.bitDepth(encoded.file) == (sixteen ? 4 : 8))
        let (largest, mean) = try Self.largestAndMeanDifference(render, try Image.load(encoded.file))
        #expect(largest <= (sixteen ? 16 : 24) && mean < (sixteen ? 1 : 0.1), "\(largest) \(mean)")
        if sixteen {
            let palette = folder.appendingPathComponent("palette.png").path
            try render.save(to: palette, format: .png, options: PageEncoding.paletteOptions)
            let saved = try FileManager.default.attributesOfItem(atPath: palette)[.size] as? Int ?? 0
            let size = try FileManager.default.attributesOfItem(atPath: encoded.file)[.size] as? Int ?? .max
            #expect(size * 10 < saved * 9, "\(size) against 256 colours' \(saved)")
        }
    }

    /// A grey ramp (a grey photograph's gradients) would band in sixteen levels: not taken.
    @Test func aGreyRampIsNotCutToSixteenLevels() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let width = 512, height = 64
        let ramp = (0..<height).flatMap { _ in (0..<width).flatMap { x in [UInt8](repeating: UInt8(x / 2), count: 3) } }
        let image = try Image(bytes: ramp, width: width, height: height, bands: 3)
        let rendered = folder.appendingPathComponent("ramp.png").path
        try image.save(to: rendered, format: .png, options: PageEncoding.renderOptions)
        #expect(try PageEncoding.isGrey(image))
        let encoded = try PageEncoding.encoded(rendered)
        #expect(!encoded.file.hasSuffix(".grey.png"), "\(encoded)")
        #expect(try Self.largestAndMeanDifference(image, try Image.load(encoded.file)).1 < 1)
    }
}
