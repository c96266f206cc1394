import Foundation
import Testing
import TestSupport
import Tesseract
import Vips

@Suite struct LayoutAnalyserTests {
    static func grey(_ path: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
        let image = try Image.load(path).colourspace("b-w").extractBand(0)
        return (try image.bytes(), image.width, image.height)
    }

    @Test func dump() throws {
        guard let path = ProcessInfo.processInfo.environment["DUMP"] else { return }
        let (pixels, width, height) = try Self.grey(path)
        for adaptive in [false, true] {
            let analyser = try LayoutAnalyser(adaptiveThreshold: adaptive)
            for (name, source) in [("normal", pixels), ("inverse", pixels.map { 255 - $0 })] {
                for sparse in [true, false] {
                let words = try analyser.words(grey: source, width: width, height: height, sparse: sparse)
                print("adaptive \(adaptive) sparse \(sparse) \(name): \(words.filter { $0.y > 1180 && $0.y < 1280 }.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: " "))")
                }
            }
        }
    }
}
