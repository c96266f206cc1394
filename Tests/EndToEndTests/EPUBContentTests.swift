import Foundation
import TestSupport
import Testing

/// What an EPUB carries for a reader, beyond its structure (EPUBCheckTests): each page's text laid
/// over its image (searchable, selectable), each page's image encoded by what it holds (a palette
/// PNG for text, a JPEG for a photograph), and the PDF's /Author as the book's creator.
@Suite(.tags(.tools)) struct EPUBContentTests {
    static func entries(_ epub: String) throws -> [String] {
        try run("unzip", ["-Z1", epub]).text.split(separator: "\n").map(String.init)
    }

    @Test func aTextBookKeepsItsTextItsAuthorAndSharpPages() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let epub = folder.appendingPathComponent("manual.epub").path
        let pdf = Fixtures.asset("hyperref-manual.pdf")
        let made = try run("pdflayout", [pdf, "--two-up", "--pages", "1-4", "-o", epub, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        let images = try Self.entries(epub).filter { $0.hasPrefix("OEBPS/images/") }
        #expect(images.count == 4 && images.allSatisfy { $0.hasSuffix(".png") }, "\(images)")
        // The words poppler's pdftotext reads on page 3 are in its page's text layer.
        let page = try run("unzip", ["-p", epub, "OEBPS/p0003.xhtml"]).text
        #expect(page.contains("<svg") && page.contains("lengthAdjust=\"spacingAndGlyphs\""))
        let text = try run("pdftotext", ["-f", "3", "-l", "3", pdf, "-"]).text
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            .filter { $0.count > 6 && $0.allSatisfy(\.isLetter) }
        #expect(words.count > 20)
        let missing = words.filter { !page.contains(">\($0)</text>") }
        #expect(missing.count * 20 <= words.count, "\(missing.count) of \(words.count) words missing: \(missing)")
        let package = try run("unzip", ["-p", epub, "OEBPS/package.opf"]).text
        let author = try run("pdfinfo", [pdf]).text.split(separator: "\n")
            .first { $0.hasPrefix("Author:") }.map {
                $0.dropFirst("Author:".count).trimmingCharacters(in: .whitespaces)
            }
        let creator = try #require(author)
        #expect(package.contains("<dc:creator>\(creator)</dc:creator>"), "\(package)")
    }

    @Test func aPhotographStaysAJPEG() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for (index, name) in ["horizon-lake.jpg", "tilted-lake.jpg"].enumerated() {
            try FileManager.default.copyItem(
                atPath: Fixtures.asset(name), toPath: pages.appendingPathComponent("p\(index + 1).jpg").path)
        }
        let epub = folder.appendingPathComponent("photos.epub").path
        let made = try run("pdflayout", [pages.path, "--single", "-o", epub, "-q"])
        try #require(made.status == 0, "\(made.stderr)")
        let images = try Self.entries(epub).filter { $0.hasPrefix("OEBPS/images/") }
        #expect(images.count == 2 && images.allSatisfy { $0.hasSuffix(".jpg") }, "\(images)")
    }
}
