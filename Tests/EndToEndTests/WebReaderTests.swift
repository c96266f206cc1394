import Foundation
import TestSupport
import Testing
import Vips

/// `pdflayout --format html`: the reader it writes, loaded from file:// in headless Chromium
/// (chromedriver, W3C WebDriver) and checked from the DOM and from screenshots. Each test has a
/// time limit, and its browser is closed (chromedriver and Chromium killed) when it ends.
@Suite(.serialized, .timeLimit(.minutes(3)), .tags(.external)) struct WebReaderTests {
    /// A page as the reader shows it: its number, its box in CSS pixels, and its image's alt text.
    struct Shown {
        var page: Int
        var left, top, width, height: Double
        var loaded: Bool
        var alt: String
    }

    /// Writes a reader of `pdf` with `options` into a fresh folder; returns index.html's URL.
    static func writeReader(_ pdf: String, _ options: [String], in scratch: Scratch) throws -> URL {
        let folder = scratch.path("reader")
        let result = try run("pdflayout", [pdf] + options + ["-o", folder + "/", "--format", "html", "-q"])
        try #require(result.status == 0, "pdflayout: \(result.stderr)")
        return URL(fileURLWithPath: folder + "/index.html")
    }

    /// The pages with an image on screen, left to right, once their images have loaded.
    static func shownPages(_ browser: Browser) throws -> [Shown] {
        try browser.wait(
            until: "return [...document.querySelectorAll('#sheet img')].every(i => i.complete && i.naturalWidth > 0)",
            "the page images")
        let rows = try #require(
            try browser.run(
                """
                return [...document.querySelectorAll('#sheet .page')].filter(e => e.querySelector('img')).map(e => {
                  const r = e.getBoundingClientRect(), i = e.querySelector('img');
                  return [Number(e.dataset.page), r.left, r.top, r.width, r.height, i.complete && i.naturalWidth > 0, i.alt];
                })
                """) as? [[Any]])
        return try rows.map { row in
            Shown(
                page: try #require(row[0] as? Int), left: try #require(row[1] as? Double),
                top: try #require(row[2] as? Double), width: try #require(row[3] as? Double),
                height: try #require(row[4] as? Double), loaded: row[5] as? Bool == true,
                alt: try #require(row[6] as? String))
        }.sorted { $0.left < $1.left }
    }

    static func hash(_ browser: Browser) throws -> String { try browser.run("return location.hash") as? String ?? "" }

    /// The sheet's box on screen (the view, the empty slot of a cover included).
    static func sheetBox(_ browser: Browser) throws -> (left: Int, top: Int, width: Int, height: Int) {
        let box = try #require(
            try browser.run(
                "const r = document.getElementById('sheet').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]"
            ) as? [Double])
        return (Int(box[0].rounded(.up)), Int(box[1].rounded(.up)), Int(box[2]) - 1, Int(box[3]) - 1)
    }

    /// The standard deviation of the screenshot's pixels in a box: 0 on flat background, large on a page of text.
    static func deviation(_ screenshot: Image, _ x: Int, _ y: Int, _ width: Int, _ height: Int) throws -> Double {
        // One band: the stage grey differs between its own bands.
        let area = try screenshot.extractArea(x: x, y: y, width: width, height: height).extractBand(1)
        return try Operation.call("deviate", [("in", .image(area))], outputs: ["out"]).double("out") ?? .nan
    }

    /// A screenshot once every page image is decoded and two frames have been painted: an image that has
    /// loaded may still be blank on screen on a loaded machine.
    static func screenshot(_ browser: Browser, in scratch: Scratch) throws -> Image {
        try browser.run(
            """
            window.testPainted = false;
            Promise.all([...document.querySelectorAll('#sheet img')].map(i => i.decode().catch(() => {})))
              .then(() => requestAnimationFrame(() => requestAnimationFrame(() => { window.testPainted = true; })));
            """)
        try browser.wait(until: "return window.testPainted === true", "the page images painted")
        let path = scratch.path("shot-\(UUID().uuidString).png")
        try browser.screenshot().write(to: URL(fileURLWithPath: path))
        return try Image.load(path)
    }

    @Test func rightToLeftSpreadsWithCoverAreInOrderAndOnTheirSides() throws {
        let scratch = try Scratch()
        let url = try Self.writeReader(LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--dpi", "36"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        #expect(
            try browser.run("return [document.documentElement.dir, document.documentElement.lang]") as? [String] == [
                "rtl", "und",
            ])
        // The cover stands alone on the left: a right-to-left book opens from the left-hand side.
        var shown = try Self.shownPages(browser)
        #expect(shown.map(\.page) == [1] && shown.allSatisfy(\.loaded))
        #expect(shown.first?.alt.hasPrefix("page 1") == true)
        let sheet = try Self.sheetBox(browser)
        #expect(shown[0].left + shown[0].width < Double(sheet.left + sheet.width / 2) + 1)
        // On screen: the left half holds a page of text, the right half (the empty slot) only background.
        let image = try Self.screenshot(browser, in: scratch)
        let half = sheet.width / 2
        let pageSide = try Self.deviation(image, sheet.left + 8, sheet.top + 8, half - 16, sheet.height - 16)
        let emptySide = try Self.deviation(image, sheet.left + half + 8, sheet.top + 8, half - 16, sheet.height - 16)
        #expect(emptySide < 1 && pageSide > 5, "page side \(pageSide), empty side \(emptySide)")
        // #page=2: pages 2 and 3, page 2 (read first) on the right.
        try browser.run("location.hash = '#page=2'")
        try browser.wait(until: "return document.querySelectorAll('#sheet img').length === 2", "the spread")
        shown = try Self.shownPages(browser)
        #expect(shown.map(\.page) == [3, 2])
        #expect(shown.map(\.alt) == ["page 3 (b)", "page 2 (a)"])
        let spread = try Self.screenshot(browser, in: scratch)
        for page in shown {
            let deviation = try Self.deviation(
                spread, Int(page.left) + 4, Int(page.top) + 4, Int(page.width) - 8, Int(page.height) - 8)
            #expect(deviation > 3, "page \(page.page) shows no content on screen")
        }
    }

    @Test func leftToRightSpreadsWithCoverAreInOrderAndOnTheirSides() throws {
        let scratch = try Scratch()
        let url = try Self.writeReader(LayoutRun.bookRTL, ["--two-up", "--ltr", "--cover", "--dpi", "36"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        #expect(try browser.run("return document.documentElement.dir") as? String == "ltr")
        let sheet = try Self.sheetBox(browser)
        var shown = try Self.shownPages(browser)
        #expect(shown.map(\.page) == [1])
        #expect(shown[0].left > Double(sheet.left + sheet.width / 2) - 1, "the cover is on the right")
        try browser.run("location.hash = '#page=3'")
        try browser.wait(until: "return document.querySelectorAll('#sheet img').length === 2", "the spread")
        shown = try Self.shownPages(browser)
        #expect(shown.map(\.page) == [2, 3])
        #expect(try Self.hash(browser) == "#page=3")
    }

    @Test func arrowKeysMoveInTheReadingDirection() throws {
        let scratch = try Scratch()
        let rtl = try Self.writeReader(LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--dpi", "24"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(rtl)
        // Right to left: ← goes on to the next spread, → back.
        try browser.press(.arrowLeft)
        #expect(try Self.hash(browser) == "#page=2")
        #expect(try Self.shownPages(browser).map(\.page) == [3, 2])
        try browser.press(.arrowLeft)
        #expect(try Self.hash(browser) == "#page=4")
        try browser.press(.arrowRight)
        #expect(try Self.hash(browser) == "#page=2")
        // The position survives a reload.
        try browser.run("location.reload()")
        try browser.wait(
            until: "return !!window.frostReader && document.querySelectorAll('#sheet img').length === 2", "the reload")
        #expect(try Self.shownPages(browser).map(\.page) == [3, 2])
        // Left to right: → goes on.
        let ltrScratch = try Scratch()
        let ltr = try Self.writeReader(
            LayoutRun.bookRTL, ["--two-up", "--ltr", "--cover", "--dpi", "24"], in: ltrScratch)
        try browser.open(ltr)
        try browser.press(.arrowRight)
        #expect(try Self.hash(browser) == "#page=2")
        #expect(try Self.shownPages(browser).map(\.page) == [2, 3])
        try browser.press(.arrowLeft)
        #expect(try Self.hash(browser) == "#page=1")
    }

    @Test func pageFragmentOpensTheSpreadHoldingThePage() throws {
        let scratch = try Scratch()
        let url = try Self.writeReader(LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--dpi", "24"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(URL(string: url.absoluteString + "#page=5")!)
        #expect(try Self.shownPages(browser).map(\.page) == [5, 4])
        #expect(try Self.hash(browser) == "#page=5")
        #expect(try browser.run("return document.getElementById('page-number').value") as? String == "5")
        // The outline is the table of contents: its links go to their spreads.
        try browser.run("document.getElementById('contents-button').click()")
        let links =
            try browser.run(
                "return [...document.querySelectorAll('#contents a')].map(a => a.getAttribute('href'))") as? [String]
        #expect(links == ["#page=2", "#page=4", "#page=5", "#page=5", "#page=6", "#page=7"])
        #expect(try browser.run("return document.getElementById('contents').hidden") as? Bool == false)
        try browser.run("document.querySelector('#contents a[href=\"#page=7\"]').click()")
        #expect(try Self.shownPages(browser).map(\.page) == [7, 6])
        #expect(try Self.hash(browser) == "#page=7")
    }

    @Test func rightToLeftStripStartsAtTheRightAndArrowsFollowIt() throws {
        let scratch = try Scratch()
        let url = try Self.writeReader(
            LayoutRun.bookRTL, ["--continuous", "--horizontal", "--rtl", "--dpi", "24"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        let width = try #require(try browser.run("return document.getElementById('stage').clientWidth") as? Int)
        var shown = try Self.shownPages(browser)
        // Left to right on screen the numbers fall: the book starts at the right edge.
        #expect(shown.map(\.page) == shown.map(\.page).sorted(by: >))
        let first = try #require(shown.last)
        #expect(first.page == 1 && abs(first.left + first.width - Double(width)) < 12, "\(shown)")
        try browser.press(.arrowLeft)
        #expect(try Self.hash(browser) == "#page=2")
        shown = try Self.shownPages(browser)
        let second = try #require(shown.first { $0.page == 2 })
        #expect(abs(second.left + second.width - Double(width)) < 12, "page 2 comes to the right edge: \(shown)")
        try browser.press(.arrowRight)
        #expect(try Self.hash(browser) == "#page=1")
    }

    @Test func narrowWindowShowsOnePageAtATime() throws {
        let scratch = try Scratch()
        let url = try Self.writeReader(LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--dpi", "24"], in: scratch)
        let browser = try Browser(width: 400, height: 800)
        defer { browser.close() }
        try browser.open(URL(string: url.absoluteString + "#page=3")!)
        #expect(try Self.shownPages(browser).map(\.page) == [3])
        try browser.press(.arrowLeft)
        #expect(try Self.shownPages(browser).map(\.page) == [4])
    }

    /// A 315-page book (hyperref's manual five times) in a continuous column: few images exist
    /// at any time, wherever the reader is, and the first screen paints quickly.
    @Test func lazyLoadingKeepsFewImagesDecodedInALongBook() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let book = scratch.path("long.pdf")
        let joined = try run(
            "qpdf",
            ["--empty", "--pages"] + Array(repeating: [manual, "1-z"], count: 5).flatMap { $0 } + ["--", book])
        try #require(joined.status == 0, "\(joined.stderr)")
        let url = try Self.writeReader(book, ["--continuous", "--dpi", "12"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        #expect(try browser.run("return document.querySelectorAll('#sheet .page').length") as? Int == 315)
        var shown = try Self.shownPages(browser)
        #expect(!shown.isEmpty && shown.count <= 6, "\(shown.count) images at the start")
        #expect(shown.contains { $0.page == 1 })
        try browser.run("location.hash = '#page=200'")
        try browser.wait(until: "return !!document.querySelector('.page[data-page=\"200\"] img')", "page 200")
        shown = try Self.shownPages(browser)
        #expect(shown.count <= 6, "\(shown.count) images around page 200")
        #expect(shown.contains { $0.page == 200 } && !shown.contains { $0.page == 1 })
        let paint = try browser.run(
            "return performance.getEntriesByType('paint').map(e => e.startTime).reduce((a, b) => Math.max(a, b), 0)")
        #expect((paint as? Double ?? 0) > 0 && (paint as? Double ?? .infinity) < 3000, "first paint \(paint) ms")
    }

    /// On a HiDPI screen (device pixel ratio 2) the default reader takes its sharp set, and a
    /// `--reader-sets 1` reader, which has none, shows its one set: every page painted, every
    /// request (the shown spread and the next one fetched ahead) for a file the folder holds,
    /// none failed, no `@2x` name asked for.
    @Test func oneImageSetIsShownOnAHiDPIScreenWithoutFailedRequests() throws {
        for sets in [2, 1] {
            let scratch = try Scratch()
            let url = try Self.writeReader(
                LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--dpi", "36", "--reader-sets", "\(sets)"],
                in: scratch)
            let browser = try Browser(deviceScaleFactor: 2, logsNetwork: true)
            defer { browser.close() }
            try browser.open(URL(string: url.absoluteString + "#page=2")!)
            #expect(try browser.run("return window.devicePixelRatio") as? Int == 2)
            let shown = try Self.shownPages(browser)
            #expect(shown.map(\.page) == [3, 2] && shown.allSatisfy(\.loaded), "\(sets) sets")
            let sources = try #require(
                try browser.run("return [...document.querySelectorAll('#sheet img')].map(i => i.currentSrc)")
                    as? [String])
            #expect(sources.count == 2 && sources.allSatisfy { $0.hasSuffix("@2x.webp") == (sets == 2) }, "\(sources)")
            // The screenshot is in device pixels: twice the CSS boxes.
            let image = try Self.screenshot(browser, in: scratch)
            #expect(image.width == 2400)
            for page in shown {
                let deviation = try Self.deviation(
                    image, 2 * Int(page.left) + 8, 2 * Int(page.top) + 8, 2 * Int(page.width) - 16,
                    2 * Int(page.height) - 16)
                #expect(deviation > 3, "\(sets) sets: page \(page.page) shows no content on screen")
            }
            // The next spread (pages 4 and 5) is fetched ahead: wait for it, then read every request.
            var urls: [String] = [], failed: [String: String] = [:]
            let started = Date()
            while !urls.contains(where: { $0.contains("/pages/p0005") }) && Date().timeIntervalSince(started) < 10 {
                let requests = try browser.requests()
                urls += requests.urls
                failed.merge(requests.failed) { first, _ in first }
                Thread.sleep(forTimeInterval: 0.1)
            }
            let images = urls.filter { $0.contains("/pages/") }
            #expect(images.contains { $0.contains("/pages/p0005") }, "\(sets) sets: \(images)")
            #expect(failed.isEmpty, "\(sets) sets: failed requests \(failed)")
            #expect(images.contains { $0.hasSuffix("@2x.webp") } == (sets == 2), "\(sets) sets: \(images)")
            for image in images {
                let path = try #require(URL(string: image)?.path)
                #expect(FileManager.default.fileExists(atPath: path), "\(image) is not in the folder")
            }
        }
    }

    @Test func searchFindsTheWordsPage() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        // A word that pdftotext finds on one page only, past the first pages.
        let text = try run("pdftotext", ["-layout", manual, "-"])
        try #require(text.status == 0)
        let pages = text.text.components(separatedBy: "\u{0C}")
        var pagesOf: [String: Set<Int>] = [:]
        for (index, page) in pages.enumerated() {
            for word in page.split(whereSeparator: { !$0.isLetter }) where word.count >= 9 {
                pagesOf[word.lowercased(), default: []].insert(index + 1)
            }
        }
        var candidates: [(word: String, page: Int)] = []
        for (word, found) in pagesOf where found.count == 1 && found.first! >= 20 {
            candidates.append((word, found.first!))
        }
        candidates.sort { $0.page == $1.page ? $0.word < $1.word : $0.page < $1.page }
        let (word, page) = try #require(candidates.first)
        let url = try Self.writeReader(manual, ["--single", "--dpi", "24"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        try browser.type(word + Browser.Key.enter.rawValue, into: "#search-text")
        try browser.wait(until: "return location.hash === '#page=\(page)'", "the search to reach page \(page)")
        try browser.wait(until: "return document.querySelectorAll('.text-layer span.hit').length > 0", "the hit")
        let hits =
            try browser.run(
                "return [...document.querySelectorAll('.text-layer span.hit')].map(s => [s.closest('.page').dataset.page, s.textContent])"
            ) as? [[String]]
        #expect(hits?.first?[0] == "\(page)")
        #expect(hits?.contains { $0[1].lowercased().contains(word) } == true, "\(word): \(hits ?? [])")
        #expect(
            try browser.run("return document.getElementById('search-status').textContent") as? String == "page \(page)")
    }
}
