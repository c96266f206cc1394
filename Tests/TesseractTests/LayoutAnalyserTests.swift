import CoreTypes
import Foundation
import Tesseract
import TestSupport
import Testing
import Vips

/// The face alone: word boxes from Tesseract's layout analysis on a real screenshot, and its errors.
@Suite(.tags(.fast)) struct LayoutAnalyserTests {
    static func grey(_ name: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
        var image = try Image.load(Fixtures.asset(name))
        if image.hasAlpha { image = try image.flatten(background: [255]) }
        image = try image.colourspace(.grey).extractBand(0)
        return (try image.bytes(), image.width, image.height)
    }

    @Test func findsTheWordsOfADialog() throws {
        let (pixels, width, height) = try Self.grey("screens/gnucash-vendor.png")
        let words = try LayoutAnalyser().words(grey: pixels, width: width, height: height)
        // The dialog has about thirty words on its labels, tabs, fields and buttons.
        #expect(words.count >= 20, "\(words.count) words")
        for word in words {
            #expect(word.x >= 0 && word.y >= 0 && word.x + word.width <= width && word.y + word.height <= height)
            #expect(word.confidence > 0 && word.confidence <= 1)
        }
        // Text lines are short: no word box is a whole panel.
        #expect(words.filter { $0.height > 40 }.count <= 2)
    }

    /// A word's box is the package's one integer rectangle; its sides read and write through it.
    @Test func aWordBoxHoldsAPixelRect() {
        var word = WordBox(x: 3, y: 4, width: 5, height: 6, confidence: 0.5)
        #expect(word.box == PixelRect(x: 3, y: 4, width: 5, height: 6))
        word.x = 10
        word.height = 2
        #expect(word.box == PixelRect(x: 10, y: 4, width: 5, height: 2) && word.box.maxX == 15)
        #expect(word == WordBox(box: PixelRect(x: 10, y: 4, width: 5, height: 2), confidence: 0.5))
    }

    @Test func aBlankImageHasNoWords() throws {
        let words = try LayoutAnalyser().words(grey: [UInt8](repeating: 230, count: 300 * 200), width: 300, height: 200)
        #expect(words.isEmpty)
    }

    @Test func oneHandleServesManyImages() throws {
        let analyser = try LayoutAnalyser()
        let (pixels, width, height) = try Self.grey("screens/gnucash-tip-of-the-day.png")
        let first = try analyser.words(grey: pixels, width: width, height: height)
        let second = try analyser.words(grey: pixels, width: width, height: height)
        #expect(first == second && !first.isEmpty)
    }

    @Test func errorsAreTyped() throws {
        #expect(throws: TesseractError.languageNotInstalled(language: "xyz")) { try LayoutAnalyser(language: "xyz") }
        #expect(throws: TesseractError.badLanguageName("../eng")) { try LayoutAnalyser(language: "../eng") }
        #expect(throws: TesseractError.badLanguageName("")) { try LayoutAnalyser(language: "") }
        let analyser = try LayoutAnalyser()
        #expect(throws: TesseractError.self) { try analyser.words(grey: [0, 0, 0], width: 2, height: 2) }
        #expect(!LayoutAnalyser.version.isEmpty)
    }
}
