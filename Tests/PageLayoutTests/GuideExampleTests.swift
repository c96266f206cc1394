import PageLayout
import TestSupport
// docs/libraries.md's PageLayout example, run as written, with its results checked.
import Testing

@Suite(.tags(.fast)) struct GuideExampleTests {
    @Test func twoUpRightToLeftSpreads() {
        // A right-to-left book of seven US Letter pages (612 × 792 pt), page 1 alone as its cover:
        let pages = (1...7).map { SourcePage(number: $0, width: 612, height: 792) }
        let options = LayoutOptions(mode: .twoUp, rtl: true, cover: true)
        let layout = LayoutEngine.layout(pages, options: options)

        // Page numbers of each spread as they appear on screen, left to right:
        let spreads = layout.views.map { view in view.pages.sorted { $0.x < $1.x }.map(\.page) }
        #expect(spreads == [[1], [3, 2], [5, 4], [7, 6]])

        // Points to pixels: a spread at 144 dpi, PDFKit's default gaps included.
        let size = Scale.pixelSize(of: layout.views[1], scale: Scale.forDPI(144))
        #expect(size == PixelSize(width: 2480, height: 1603))

        // The rest of what docs/libraries.md says about it: the cover sits on the left, where a
        // right-to-left book has it, and every view is a full spread wide.
        #expect(layout.views[0].pages == [PlacedPage(page: 1, x: 4, y: 4.75, width: 612, height: 792)])
        #expect(layout.views.allSatisfy { $0.width == 1240 && $0.height == 801.5 })
        #expect(layout.views[1].pages.map(\.page) == [2, 3])  // listed in reading order
        #expect(layout.views[1].pages[0].x == 620 + 4)  // page 2 on the right
    }

    @Test func readmeShowsThisCode() throws {
        let missing = try Guide.linesMissing(fromExampleStartingWith: "import PageLayout", in: #filePath)
        #expect(missing.isEmpty, "docs/libraries.md's PageLayout example differs from this test: \(missing)")
    }
}
