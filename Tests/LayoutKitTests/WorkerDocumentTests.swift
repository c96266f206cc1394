import CoreTypes
import Foundation
import LayoutKit
import Poppler
import TestSupport
import Testing

/// A worker's document is opened again from time to time (poppler keeps every rendered page's
/// annotations until its document closes); what is drawn must not depend on when that happens.
@Suite(.tags(.fast)) struct WorkerDocumentTests {
    /// Every page of mixed.pdf twice, each drawn at 40 dpi; the pixels of each item.
    static func render(workers: Int, renewal: WorkerDocument.Renewal) throws -> [[UInt8]] {
        try ParallelRender.map(
            count: 12, workers: workers, source: .file(MixedPDF.path), password: nil, renewal: renewal
        ) { index, document in
            let page = try document.page(at: index % 6)
            let size = page.pixelSize(scale: 40.0 / 72.0)
            let canvas = try RasterCanvas(width: size.width, height: size.height, background: .white)
            canvas.draw(page, scale: 40.0 / 72.0)
            return canvas.pixels()
        }
    }

    @Test func renewedDocumentsDrawTheSamePixels() throws {
        let kept = try Self.render(workers: 1, renewal: .never)
        #expect(kept.count == 12)
        #expect(kept[0] == kept[6] && kept[5] == kept[11])
        #expect(kept[0] != kept[1])  // different pages, really drawn
        #expect(try Self.render(workers: 1, renewal: .every(items: 1)) == kept)
        #expect(try Self.render(workers: 2, renewal: .every(items: 2)) == kept)
        #expect(try Self.render(workers: 2, renewal: .paidBack(times: WorkerDocument.paybackTimes)) == kept)
    }

    @Test func opensAgainAfterTheGivenItems() {
        let renewed = WorkerDocument(source: .file(MixedPDF.path), password: nil, renewal: .every(items: 3))
        #expect(renewed.openings == 0)  // opened on first use, on the worker's thread
        for index in 0..<7 {
            let count = renewed.run { $0.pageCount }
            #expect((try? count.get()) == 6, "item \(index)")
        }
        #expect(renewed.openings == 3)  // items 0–2, 3–5, 6
        let kept = WorkerDocument(source: .file(MixedPDF.path), password: nil, renewal: .never)
        for _ in 0..<7 { _ = kept.run { $0.pageCount } }
        #expect(kept.openings == 1)
    }

    @Test func aDocumentThatCannotOpenFailsEachItem() {
        let missing = WorkerDocument(source: .file("/nonexistent/book.pdf"), password: nil, renewal: .every(items: 1))
        for _ in 0..<2 {
            let result = missing.run { $0.pageCount }
            guard case .failure(let error) = result else {
                Issue.record("a missing file opened")
                return
            }
            #expect(error as? PopplerError == .notFound)
        }
    }
}
