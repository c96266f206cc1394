import CoreTypes
import TestSupport
import Testing

@testable import LayoutKit

/// Tiles of a streamed view land in the spool in any order; where pages overlap (a pixel of
/// rounding with `--no-gaps`), only the later page writes, as when pages are drawn in order.
@Suite(.tags(.fast)) struct StreamedViewTests {
    @Test func rowsOutsideLaterPagesAreWhole() {
        let above = [PixelRect(x: 0, y: 10, width: 100, height: 5)]
        #expect(StreamedView.visibleSpans(row: 9, from: 0, to: 100, under: above) == [0..<100])
        #expect(StreamedView.visibleSpans(row: 15, from: 20, to: 80, under: above) == [20..<80])
        #expect(StreamedView.visibleSpans(row: 3, from: 0, to: 100, under: []) == [0..<100])
    }

    @Test func laterPagesCutTheirPartOut() {
        // A narrower page overlapping the last row of a wider one leaves two pieces of that row.
        let narrow = PixelRect(x: 30, y: 50, width: 40, height: 20)
        #expect(StreamedView.visibleSpans(row: 50, from: 0, to: 100, under: [narrow]) == [0..<30, 70..<100])
        // Covered entirely: nothing to write; two later pages: three pieces.
        #expect(StreamedView.visibleSpans(row: 55, from: 35, to: 60, under: [narrow]).isEmpty)
        let other = PixelRect(x: 80, y: 40, width: 5, height: 20)
        #expect(
            StreamedView.visibleSpans(row: 50, from: 0, to: 100, under: [narrow, other]) == [0..<30, 70..<80, 85..<100])
    }
}
