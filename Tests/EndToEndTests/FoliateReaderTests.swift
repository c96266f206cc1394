import Foundation
import TestSupport
import Testing

/// pdflayout's EPUBs read by foliate-js, the engine of current Foliate, in headless Chromium: the
/// book is walked with foliate-js's own `next()` and `prev()`, and every spread it shows must be
/// the view pdflayout lays out (the same pages, on the same sides, in the same order); a word on
/// page N must be found by foliate-js's search on page N. foliate-js is not in Debian or PyPI:
/// it comes from FOLIATE_JS (a checkout, or a git directory) or else from the mirror of its
/// repository on this machine, at a pinned commit; when neither is there the suite fails, saying
/// so, rather than passing without having read a page.
@Suite(.serialized, .timeLimit(.minutes(5)), .tags(.external)) struct FoliateReaderTests {
    /// A page in view: its number in the book and the side of the window its middle is on.
    struct Shown: Equatable, CustomStringConvertible {
        var page: Int
        var side: String
        var description: String { "\(page)\(side.prefix(1))" }
    }

    /// A portrait book with a cover, pages 2-3, page 4 without a partner (a wide page follows),
    /// two wide pages, and a last page: 595 × 842 and 842 × 595 points.
    static let mixedSizes: [(Double, Double)] = [
        (595, 842), (595, 842), (595, 842), (595, 842), (842, 595), (842, 595), (595, 842),
    ]

    @Test func coverPairsLonePageAndTwoWidePages() throws {
        let scratch = try Scratch()
        let pdf = try Self.textBook(Self.mixedSizes, named: "mixed.pdf", in: scratch.folder)
        try withSession(scratch) { session in
            let expected = try session.views(pdf, ["--two-up", "--cover"])
            #expect(expected.map { $0.map(\.description) } == [["1r"], ["2l", "3r"], ["4l"], ["5c"], ["6c"], ["7l"]])
            let epub = try session.epub(pdf, ["--two-up", "--cover"], named: "mixed.epub")
            let (forward, backward) = try session.walk(epub)
            // foliate-js (fixed-layout.js, `open`) puts a centred page into the spread of a
            // centred page before it, replacing it: of two wide pages in a row only the second is
            // ever shown. Nothing in the spine can avoid that and still centre a page that fills
            // its view (pdflayout's placement, and what EPUB's page-spread-center means).
            let collapsed = Self.centredBeforeCentred(expected)
            #expect(collapsed == [5])
            #expect(forward == expected.filter { !collapsed.contains($0.first!.page) })
            withKnownIssue("foliate-js shows only the last of consecutive centred pages") {
                #expect(forward == expected)
            }
            #expect(backward == forward.reversed())
            try session.expectSearch(epub, finds: [1, 3, 4, 6, 7], pageCount: 7)
        }
    }

    /// Assets/mixed.pdf (A4, letter, a landscape page, A5: no portrait book, so every page pairs),
    /// without and with a cover: with one, page 6 ends the book alone on the left.
    @Test func mixedSizesOfAnAsset() throws {
        let scratch = try Scratch()
        try withSession(scratch) { session in
            for (options, sides) in [
                (["--two-up"], [["1l", "2r"], ["3l", "4r"], ["5l", "6r"]]),
                (["--two-up", "--cover"], [["1r"], ["2l", "3r"], ["4l", "5r"], ["6l"]]),
            ] {
                let expected = try session.views(LayoutRun.mixed, options)
                #expect(expected.map { $0.map(\.description) } == sides)
                let epub = try session.epub(
                    LayoutRun.mixed, options + ["--dpi", "24"], named: "mixed-\(options.count).epub")
                let (forward, backward) = try session.walk(epub)
                #expect(forward == expected, "\(options)")
                #expect(backward == expected.reversed(), "\(options)")
            }
        }
    }

    /// `--alone 1,2`: both pages alone on the right, as chapter openers; page 1 must be the
    /// first shown and page 2 the next.
    @Test func aloneOpenersOnTheRight() throws {
        let scratch = try Scratch()
        let pdf = try Self.textBook(Array(repeating: (595, 842), count: 8), named: "alone.pdf", in: scratch.folder)
        try withSession(scratch) { session in
            let expected = try session.views(pdf, ["--two-up", "--alone", "1,2"])
            #expect(
                expected.map { $0.map(\.description) } == [["1r"], ["2r"], ["3l", "4r"], ["5l", "6r"], ["7l", "8r"]])
            let epub = try session.epub(pdf, ["--two-up", "--alone", "1,2"], named: "alone.epub")
            let (forward, backward) = try session.walk(epub)
            #expect(forward == expected)
            #expect(backward == expected.reversed())
            try session.expectSearch(epub, finds: [1, 2, 5, 8], pageCount: 8)
        }
    }

    /// Right to left (`--rtl --cover`): the cover alone on the left, then each spread's first page
    /// on the right; foliate-js's `next()` must go the book's way.
    @Test func rightToLeftBook() throws {
        let scratch = try Scratch()
        let pdf = try Self.textBook(Array(repeating: (595, 842), count: 7), named: "rtl.pdf", in: scratch.folder)
        try withSession(scratch) { session in
            let options = ["--two-up", "--cover", "--rtl"]
            let expected = try session.views(pdf, options)
            #expect(expected.map { $0.map(\.description) } == [["1l"], ["3l", "2r"], ["5l", "4r"], ["7l", "6r"]])
            let epub = try session.epub(pdf, options, named: "rtl.epub")
            let (forward, backward) = try session.walk(epub)
            #expect(forward == expected)
            #expect(backward == expected.reversed())
            try session.expectSearch(epub, finds: [1, 2, 7], pageCount: 7)
        }
    }

    /// A 324-page book with a cover: 162 spreads to walk, the last page alone on the left.
    @Test func lastPageOfALongBook() throws {
        let scratch = try Scratch()
        let pdf = try Self.textBook(Array(repeating: (595, 842), count: 324), named: "long.pdf", in: scratch.folder)
        try withSession(scratch) { session in
            let options = ["--two-up", "--cover"]
            let expected = try session.views(pdf, options)
            #expect(expected.count == 163)
            #expect(expected.last?.map(\.description) == ["324l"])
            let epub = try session.epub(pdf, options + ["--dpi", "12"], named: "long.epub")
            let (forward, _) = try session.walk(epub, back: false)
            #expect(forward == expected)
            try session.expectSearch(epub, finds: [2, 323, 324], pageCount: 324)
        }
    }

    /// A real text book (hyperref's manual, 63 pages): on a few pages, a word that pdftotext finds
    /// nowhere else in the PDF; foliate-js's search must find it once, on that page.
    @Test func manualWordsFoundOnTheirPages() throws {
        let scratch = try Scratch()
        let pdf = Fixtures.asset("hyperref-manual.pdf")
        let pages = try run("pdftotext", ["-layout", pdf, "-"]).text.components(separatedBy: "\u{0C}")
        let whole = pages.joined(separator: " ").lowercased()
        var words: [Int: String] = [:]
        for page in [1, 9, 30, 63] {
            let candidates = pages[page - 1].split { !$0.isLetter || !$0.isASCII }.map(String.init)
            words[page] = candidates.first {
                $0.count >= 8 && whole.components(separatedBy: $0.lowercased()).count == 2
            }
        }
        try #require(words.count == 4, "no word found on one page only: \(words)")
        try withSession(scratch) { session in
            let epub = try session.epub(pdf, ["--two-up", "--dpi", "24"], named: "manual.epub")
            try session.open(epub)
            for (page, word) in words.sorted(by: { $0.key < $1.key }) {
                try session.expectSearch(word, on: page, in: epub)
            }
        }
    }

    /// The pages of centred views that directly follow another centred view's (foliate-js's loss).
    static func centredBeforeCentred(_ views: [[Shown]]) -> [Int] {
        zip(views, views.dropFirst()).compactMap { view, next in
            view.count == 1 && view[0].side == "center" && next.count == 1 && next[0].side == "center"
                ? view[0].page : nil
        }
    }

    /// A PDF whose page N (of the given sizes, in points) says "Page N" and the word `Self.word(N)`
    /// in Helvetica, which poppler extracts as text.
    static func textBook(_ sizes: [(Double, Double)], named name: String, in folder: URL) throws -> String {
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ]
        var kids: [Int] = []
        for (index, size) in sizes.enumerated() {
            let content = "BT /F1 24 Tf 72 \(Int(size.1) - 120) Td (Page \(index + 1) \(word(index + 1))) Tj ET"
            kids.append(objects.count + 1)
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size.0) \(size.1)] "
                    + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(objects.count + 2) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects[1] =
            "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>"
        return try LayoutRun.writePDF(objects: objects, named: name, in: folder)
    }

    /// A word found on page `page` alone (no page's word is a prefix of another's).
    static func word(_ page: Int) -> String { "seek\(page)z" }

    private func withSession(_ scratch: Scratch, _ body: (FoliateSession) throws -> Void) throws {
        let session = try FoliateSession(in: scratch.folder)
        defer { session.close() }
        try body(session)
    }
}

/// foliate-js served over HTTP (ES modules do not load from file://) with a harness page around
/// its `<foliate-view>`, pdflayout's EPUBs beside it, and a headless Chromium reading them.
final class FoliateSession {
    /// The foliate-js commit the expectations were checked against (2026-05-01).
    static let commit = "78914aef4466eb960965702401634c2cb348e9b1"
    /// Where the search tool's `fetch` leaves the repository's git directory on this machine.
    static let mirror = "/work/.mirror/johnfactotum+foliate-js/repo"
    /// The modules a fixed-layout EPUB and a search load (view.js imports the rest only for
    /// other formats).
    static let modules = [
        "view.js", "epub.js", "epubcfi.js", "progress.js", "overlayer.js", "text-walker.js", "fixed-layout.js",
        "search.js", "vendor/zip.js",
    ]

    let site: URL
    private let server: Process
    private let port: Int
    let browser: Browser

    init(in folder: URL) throws {
        site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Self.installFoliate(into: site.appendingPathComponent("foliate"))
        try Data(Self.harness.utf8).write(to: site.appendingPathComponent("harness.html"))
        port = try HTTP.freePort()
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-m", "http.server", "\(port)", "--bind", "127.0.0.1", "--directory", site.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        do {
            try Self.waitForServer(server, port: port)
            browser = try Browser(width: 1200, height: 800, lifetime: 280)
        } catch {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
            throw error
        }
    }

    /// Waits until the server answers for the harness page; an error if it exits or stays silent.
    private static func waitForServer(_ server: Process, port: Int) throws {
        let started = Date()
        while true {
            guard server.isRunning else { throw BrowserError("python3 -m http.server exited: is python3 on PATH?") }
            if (try? HTTP.exchange(port: port, method: "GET", path: "/harness.html", body: Data(), timeout: 2)) != nil {
                return
            }
            guard Date().timeIntervalSince(started) < 20 else { throw BrowserError("python3 -m http.server is silent") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    func close() {
        browser.close()
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    /// foliate-js's modules at `commit`, from FOLIATE_JS (a checkout or a git directory) or the
    /// mirror; an error naming both when neither holds them.
    static func installFoliate(into folder: URL) throws {
        let source = ProcessInfo.processInfo.environment["FOLIATE_JS"] ?? mirror
        let manager = FileManager.default
        if manager.fileExists(atPath: source + "/view.js") {
            try manager.createDirectory(at: folder.appendingPathComponent("vendor"), withIntermediateDirectories: true)
            for module in modules {
                try manager.copyItem(atPath: source + "/" + module, toPath: folder.appendingPathComponent(module).path)
            }
            return
        }
        let archive = try run("git", ["--git-dir=\(source)", "archive", "--format=tar", commit] + modules)
        guard archive.status == 0 else {
            throw BrowserError(
                "foliate-js \(commit) is not at \(source) (\(archive.stderr.prefix(200))): fetch "
                    + "johnfactotum/foliate-js into \(mirror), or set FOLIATE_JS to a checkout or git directory")
        }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let unpacked = try run("tar", ["-x", "-C", folder.path], stdin: archive.stdout)
        guard unpacked.status == 0 else { throw BrowserError("tar: \(unpacked.stderr)") }
    }

    /// pdflayout's views of `pdf` with `options`: each view's pages left to right, with the side
    /// of the view each page's middle is on (SpreadSides' rule).
    func views(_ pdf: String, _ options: [String]) throws -> [[FoliateReaderTests.Shown]] {
        try LayoutRun.views(try LayoutRun.json([pdf] + options)).map { view in
            let width = try LayoutRun.number(view, "width")
            return try LayoutRun.pages(view).map { page -> (Double, FoliateReaderTests.Shown) in
                let x = try LayoutRun.number(page, "x"),
                    offset = x + (try LayoutRun.number(page, "width")) / 2 - width / 2
                let side = abs(offset) < 1 ? "center" : offset < 0 ? "left" : "right"
                return (x, .init(page: try #require(page["page"] as? Int), side: side))
            }.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Writes an EPUB of `pdf` into the site; returns its name there.
    func epub(_ pdf: String, _ options: [String], named name: String) throws -> String {
        let made = try run("pdflayout", [pdf] + options + ["-o", site.appendingPathComponent(name).path, "-q"])
        try #require(made.status == 0, "pdflayout: \(made.stderr)")
        return name
    }

    /// Opens `epub` in foliate-js: the first spread it shows.
    @discardableResult
    func open(_ epub: String) throws -> [FoliateReaderTests.Shown] {
        try browser.open(URL(string: "http://127.0.0.1:\(port)/harness.html")!)
        try browser.wait(until: "return window.harnessReady === true", timeout: 20, "the harness")
        return try act("harness.open('\(epub)')")
    }

    /// Opens `epub` in foliate-js, then turns pages with `next()` until the spread stays, and (with
    /// `back`) with `prev()` from there to the first: the spreads shown each way.
    func walk(
        _ epub: String, back: Bool = true
    ) throws -> (
        forward: [[FoliateReaderTests.Shown]], backward: [[FoliateReaderTests.Shown]]
    ) {
        var forward = [try open(epub)]
        while true {
            let spread = try act("harness.next()")
            if spread == forward.last { break }
            forward.append(spread)
            try #require(forward.count < 1000, "next() never stops")
        }
        guard back else { return (forward, []) }
        var backward = [forward.last!]
        while true {
            let spread = try act("harness.prev()")
            if spread == backward.last { break }
            backward.append(spread)
            try #require(backward.count < 1000, "prev() never stops")
        }
        return (forward, backward)
    }

    /// Searches each page's word (`FoliateReaderTests.word`) in the open book.
    func expectSearch(_ epub: String, finds pages: [Int], pageCount: Int) throws {
        #expect(try browser.run("return harness.info().sections") as? Int == pageCount)
        for page in pages { try expectSearch(FoliateReaderTests.word(page), on: page, in: epub) }
    }

    /// foliate-js's search over the open book finds `word` once, on page `page`, and going to
    /// the match shows that page.
    func expectSearch(_ word: String, on page: Int, in epub: String) throws {
        let found = try #require(try runAsync("harness.search('\(word)')") as? [[String: Any]])
        #expect(found.compactMap { $0["index"] as? Int } == [page - 1], "\(word) in \(epub)")
        #expect(found.compactMap { ($0["match"] as? String)?.lowercased() } == [word.lowercased()])
        if let cfi = found.first?["cfi"] as? String {
            let shown = try shown(try runAsync("harness.goTo('\(cfi)')"))
            #expect(shown.contains { $0.page == page }, "going to \(word) shows \(shown)")
        }
    }

    /// Runs a harness action (which sets `harnessState` when its promise settles) and returns
    /// the spread shown after it.
    private func act(_ call: String) throws -> [FoliateReaderTests.Shown] {
        try shown(try runAsync(call))
    }

    private func shown(_ value: Any) throws -> [FoliateReaderTests.Shown] {
        let pages = try #require(value as? [[String: Any]], "no spread: \(value)")
        return try pages.map {
            .init(page: try #require($0["index"] as? Int) + 1, side: try #require($0["side"] as? String))
        }
    }

    private func runAsync(_ call: String) throws -> Any {
        try browser.run("\(call); return true")
        try browser.wait(until: "return window.harnessState?.done === true", timeout: 30, call)
        let state = try #require(try browser.run("return window.harnessState") as? [String: Any])
        if let error = state["error"] as? String { throw BrowserError("\(call): \(error)") }
        return state["value"] ?? NSNull()
    }

    /// The page around foliate-js's `<foliate-view>`: `harness.open/next/prev/goTo/search` each
    /// set `harnessState` when done, with the spread in view (each page's spine index and the
    /// side of the window its middle is on, left to right) or the search's matches.
    static let harness = """
        <!DOCTYPE html>
        <meta charset="utf-8">
        <title>foliate-js harness</title>
        <style>
        html, body { margin: 0; height: 100%; }
        foliate-view { display: block; width: 100vw; height: 100vh; }
        </style>
        <script type="module">
        import './foliate/view.js'
        const view = document.createElement('foliate-view')
        document.body.append(view)
        const indexOf = new WeakMap()
        const shown = () => view.renderer.getContents().flatMap(({ doc }) => {
            const frame = doc?.defaultView?.frameElement
            if (!frame || !indexOf.has(doc) || frame.style.display === 'none'
                || frame.parentElement.style.display === 'none') return []
            const box = frame.getBoundingClientRect()
            if (box.width <= 0 || box.right <= 0 || box.left >= innerWidth) return []
            const middle = box.left + box.width / 2 - innerWidth / 2
            const side = Math.abs(middle) < 2 ? 'center' : middle < 0 ? 'left' : 'right'
            return [{ index: indexOf.get(doc), side, left: box.left }]
        }).sort((a, b) => a.left - b.left).map(({ index, side }) => ({ index, side }))
        const act = async what => {
            window.harnessState = { done: false }
            try { window.harnessState = { done: true, value: await what() } }
            catch (e) { window.harnessState = { done: true, error: String(e?.stack ?? e) } }
        }
        window.harness = {
            open: url => act(async () => {
                await view.open(url)
                view.renderer.addEventListener('load', e => indexOf.set(e.detail.doc, e.detail.index))
                await view.renderer.next()
                return shown()
            }),
            next: () => act(async () => { await view.next(); return shown() }),
            prev: () => act(async () => { await view.prev(); return shown() }),
            goTo: target => act(async () => { await view.goTo(target); return shown() }),
            search: query => act(async () => {
                const found = []
                for await (const result of view.search({ query }))
                    for (const { cfi, excerpt } of result?.subitems ?? [])
                        found.push({ cfi, index: view.resolveNavigation(cfi).index, match: excerpt.match })
                return found
            }),
            info: () => ({ dir: view.book.dir, sections: view.book.sections.length }),
        }
        window.harnessReady = true
        </script>

        """
}
