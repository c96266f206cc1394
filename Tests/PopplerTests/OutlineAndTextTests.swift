import Foundation
import TestSupport
import Testing

@testable import Poppler

@Suite(.tags(.fast)) struct OutlineAndTextTests {
    /// hyperref's manual: 91 outline entries (Assets/LICENSES.md) going to named destinations in
    /// a /Names tree, but for the last six (the sources' part: other files and URIs, no page).
    @Test func outlineOfTheHyperrefManual() throws {
        let document = try Document(path: Fixtures.asset("hyperref-manual.pdf"))
        let outline = document.outline
        func all(_ entries: [OutlineEntry]) -> [OutlineEntry] { entries.flatMap { [$0] + all($0.children) } }
        let entries = all(outline)
        #expect(entries.count == 91)
        #expect(entries.filter { $0.page == nil }.map(\.title).first == "Hyperref manual")
        #expect(entries.prefix(85).allSatisfy { $0.page != nil } && entries.dropFirst(85).allSatisfy { $0.page == nil })
        #expect(entries.allSatisfy { ($0.page ?? 1) >= 1 && ($0.page ?? 1) <= 63 && !$0.title.isEmpty })
        // Entries come in page order in this manual.
        let pages = entries.compactMap(\.page)
        #expect(pages == pages.sorted())
        #expect(outline.count < entries.count, "nested")
    }

    /// hyperref's destinations are /XYZ with a top: each entry with a page names its spot, a height
    /// on the page measured from the crop box's top edge.
    @Test func outlineEntriesNameTheSpotOnTheirPage() throws {
        let document = try Document(path: Fixtures.asset("hyperref-manual.pdf"))
        func all(_ entries: [OutlineEntry]) -> [OutlineEntry] { entries.flatMap { [$0] + all($0.children) } }
        let entries = all(document.outline).filter { $0.page != nil }
        let tops = entries.compactMap { $0.spot?.top }
        #expect(tops.count == entries.count)
        #expect(tops.allSatisfy { $0 >= 0 && $0 <= 792 } && Set(tops.map { Int($0) }).count > 20)
        // Entries on one page come down it in order.
        for (first, second) in zip(entries, entries.dropFirst()) where first.page == second.page {
            #expect((first.spot?.top ?? 0) <= (second.spot?.top ?? 0), "\(first.title) then \(second.title)")
        }
    }

    /// A spot on a turned page: at 90° the stored left edge is the shown top, at 180° the bottom is.
    @Test func spotsTurnWithThePage() {
        let spot = PageSpot(left: 100, top: 30, boxWidth: 600, boxHeight: 800)
        #expect(spot.shownTop(rotation: 0) == 30 && spot.shownTop(rotation: 360) == 30)
        #expect(spot.shownTop(rotation: 90) == 100)
        #expect(spot.shownTop(rotation: 180) == 770)
        #expect(spot.shownTop(rotation: 270) == 500 && spot.shownTop(rotation: -90) == 500)
        #expect(PageSpot(left: nil, top: 30, boxWidth: 600, boxHeight: 800).shownTop(rotation: 90) == nil)
    }

    @Test func noOutlineIsEmpty() throws {
        #expect(try Document(path: MixedPDF.path).outline.isEmpty)
    }

    @Test func textCharactersHaveBoxesOnThePage() throws {
        let page = try Document(path: Fixtures.asset("hyperref-manual.pdf")).page(at: 0)
        let characters = page.textCharacters()
        let text = String(String.UnicodeScalarView(characters.map(\.scalar)))
        #expect(text.contains("Hypertext marks in"))
        let size = page.size
        for character in characters where !character.scalar.properties.isWhitespace {
            #expect(character.x >= 0 && character.x + character.width <= size.width + 1)
            #expect(character.y >= 0 && character.y + character.height <= size.height + 1)
        }
    }
}
