import CoreTypes
import Foundation
import Poppler
import TestSupport
import Testing

@testable import LayoutKit

/// The first render before the workers start is of a built-in page, not of the book's (whose form
/// poppler would then keep for the whole run): it must be a real PDF that draws colour and text.
@Suite(.tags(.fast)) struct WarmUpTests {
    @Test func theWarmUpPageIsAValidPDFThatDrawsColourAndText() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("warm.pdf").path
        try Data(LayoutInput.warmUpPDF).write(to: URL(fileURLWithPath: path))
        let check = try run("qpdf", ["--check", path])
        #expect(check.status == 0, "\(check.text) \(check.stderr)")
        #expect(check.text.contains("No syntax or stream encoding errors found"))

        let page = try Document(bytes: LayoutInput.warmUpPDF).page(at: 0)
        let canvas = try RasterCanvas(width: 50, height: 50, background: .white)
        canvas.draw(page, scale: 1)
        let pixels = canvas.pixels()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 50 + x) * 3..<(y * 50 + x) * 3 + 3]) }
        // The fill (0.2, 0.4, 0.6) covers the page; the blue glyphs sit on its lower half.
        #expect(pixel(45, 5) == [51, 102, 153])
        let glyphs = (0..<50 * 50).filter { pixels[$0 * 3] < 30 && pixels[$0 * 3 + 1] < 70 && pixels[$0 * 3 + 2] > 190 }
        #expect(glyphs.count > 10, "\(glyphs.count) pixels of the blue glyphs")
    }
}
