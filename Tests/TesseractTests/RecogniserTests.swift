import Tesseract
import TestSupport
import Testing

/// The recogniser alone: the words of a rendered page read with their boxes and lines.
@Suite(.tags(.fast)) struct RecogniserTests {
    @Test func readsTheWordsOfAPageLineByLine() throws {
        let (pixels, width, height) = try LayoutAnalyserTests.grey("secrets-page.png")
        let words = try Recogniser().words(grey: pixels, width: width, height: height)
        let texts = words.map(\.text)
        for expected in ["Account", "overview", "jane.doe@example.com", "quarterly", "AKIAIOSFODNN7EXAMPLE"] {
            #expect(texts.contains(expected), "\(texts)")
        }
        // "Contact:" and the address share a line; the last sentence is on a later one.
        let line = { (text: String) in words.first { $0.text == text }?.line ?? -1 }
        #expect(line("Contact:") == line("jane.doe@example.com") && line("quarterly") > line("Contact:"))
        for word in words {
            #expect(word.box.x >= 0 && word.box.y >= 0 && word.box.x + word.box.width <= width)
            #expect(word.confidence >= 0 && word.confidence <= 100)
        }
    }

    @Test func aBlankImageReadsNothing() throws {
        let words = try Recogniser().words(grey: [UInt8](repeating: 255, count: 200 * 60), width: 200, height: 60)
        #expect(words.isEmpty)
    }

    @Test func errorsAreTyped() {
        #expect(throws: TesseractError.languageNotInstalled(language: "zzz")) { try Recogniser(language: "zzz") }
        #expect(throws: TesseractError.badLanguageName("../x")) { try Recogniser(language: "../x") }
        #expect(throws: TesseractError.self) { try Recogniser().words(grey: [1, 2], width: 3, height: 3) }
    }
}
