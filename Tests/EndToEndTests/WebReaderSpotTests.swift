import Foundation
import TestSupport
import Testing

/// The reader's search and table of contents go to the spot (the hit, the heading), not to the top
/// of its page: checked in headless Chromium on hyperref's manual, from what the stage shows.
extension WebReaderTests {
    /// A word of the PDF with its page and its box in points (top-left origin), from pdftotext -bbox.
    struct PlacedWord {
        var text: String
        var page: Int
        var x, y, width, height: Double
        var pageWidth, pageHeight: Double
    }

    /// Every word of `pdf` as pdftotext places it.
    static func placedWords(_ pdf: String) throws -> [PlacedWord] {
        let result = try run("pdftotext", ["-bbox", pdf, "-"])
        try #require(result.status == 0, "pdftotext: \(result.stderr)")
        var words: [PlacedWord] = []
        var page = 0, pageWidth = 0.0, pageHeight = 0.0
        for line in result.text.split(separator: "\n") {
            let fields = Self.attributes(String(line))
            if line.contains("<page ") {
                page += 1
                pageWidth = fields["width"] ?? 0
                pageHeight = fields["height"] ?? 0
            } else if line.contains("<word "), let x0 = fields["xMin"], let y0 = fields["yMin"],
                let x1 = fields["xMax"], let y1 = fields["yMax"],
                let start = line.firstIndex(of: ">"), let end = line.range(of: "</word>")
            {
                let text = String(line[line.index(after: start)..<end.lowerBound])
                words.append(
                    PlacedWord(
                        text: text, page: page, x: x0, y: y0, width: x1 - x0, height: y1 - y0, pageWidth: pageWidth,
                        pageHeight: pageHeight))
            }
        }
        return words
    }

    private static func attributes(_ line: String) -> [String: Double] {
        var result: [String: Double] = [:]
        let pattern = try! NSRegularExpression(pattern: #"(\w+)="([0-9.]+)""#)
        for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
            if let name = Range(match.range(at: 1), in: line), let value = Range(match.range(at: 2), in: line) {
                result[String(line[name])] = Double(line[value])
            }
        }
        return result
    }

    /// A long word found on one page only, once, from page 20 on, in the part of the page `where`
    /// accepts; "found" as the reader's search finds: anywhere in the page's words, within longer
    /// words too.
    static func uniqueWord(in words: [PlacedWord], where accepts: (PlacedWord) -> Bool) throws -> PlacedWord {
        var pageText: [Int: String] = [:]
        for word in words { pageText[word.page, default: ""] += word.text.lowercased() + " " }
        let candidates = words.filter { word in
            guard word.text.count >= 9, word.text.allSatisfy(\.isLetter), word.page >= 20, accepts(word) else {
                return false
            }
            let wanted = word.text.lowercased()
            let holding = pageText.filter { $0.value.contains(wanted) }
            return holding.count == 1 && holding[word.page]?.components(separatedBy: wanted).count == 2
        }
        return try #require(candidates.sorted { ($0.page, $0.text) < ($1.page, $1.text) }.first)
    }

    /// The search's hit on `page`, and whether its box lies inside the stage's visible rectangle.
    static func hitIsInSight(_ browser: Browser, page: Int) throws -> (inSight: Bool, detail: String) {
        try browser.wait(
            until: "return !!document.querySelector('.page[data-page=\"\(page)\"] .text-layer span.hit')",
            "the hit's text layer")
        let box = try #require(
            try browser.run(
                """
                const s = document.querySelector('.page[data-page="\(page)"] .text-layer span.hit').getBoundingClientRect();
                const t = document.getElementById('stage').getBoundingClientRect();
                return [s.left, s.top, s.right, s.bottom, t.left, t.top, t.left + document.getElementById('stage').clientWidth,
                  t.top + document.getElementById('stage').clientHeight];
                """) as? [Double])
        let inSight = box[0] >= box[4] && box[1] >= box[5] && box[2] <= box[6] && box[3] <= box[7]
        return (inSight, "hit \(box[0...3]) stage \(box[4...7])")
    }

    /// In a continuous column at the window's width, a word low on its page is below the screen
    /// when the page's top is shown; the search brings the word itself into sight, also zoomed in
    /// (where the word, right of the middle, is also beyond the stage's right edge).
    @Test func searchShowsTheHitNotThePagesTop() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let words = try Self.placedWords(manual)
        let low = try Self.uniqueWord(in: words) { $0.y > $0.pageHeight * 0.6 && $0.x < $0.pageWidth * 0.4 }
        let lowRight = try Self.uniqueWord(in: words) {
            $0.y > $0.pageHeight * 0.6 && $0.x > $0.pageWidth * 0.55
        }
        let url = try Self.writeReader(manual, ["--continuous", "--dpi", "36"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        try browser.type(low.text + Browser.Key.enter.rawValue, into: "#search-text")
        try browser.wait(until: "return location.hash === '#page=\(low.page)'", "the search to reach page \(low.page)")
        let found = try Self.hitIsInSight(browser, page: low.page)
        #expect(found.inSight, "\(low.text) on page \(low.page): \(found.detail)")
        // The page's top is out of sight: the test would fail if the reader went there.
        let pageTop = try #require(
            try browser.run(
                "return document.querySelector('.page[data-page=\"\(low.page)\"]').getBoundingClientRect().top - document.getElementById('stage').getBoundingClientRect().top"
            ) as? Double)
        #expect(pageTop < 0, "the page's top is at \(pageTop)")

        // Zoomed in about 2.4 times: the page is wider than the stage.
        for _ in 0..<4 { try browser.run("document.getElementById('zoom-in').click()") }
        try browser.run("document.getElementById('search-text').value = ''")
        try browser.type(lowRight.text + Browser.Key.enter.rawValue, into: "#search-text")
        try browser.wait(
            until: "return location.hash === '#page=\(lowRight.page)'", "the search to reach page \(lowRight.page)")
        let zoomed = try Self.hitIsInSight(browser, page: lowRight.page)
        #expect(zoomed.inSight, "\(lowRight.text) on page \(lowRight.page), zoomed: \(zoomed.detail)")
        #expect(try browser.run("return document.getElementById('stage').scrollLeft") as? Double ?? 0 > 0)
    }

    /// One page at a time, zoomed in: the search scrolls the view to the hit.
    @Test func searchShowsTheHitOnAZoomedPage() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let words = try Self.placedWords(manual)
        let word = try Self.uniqueWord(in: words) { $0.y > $0.pageHeight * 0.7 && $0.x > $0.pageWidth * 0.5 }
        let url = try Self.writeReader(manual, ["--single", "--dpi", "24"], in: scratch)
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        for _ in 0..<5 { try browser.run("document.getElementById('zoom-in').click()") }
        try browser.type(word.text + Browser.Key.enter.rawValue, into: "#search-text")
        try browser.wait(
            until: "return location.hash === '#page=\(word.page)'", "the search to reach page \(word.page)")
        let found = try Self.hitIsInSight(browser, page: word.page)
        #expect(found.inSight, "\(word.text) on page \(word.page): \(found.detail)")
    }

    /// The table of contents goes to the heading: an entry whose heading is low on its page brings
    /// that heading to the top of the stage, with its words in sight (layout.json gives `top`).
    @Test func contentsGoToTheHeadingNotThePagesTop() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let url = try Self.writeReader(manual, ["--continuous", "--dpi", "36"], in: scratch)
        let layout = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent("layout.json")))
                as? [String: Any])
        func flat(_ entries: [[String: Any]]) -> [[String: Any]] {
            entries.flatMap { [$0] + flat($0["children"] as? [[String: Any]] ?? []) }
        }
        let entries = flat(try #require(layout["outline"] as? [[String: Any]]))
        let withTop = entries.filter { $0["top"] is Double }
        #expect(withTop.count >= 80, "\(withTop.count) of \(entries.count) entries have a top")
        #expect(withTop.allSatisfy { ($0["top"] as? Double ?? -1) >= 0 && ($0["top"] as? Double ?? 999) <= 792 })
        // A heading in the lower half of a page past the first ones, with a title of words.
        let entry = try #require(
            withTop.first {
                ($0["page"] as? Int ?? 0) >= 10 && ($0["top"] as? Double ?? 0) > 450
                    && ($0["title"] as? String ?? "").split(separator: " ").contains { $0.count >= 6 }
            })
        let page = try #require(entry["page"] as? Int), title = try #require(entry["title"] as? String)
        let key = try #require(
            title.split(separator: " ").map(String.init).filter { $0.allSatisfy(\.isLetter) }.max {
                $0.count < $1.count
            })
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(url)
        try browser.run("document.getElementById('contents-button').click()")
        let index = try #require(entries.firstIndex { $0["title"] as? String == title && $0["page"] as? Int == page })
        try browser.run("document.querySelectorAll('#contents a, #contents span')[\(index)].click()")
        try browser.wait(until: "return location.hash === '#page=\(page)'", "the contents to reach page \(page)")
        try browser.wait(
            until: "return !!document.querySelector('.page[data-page=\"\(page)\"] .text-layer span')", "the text layer")
        // The words on screen in the stage's top third: the heading's are among them.
        let seen = try #require(
            try browser.run(
                """
                const t = document.getElementById('stage').getBoundingClientRect();
                const bottom = t.top + document.getElementById('stage').clientHeight / 3;
                return [...document.querySelectorAll('.page[data-page="\(page)"] .text-layer span')]
                  .filter(s => { const r = s.getBoundingClientRect(); return r.top >= t.top && r.bottom <= bottom; })
                  .map(s => s.textContent.trim());
                """) as? [String])
        #expect(seen.contains(key), "\(title) (top \(entry["top"] ?? "")) on page \(page): \(seen.prefix(30))")
    }
}
