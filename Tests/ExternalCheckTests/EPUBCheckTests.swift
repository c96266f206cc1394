import Foundation
import TestSupport
import Testing

/// `pdflayout BOOK.pdf [mode] [--rtl] [--cover] -o BOOK.epub` on real PDFs, every mode ×
/// direction × cover, checked by both EPUBCheck versions (zero errors, zero warnings), and the
/// spine read back from the written package: its page-progression-direction, rendition:spread,
/// and each page's side compared with the two-up geometry `pdflayout --json` prints (the page
/// further left in a two-page view is page-spread-left; a page alone in its view is centred).
/// A comic archive's EPUB joins the same EPUBCheck runs: each validator starts once for all 33
/// books (a Java start per book made this suite take several minutes; bench/ci.md).
@Suite(.tags(.external)) struct EPUBCheckTests {
    struct Case: Sendable, CustomStringConvertible {
        var pdf: String
        var extra: [String]
        var mode: String
        var rtl: Bool
        var cover: Bool
        var flags: [String] { ["--\(mode)", rtl ? "--rtl" : "--ltr", cover ? "--cover" : "--no-cover"] }
        var description: String { "\(pdf) \(flags.joined(separator: " "))" }
        var fileName: String { "\(pdf)\(flags.joined()).epub" }
    }

    static let cases: [Case] = [("book-rtl.pdf", ["--dpi", "40"]), ("hyperref-manual.pdf", ["--dpi", "30"])]
        .flatMap { pdf, extra in
            ["single", "continuous", "two-up", "two-up-continuous"].flatMap { mode in
                [false, true].flatMap { rtl in
                    [false, true].map { Case(pdf: pdf, extra: extra, mode: mode, rtl: rtl, cover: $0) }
                }
            }
        }

    @Test func everyLayoutAndAComicAreCleanForBothValidatorsWithTheirSpreads() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var books: [(name: String, path: String)] = []
        var geometries: [String: [String]] = [:]
        for item in Self.cases {
            let epub = folder.appendingPathComponent(item.fileName).path
            let made = try run("pdflayout", [Fixtures.asset(item.pdf)] + item.flags + item.extra + ["-o", epub, "-q"])
            try #require(made.status == 0, "\(item): \(made.stderr)")
            // The sides as the two-up geometry places the pages (the same for every mode).
            let geometryFlags = [item.pdf] + item.flags.dropFirst()
            let sides = try geometries[geometryFlags.joined(separator: " ")] ?? twoUpSides(item)
            geometries[geometryFlags.joined(separator: " ")] = sides
            try checkSpine(of: epub, item, twoUpSides: sides)
            books.append((item.description, epub))
        }
        let comic = folder.appendingPathComponent("comic.epub").path
        try makeComicEPUB(comic)
        books.append(("comic.cbz --two-up", comic))
        // A damaged copy in the same runs: each book's report is its own, and a missing page is found.
        let damaged = folder.appendingPathComponent("damaged.epub").path
        try FileManager.default.copyItem(atPath: comic, toPath: damaged)
        try #require(try run("zip", ["-q", "-d", damaged, "OEBPS/p0003.xhtml"]).status == 0)

        for checker in EPUBCheck.allCases {
            let reports = try checker.check(books.map(\.path) + [damaged])
            let damagedReport = try #require(reports[damaged])
            #expect(
                damagedReport.errors > 0 && damagedReport.lines.contains { $0.contains("OEBPS/p0003.xhtml") },
                "EPUBCheck \(checker.rawValue) on a book without page 3: \(damagedReport.lines)")
            for book in books {
                let report = try #require(reports[book.path])
                #expect(
                    report.clean, "\(book.name): EPUBCheck \(checker.rawValue): \(report.lines.joined(separator: "\n"))"
                )
            }
        }
    }

    /// Each page's side in two-up, from pdflayout's own placements: the half of its view the page's
    /// centre lies in, centred when it fills its view alone (a wide page).
    private func twoUpSides(_ item: Case) throws -> [String] {
        let geometry = try run(
            "pdflayout", [Fixtures.asset(item.pdf), "--two-up"] + item.flags.dropFirst() + ["--json"])
        let report = try #require(try geometry.jsonLines().first, "\(item): \(geometry.stderr)")
        var sides: [String] = []
        for view in try #require(report["views"] as? [[String: Any]]) {
            let pages = try #require(view["pages"] as? [[String: Any]])
            let half = try #require((view["width"] as? NSNumber)?.doubleValue) / 2
            for page in pages {
                let x = try #require((page["x"] as? NSNumber)?.doubleValue)
                let width = try #require((page["width"] as? NSNumber)?.doubleValue)
                let offset = x + width / 2 - half
                sides.append(
                    abs(offset) < 1
                        ? "rendition:page-spread-center" : offset < 0 ? "page-spread-left" : "page-spread-right")
            }
        }
        return sides
    }

    private func checkSpine(of epub: String, _ item: Case, twoUpSides: [String]) throws {
        let package = try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text
        #expect(package.contains("page-progression-direction=\"\(item.rtl ? "rtl" : "ltr")\""), "\(item)")
        let twoUp = item.mode.hasPrefix("two-up")
        #expect(
            package.contains("<meta property=\"rendition:spread\">\(twoUp ? "both" : "none")</meta>"), "\(item)")
        let spine = spineProperties(package)
        let expected = twoUp ? twoUpSides : twoUpSides.map { _ in "rendition:page-spread-center" }
        #expect(spine == expected, "\(item)")
        // The cover stands where a printed book has it: on the right, on the left right to left.
        if twoUp && item.cover {
            #expect(spine.first == (item.rtl ? "page-spread-left" : "page-spread-right"), "\(item)")
        }
    }

    private func spineProperties(_ package: String) -> [String] {
        package.split(separator: "\n").filter { $0.contains("<itemref ") }.map { String($0.split(separator: "\"")[3]) }
    }

    /// A comic archive in: right to left from its ComicInfo.xml, the cover on the left, pages 2 and 3
    /// paired, page 4 alone before the wide p10 on the right (mirrored), p10 centred, in natural
    /// order (p10 last).
    private func makeComicEPUB(_ epub: String) throws {
        let made = try run("pdflayout", [Fixtures.asset("comic.cbz"), "--two-up", "-o", epub, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        let package = try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text
        #expect(package.contains("page-progression-direction=\"rtl\""))
        #expect(package.contains("<dc:title>Lakes</dc:title>"))
        #expect(package.contains("<meta property=\"belongs-to-collection\" id=\"series\">Fixtures</meta>"))
        #expect(
            spineProperties(package) == [
                "page-spread-left", "page-spread-right", "page-spread-left", "page-spread-right",
                "rendition:page-spread-center",
            ])
        // Page 5 is p10.jpg, 480 pixels wide (a point per pixel at the comic's default scale).
        let last = try run("unzip", ["-p", epub, "OEBPS/p0005.xhtml"]).text
        #expect(last.contains("content=\"width=480, height=360\""))
    }
}
