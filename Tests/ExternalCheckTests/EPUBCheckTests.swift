import Foundation
import TestSupport
import Testing

/// `pdflayout BOOK.pdf [mode] [--rtl] [--cover] -o BOOK.epub` on real PDFs, every mode ×
/// direction × cover, checked by both EPUBCheck versions (zero errors, zero warnings), and the
/// spine read back from the written package: its page-progression-direction, rendition:spread,
/// and each page's side compared with the two-up geometry `pdflayout --json` prints (the page
/// further left in a two-page view is page-spread-left; a page alone in its view is centred).
@Suite struct EPUBCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pdf: String
        var extra: [String]
        var mode: String
        var rtl: Bool
        var cover: Bool
        var testDescription: String {
            "\(pdf) --\(mode) \(rtl ? "--rtl" : "--ltr") \(cover ? "--cover" : "--no-cover")"
        }
    }

    static let cases: [Case] = [("book-rtl.pdf", ["--dpi", "40"]), ("hyperref-manual.pdf", ["--dpi", "30"])]
        .flatMap { pdf, extra in
            ["single", "continuous", "two-up", "two-up-continuous"].flatMap { mode in
                [false, true].flatMap { rtl in
                    [false, true].map { Case(pdf: pdf, extra: extra, mode: mode, rtl: rtl, cover: $0) }
                }
            }
        }

    @Test(arguments: cases) func everyLayoutIsCleanForBothValidatorsWithItsSpreads(_ item: Case) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let epub = folder.appendingPathComponent("book.epub").path
        let flags = ["--\(item.mode)", item.rtl ? "--rtl" : "--ltr", item.cover ? "--cover" : "--no-cover"]
        let made = try run("pdflayout", [Fixtures.asset(item.pdf)] + flags + item.extra + ["-o", epub, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        for checker in EPUBCheck.allCases {
            let report = try checker.check(epub)
            #expect(report.clean, "EPUBCheck \(checker.rawValue): \(report.lines.joined(separator: "\n"))")
        }

        let package = try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text
        #expect(package.contains("page-progression-direction=\"\(item.rtl ? "rtl" : "ltr")\""))
        let twoUp = item.mode.hasPrefix("two-up")
        #expect(package.contains("<meta property=\"rendition:spread\">\(twoUp ? "both" : "none")</meta>"))
        let spine = package.split(separator: "\n").filter { $0.contains("<itemref ") }.map { line in
            String(line.split(separator: "\"")[3])
        }
        // The sides as the two-up geometry places the pages.
        let geometry = try run("pdflayout", [Fixtures.asset(item.pdf), "--two-up"] + flags.dropFirst() + ["--json"])
        let report = try #require(try geometry.jsonLines().first)
        var expected: [String] = []
        for view in try #require(report["views"] as? [[String: Any]]) {
            let pages = try #require(view["pages"] as? [[String: Any]])
            guard twoUp, pages.count == 2 else {
                expected += pages.map { _ in "rendition:page-spread-center" }
                continue
            }
            let x = pages.map { ($0["x"] as? NSNumber)?.doubleValue ?? 0 }
            expected +=
                x[0] < x[1] ? ["page-spread-left", "page-spread-right"] : ["page-spread-right", "page-spread-left"]
        }
        #expect(spine == expected)
        if twoUp && item.cover { #expect(spine.first == "rendition:page-spread-center") }
    }

    /// A comic archive in: right to left from its ComicInfo.xml, the cover and the double page
    /// centred, the pages between paired, in natural order (p10 last), clean for both validators.
    @Test func aComicArchiveBecomesACleanRightToLeftEPUB() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let epub = folder.appendingPathComponent("comic.epub").path
        let made = try run("pdflayout", [Fixtures.asset("comic.cbz"), "--two-up", "-o", epub, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        for checker in EPUBCheck.allCases {
            let report = try checker.check(epub)
            #expect(report.clean, "EPUBCheck \(checker.rawValue): \(report.lines.joined(separator: "\n"))")
        }
        let package = try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text
        #expect(package.contains("page-progression-direction=\"rtl\""))
        #expect(package.contains("<dc:title>Lakes</dc:title>"))
        #expect(package.contains("<meta property=\"belongs-to-collection\" id=\"series\">Fixtures</meta>"))
        let spine = package.split(separator: "\n").filter { $0.contains("<itemref ") }.map {
            String($0.split(separator: "\"")[3])
        }
        #expect(
            spine == [
                "rendition:page-spread-center", "page-spread-right", "page-spread-left", "rendition:page-spread-center",
                "rendition:page-spread-center",
            ])
        // Page 5 is p10.jpg, 480 pixels wide (a point per pixel at the comic's default scale).
        let last = try run("unzip", ["-p", epub, "OEBPS/p0005.xhtml"]).text
        #expect(last.contains("content=\"width=480, height=360\""))
    }
}
