import Foundation
import PageLayout
import Publication
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

// The EPUB text itself; EPUBCheck checks whole books in ExternalCheckTests (EPUBCheckTests).
@Suite(.tags(.fast)) struct FixedLayoutBookTests {
    func book(_ sides: [SpreadSide], rtl: Bool = false) -> FixedLayoutBook {
        var book = FixedLayoutBook(
            identifier: "urn:uuid:00000000-0000-4000-8000-000000000000", title: "A & B <manga>", language: "ja",
            modified: "2026-01-02T03:04:05Z", rightToLeft: rtl, spread: .both,
            pages: sides.enumerated().map { .init(width: 800, height: 1200, side: $1, label: "\($0 + 1)") })
        book.contents = [.init(title: "Chapter \"1\"", page: 1, children: [.init(title: "Part", page: 2)])]
        return book
    }

    @Test func spineStatesDirectionAndOneSidePerPage() {
        let package = book([.center, .right, .left], rtl: true).packageDocument()
        #expect(package.contains("<spine page-progression-direction=\"rtl\">"))
        #expect(package.contains("<itemref idref=\"page-1\" properties=\"rendition:page-spread-center\"/>"))
        #expect(package.contains("<itemref idref=\"page-2\" properties=\"page-spread-right\"/>"))
        #expect(package.contains("<itemref idref=\"page-3\" properties=\"page-spread-left\"/>"))
        #expect(package.contains("<meta property=\"rendition:layout\">pre-paginated</meta>"))
        #expect(package.contains("<meta property=\"rendition:spread\">both</meta>"))
        #expect(package.contains("properties=\"cover-image\""))
        #expect(package.contains("<dc:title>A &amp; B &lt;manga&gt;</dc:title>"))
        #expect(package.contains("<meta property=\"dcterms:modified\">2026-01-02T03:04:05Z</meta>"))
    }

    @Test func everyPageHasAViewportOfItsImageSize() {
        let page = book([.center]).pageDocument(at: 0)
        #expect(page.contains("<meta name=\"viewport\" content=\"width=800, height=1200\"/>"))
        #expect(page.contains("<img src=\"images/p0001.jpg\""))
    }

    @Test func aPageWithTextHasAnInvisibleTextLayerOfItsWordsInTheirBoxes() throws {
        var book = book([.left, .right])
        book.pages[0].words = [
            .init(text: "Q&A", x: 100, y: 200, width: 60, height: 20),
            .init(text: "Spine", x: 10, y: 300, width: 16, height: 80, run: .up),
        ]
        book.pages[0].imageType = "image/png"
        book.creators = ["Heiko Oberdiek"]
        let page = book.pageDocument(at: 0)
        #expect(page.contains("<img src=\"images/p0001.png\""))
        // Across: stretched to its box, the baseline a fifth above the bottom.
        #expect(page.contains("<text x=\"100\" y=\"216\" font-size=\"20\" textLength=\"60\""), "\(page)")
        #expect(page.contains(">Q&amp;A</text>"))
        // Up a column: from the box's bottom, turned back a quarter.
        #expect(page.contains("transform=\"rotate(-90 22.8 380)\">Spine</text>"), "\(page)")
        #expect(XMLParser(data: Data(page.utf8)).parse(), "\(page)")
        #expect(!book.pageDocument(at: 1).contains("<svg"), "a page without text has no layer")
        let package = book.packageDocument()
        #expect(package.contains("href=\"p0001.xhtml\" media-type=\"application/xhtml+xml\" properties=\"svg\"/>"))
        #expect(package.contains("href=\"p0002.xhtml\" media-type=\"application/xhtml+xml\"/>"))
        #expect(package.contains("href=\"images/p0001.png\" media-type=\"image/png\""))
        #expect(package.contains("<dc:creator>Heiko Oberdiek</dc:creator>"))
        #expect(FixedLayoutBook.style.contains("fill: transparent"))
    }

    @Test func navigationHoldsTheOutlineAndThePageList() throws {
        let nav = book([.center, .left, .right]).navigationDocument()
        #expect(nav.contains("<a href=\"p0002.xhtml\">Chapter &quot;1&quot;</a>"))
        #expect(nav.contains("<li><a href=\"p0003.xhtml\">Part</a></li>"))
        #expect(nav.contains("epub:type=\"page-list\""))
        #expect(nav.contains("<li><a href=\"p0003.xhtml\">3</a></li>"))
        // Well-formed XML, as every document of the book.
        for text in [
            nav, book([.left]).packageDocument(), book([.left]).pageDocument(at: 0), FixedLayoutBook.container,
        ] {
            #expect(XMLParser(data: Data(text.utf8)).parse(), "\(text)")
        }
    }

    @Test func languageTagsAreWellFormedOrUndetermined() {
        #expect(LanguageTag.tag("en_US") == "en-US")
        #expect(LanguageTag.tag("ja") == "ja")
        #expect(LanguageTag.tag("zh-Hant-TW") == "zh-Hant-TW")
        #expect(LanguageTag.tag("") == "und")
        #expect(LanguageTag.tag("English (UK)") == "und")
        #expect(LanguageTag.tag(nil) == "und")
    }

    @Test func naturalOrderCountsPagesAsNumbers() {
        let names = ["p10.jpg", "p2.jpg", "P1.jpg", "p01.jpg", "cover.jpg", "p2a.jpg", "ch2/p1.jpg", "ch10/p1.jpg"]
        #expect(
            names.sorted(by: NaturalOrder.precedes) == [
                "ch2/p1.jpg", "ch10/p1.jpg", "cover.jpg", "P1.jpg", "p01.jpg", "p2.jpg", "p2a.jpg", "p10.jpg",
            ])
    }
}

@Suite(.tags(.fast)) struct ComicInfoTests {
    let sample = """
        <?xml version="1.0"?>
        <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <Title>The Start</Title><Series>Saga &amp; Co</Series><Number>3</Number>
          <LanguageISO>ja</LanguageISO><Manga>YesAndRightToLeft</Manga>
          <Pages>
            <Page Image="0" Type="FrontCover" ImageWidth="800" ImageHeight="1200"/>
            <Page Image="5" DoublePage="true"/>
            <Page Image="7" Type="Story Advertisement" DoublePage="True"/>
            <Page Image="-1" Type="Story"/>
          </Pages>
        </ComicInfo>
        """

    @Test func readsDirectionCoverDoublePagesAndTitles() throws {
        let info = try #require(ComicInfo(xml: Array(sample.utf8)))
        #expect(info.title == "The Start")
        #expect(info.series == "Saga & Co")
        #expect(info.isRightToLeft)
        #expect(info.frontCover == 0)
        #expect(info.doublePages == [5, 7])
        #expect(info.pages.count == 3)
        #expect(info.pages[2].type == "Story")
    }

    @Test func notComicInfoIsNil() {
        #expect(ComicInfo(xml: Array("<html/>".utf8)) == nil)
        #expect(ComicInfo(xml: Array("<ComicInfo><Title>".utf8)) == nil)
        #expect(ComicInfo(xml: []) == nil)
    }

    @Test func writtenXMLReadsBackTheSame() throws {
        var info = ComicInfo()
        info.title = "A <b>"
        info.manga = .yesAndRightToLeft
        info.pageCount = 2
        info.pages = [.init(image: 0, type: "FrontCover", width: 10, height: 20), .init(image: 1, doublePage: true)]
        let read = try #require(ComicInfo(xml: Array(info.xml().utf8)))
        #expect(read == info)
    }
}
