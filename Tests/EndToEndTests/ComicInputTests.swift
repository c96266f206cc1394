import Foundation
import ImageTestSupport
import TestSupport
import Testing
import Vips

/// Comic archives and folders of images as pdflayout input: natural page order, ComicInfo.xml
/// (Manga YesAndRightToLeft → right to left unless --ltr, DoublePage pages alone, FrontCover
/// the cover, the title), wide pages alone; CBZ out with a ComicInfo.xml the 2.0 schema
/// validates; hostile archives refused with one line, nothing written.
@Suite(.tags(.tools)) struct ComicInputTests {
    /// Twelve portrait pages named p1.jpg … p12.jpg (p6 landscape, a scanned spread), page n
    /// 300 + n pixels wide so the JSON shows the order; a ComicInfo.xml marking image 0 the
    /// front cover, image 8 a double page, the book right to left.
    static func makeComic(in folder: URL, comicInfo: Bool = true) throws -> URL {
        let pages = try ComicPages.write(count: 12, wide: 6, png: 3, in: folder)
        if comicInfo {
            let xml = """
                <?xml version="1.0" encoding="utf-8"?>
                <ComicInfo><Title>Test Manga</Title><Series>Tests</Series><Number>1</Number>
                <LanguageISO>ja</LanguageISO><Manga>YesAndRightToLeft</Manga>
                <Pages><Page Image="0" Type="FrontCover"/><Page Image="8" DoublePage="true"/></Pages></ComicInfo>
                """
            try Data(xml.utf8).write(to: pages.appendingPathComponent("ComicInfo.xml"))
        }
        return pages
    }

    static func zipped(_ pages: URL, as name: String) throws -> String {
        let path = pages.deletingLastPathComponent().appendingPathComponent(name).path
        let made = try run("zip", ["-q", "-r", "-j", path, "."], currentDirectory: pages)
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    static func widths(_ report: [String: Any]) throws -> [[Int]] {
        try LayoutRun.views(report).map { view in
            try LayoutRun.pages(view).map { Int(try LayoutRun.number($0, "width")) }
        }
    }

    @Test func aCBZIsLaidOutInNaturalOrderWithItsComicInfo() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cbz = try Self.zipped(try Self.makeComic(in: folder), as: "book.cbz")
        let report = try LayoutRun.json([cbz, "--two-up"])
        #expect(report["direction"] as? String == "rtl")
        #expect(report["cover"] as? Bool == true)
        // 1 (cover) | 2 3 | 4 5 | 6 (wide) | 7 8 | 9 (DoublePage) | 10 11 | 12
        #expect(
            try Self.widths(report) == [[301], [302, 303], [304, 305], [900], [307, 308], [309], [310, 311], [312]])
        let ltr = try LayoutRun.json([cbz, "--two-up", "--ltr", "--no-cover"])
        #expect(ltr["direction"] as? String == "ltr")
        #expect(try Self.widths(ltr).first == [301, 302])
    }

    /// A ComicInfo.xml that cannot be used (a DOCTYPE, which is refused, or XML that is not
    /// well-formed) is named in a warning: without it a manga comes out left to right.
    @Test func anUnreadableComicInfoIsNamedInAWarning() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.makeComic(in: folder, comicInfo: false)
        let infos = [
            "<?xml version=\"1.0\"?><!DOCTYPE ComicInfo [<!ENTITY t \"x\">]><ComicInfo><Manga>YesAndRightToLeft</Manga></ComicInfo>",
            "<ComicInfo><Manga>YesAndRightToLeft</Manga>",
        ]
        for (index, xml) in infos.enumerated() {
            try Data(xml.utf8).write(to: pages.appendingPathComponent("ComicInfo.xml"))
            let cbz = try Self.zipped(pages, as: "book\(index).cbz")
            let told = try run("pdflayout", [cbz, "--two-up", "--json"])
            #expect(told.status == 0, "\(told.stderr)")
            #expect(told.stderr.contains("ComicInfo.xml is not well-formed XML or has a DOCTYPE"), "\(told.stderr)")
            #expect(told.stderr.contains("book\(index).cbz"), "\(told.stderr)")
            let report = try #require(try told.jsonLines().first)
            #expect(report["direction"] as? String == "ltr")
            let quiet = try run("pdflayout", [cbz, "--two-up", "--json", "-q"])
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        }
    }

    @Test func aFolderOfImagesIsOneComicAndInfoReadsIt() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.makeComic(in: folder)
        let report = try LayoutRun.json([pages.path, "--single"])
        #expect(try Self.widths(report).count == 12)
        let info = try run("pdflayout", ["info", pages.path, "--json"])
        try #require(info.status == 0, "\(info.stderr)")
        let record = try #require(try info.jsonLines().first)
        #expect(record["page_count"] as? Int == 12)
        #expect(record["direction"] as? String == "rtl")
        #expect(record["pdf_version"] is NSNull)
    }

    @Test(.tags(.sanitizerSmoke)) func aCBZWrittenFromALayoutValidatesAgainstTheComicInfoSchema() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.makeComic(in: folder)
        let cbz = try Self.zipped(pages, as: "book.cbz")
        let out = folder.appendingPathComponent("spreads.cbz").path
        let made = try run("pdflayout", [cbz, "--two-up", "-o", out, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try run("unzip", ["-tq", out]).status == 0)
        let xml = folder.appendingPathComponent("ComicInfo.xml").path
        let extracted = try run("unzip", ["-p", out, "ComicInfo.xml"])
        try extracted.stdout.write(to: URL(fileURLWithPath: xml))
        let valid = try run("xmllint", ["--noout", "--schema", Fixtures.asset("comicinfo/ComicInfo-2.0.xsd"), xml])
        #expect(valid.status == 0, "\(valid.stderr)")
        let text = extracted.text
        #expect(text.contains("<Manga>YesAndRightToLeft</Manga>"))
        #expect(text.contains("<Page Image=\"0\" Type=\"FrontCover\""))
        #expect(text.contains("<Page Image=\"1\" DoublePage=\"true\""))
        #expect(text.contains("<PageCount>8</PageCount>"))
        // The pages alone are the input's JPEGs as they were (p1, p6 wide, p9 double, p12); the
        // spreads, drawn, are flat greys: PNGs (EPUB's encoding). The cover is no double page.
        let coverEntry = text.components(separatedBy: "<Page Image=\"0\"").dropFirst().first?
            .prefix { $0 != ">" }
        #expect(coverEntry.map { !$0.contains("DoublePage") } == true, "\(text)")
        let cover = try run("unzip", ["-p", out, "0001.jpg"]).stdout
        #expect(cover == (try Data(contentsOf: pages.appendingPathComponent("p1.jpg"))))
        let names = try run("unzip", ["-Z1", out]).text.split(separator: "\n")
        #expect(
            names == [
                "0001.jpg", "0002.png", "0003.png", "0004.jpg", "0005.png", "0006.jpg", "0007.png", "0008.jpg",
                "ComicInfo.xml",
            ])
        // A PDF in: its spreads out, left to right.
        let fromPDF = folder.appendingPathComponent("book.cbz").path
        let pdf = try run("pdflayout", [LayoutRun.bookRTL, "--two-up", "--ltr", "--cover", "-o", fromPDF, "-q"])
        try #require(pdf.status == 0, "\(pdf.stderr)")
        let pdfInfo = try run("unzip", ["-p", fromPDF, "ComicInfo.xml"]).text
        #expect(pdfInfo.contains("<Manga>No</Manga>"))
    }
    /// `cat comic.cbz | pdflayout - …`: an archive on standard input is known by its first bytes
    /// and laid out as the same comic as the file (ComicInfo's direction and title included), for
    /// info too; a damaged one is refused with one line naming <stdin>, nothing written.
    /// An empty archive says the same on standard input as by name: no images, not "not a PDF".
    @Test func anEmptyArchiveHasNoImagesByNameAndOnStandardInput() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.cbz")
        // The end-of-central-directory record alone: what zip writes for an archive of nothing.
        try Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)).write(to: empty)
        let named = try run("pdflayout", [empty.path, "--two-up", "--json"])
        let piped = try run("pdflayout", ["-", "--two-up", "--json"], stdin: try Data(contentsOf: empty))
        for result in [named, piped] {
            #expect(result.status != 0)
            #expect(result.stderr.contains("no images to lay out"), "\(result.stderr)")
        }
    }

    @Test func aComicArchiveOnStandardInputIsTheSameComic() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Fixtures.asset("comic.cbz")
        let cbz = try Data(contentsOf: URL(fileURLWithPath: path))
        let piped = try run("pdflayout", ["-", "--two-up", "--json"], stdin: cbz)
        try #require(piped.status == 0, "\(piped.stderr)")
        let report = try #require(try piped.jsonLines().first)
        #expect(report["direction"] as? String == "rtl")
        #expect(try Self.widths(report) == (try Self.widths(try LayoutRun.json([path, "--two-up"]))))
        #expect(try Self.widths(report).joined().count == 5)

        let info = try run("pdflayout", ["info", "-", "--json"], stdin: cbz)
        try #require(info.status == 0, "\(info.stderr)")
        let record = try #require(try info.jsonLines().first)
        #expect(record["page_count"] as? Int == 5)
        #expect(record["direction"] as? String == "rtl")
        #expect(record["pdf_version"] is NSNull)

        let epub = folder.appendingPathComponent("comic.epub").path
        let made = try run("pdflayout", ["-", "--two-up", "-o", epub, "-q"], stdin: cbz)
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text.contains("<dc:title>Lakes</dc:title>"))

        let cutOutput = folder.appendingPathComponent("cut.epub").path
        let cut = try run("pdflayout", ["-", "--two-up", "-o", cutOutput], stdin: cbz.prefix(cbz.count * 2 / 3))
        #expect(cut.status == 1)
        #expect(cut.stderr.split(separator: "\n").count == 1, "\(cut.stderr)")
        #expect(cut.stderr.contains("<stdin>: damaged archive"), "\(cut.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cutOutput))
    }
}
