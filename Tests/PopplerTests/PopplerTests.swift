import Foundation
import TestSupport
import Testing

@testable import Poppler

/// Facts about Assets/mixed.pdf, read with pdfinfo when the file was made (Assets/LICENSES.md).
enum MixedPDF {
    static let path = Fixtures.asset("mixed.pdf")
}

@Suite(.tags(.fast)) struct DocumentTests {
    @Test func pageCountAndSizesMatchPdfinfo() throws {
        let document = try Document(path: MixedPDF.path)
        let expected = try PdfinfoPages.read(MixedPDF.path)
        #expect(document.pageCount == expected.count)
        #expect(document.pageCount >= 5)
        for (index, page) in expected.enumerated() {
            let size = try document.page(at: index).size
            #expect(abs(size.width - page.width) < 0.01 && abs(size.height - page.height) < 0.01, "page \(index + 1)")
            #expect(try document.page(at: index).isQuarterTurned == (page.rotation % 180 == 90), "page \(index + 1)")
        }
        // The file has a page turned by /Rotate and pages of more than one size.
        #expect(expected.contains { $0.rotation % 180 == 90 })
        #expect(Set(expected.map { "\($0.width)x\($0.height)" }).count >= 2)
    }

    @Test func rotatedPageReportsSwappedSize() throws {
        let document = try Document(path: MixedPDF.path)
        let expected = try PdfinfoPages.read(MixedPDF.path)
        let index = try #require(expected.firstIndex { $0.rotation % 180 == 90 })
        let page = try document.page(at: index)
        let box = page.cropBox
        #expect(abs(page.size.width - abs(box.y2 - box.y1)) < 0.01)
        #expect(abs(page.size.height - abs(box.x2 - box.x1)) < 0.01)
    }

    @Test func encryptedNeedsPassword() throws {
        let path = Fixtures.asset("encrypted.pdf")
        let error = #expect(throws: PopplerError.self) { try Document(path: path) }
        #expect(error == .encrypted)
        // The advice the user reads (--password) is pdflayout's: FailureMessageTests.
        #expect(throws: PopplerError.self) { try Document(path: path, password: "wrong") }
        let document = try Document(path: path, password: "secret")
        #expect(document.pageCount >= 1)
    }

    @Test func missingAndDamagedFiles() {
        #expect(throws: PopplerError.notFound) { try Document(path: "/nonexistent.pdf") }
        #expect(PopplerError.notFound.description == "no such file")
        let damaged = #expect(throws: PopplerError.self) { try Document(path: Fixtures.asset("damaged.pdf")) }
        #expect({ if case .damaged? = damaged { true } else { false } }())
        let text = #expect(throws: PopplerError.self) { try Document(path: Fixtures.asset("not-an-image.txt")) }
        #expect({ if case .damaged? = text { true } else { false } }())
    }

    @Test func badPageIndexIsAnError() throws {
        let document = try Document(path: MixedPDF.path)
        #expect(throws: PopplerError.self) { try document.page(at: document.pageCount) }
        #expect(throws: PopplerError.self) { try document.page(at: -1) }
    }
}

/// Page sizes and rotations as pdfinfo (poppler-utils) reports them: an independent reader.
struct PdfinfoPages {
    var width: Double, height: Double, rotation: Int

    static func read(_ path: String) throws -> [PdfinfoPages] {
        let result = try run("pdfinfo", ["-f", "1", "-l", "9999", path])
        var pages: [PdfinfoPages] = []
        for line in result.text.split(separator: "\n") {
            // "Page    1 size: 595.276 x 841.89 pts (A4)" then "Page    1 rot:  90"
            let words = line.split(separator: " ")
            if line.contains(" size: "), let x = words.firstIndex(of: "x") {
                pages.append(PdfinfoPages(width: Double(words[x - 1])!, height: Double(words[x + 1])!, rotation: 0))
            } else if line.contains(" rot: "), let value = Int(words.last!) {
                pages[pages.count - 1].rotation = value
            }
        }
        // pdfinfo prints the unrotated box size: swap at a quarter turn to get the shown size.
        return pages.map {
            $0.rotation % 180 == 90 ? PdfinfoPages(width: $0.height, height: $0.width, rotation: $0.rotation) : $0
        }
    }
}
