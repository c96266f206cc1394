import CoreTypes
import Foundation
import LayoutKit
import Poppler
import TestSupport
import Testing
import Vips

/// A canvas's pixels handed to libvips without a copy (`RasterCanvas.image()`: unpacked in place
/// in cairo's memory, which the image keeps) are the pixels of the copying path (`pixels()`, then
/// `Image(bytes:)`), byte for byte in the PNG written from them after the canvas is gone: every
/// page of mixed.pdf, opaque (3 bands) and transparent (4 bands, premultiplication undone).
@Suite(.tags(.fast)) struct HandedOverPixelsTests {
    @Test(arguments: [false, true])
    func handedOverPixelsWriteTheSamePNGAsACopy(transparent: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = try Document(path: MixedPDF.path)
        let scale = 100.0 / 72.0
        for index in 0..<document.pageCount {
            let page = try document.page(at: index)
            func drawn() throws -> RasterCanvas {
                let (width, height) = page.pixelSize(scale: scale)
                let canvas = try RasterCanvas(width: width, height: height, background: transparent ? .clear : .white)
                canvas.draw(page, scale: scale)
                return canvas
            }
            let copying = try drawn()
            let copied = try Image(
                bytes: copying.pixels(), width: copying.width, height: copying.height, bands: copying.bands)
            let handedOver = try drawn().image()
            #expect(handedOver.bands == (transparent ? 4 : 3))
            let paths = ["copied", "handed-over"].map { folder.appendingPathComponent("\($0)-\(index).png").path }
            try copied.save(to: paths[0])
            try handedOver.save(to: paths[1])
            let written = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            #expect(written[0] == written[1], "page \(index + 1)")
            // Real pixels: a page of content, and (transparent) edges of partial alpha.
            let spread = try Operation.call("deviate", [("in", .image(handedOver))]).double("out") ?? 0
            #expect(spread > 10, "page \(index + 1): standard deviation \(spread)")
            if transparent {
                let alpha = try handedOver.extractBand(3).bytes()
                #expect(alpha.contains { $0 > 0 && $0 < 255 }, "page \(index + 1): no partial alpha")
            }
        }
    }
}
