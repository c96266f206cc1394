// The /PageLayout hint → default mode, and the JSON shape the CLI's --json relies on.
import Foundation  // JSONEncoder/JSONDecoder, to pin the coding keys; the engine itself has no Foundation.
import PageLayout
import TestSupport
import Testing

@Suite(.tags(.fast)) struct HintAndCodingTests {
    @Test(arguments: [
        (PageLayoutHint.unset, LayoutMode.single, false),
        (.singlePage, .single, false),
        (.oneColumn, .continuous, false),
        (.twoColumnLeft, .twoUpContinuous, false),
        (.twoColumnRight, .twoUpContinuous, true),
        (.twoPageLeft, .twoUp, false),
        (.twoPageRight, .twoUp, true),
    ])
    func hintChoosesTheDefaultMode(hint: PageLayoutHint, mode: LayoutMode, cover: Bool) {
        #expect(hint.defaultMode.mode == mode)
        #expect(hint.defaultMode.cover == cover)
    }

    @Test func hintMatchesPopplerAndPDFNames() {
        // poppler-glib returned 6 for a file stamped TwoPageRight.
        #expect(PageLayoutHint.allCases.last == .twoPageRight, "poppler's order: UNSET = 0 … TWO_PAGE_RIGHT = 6")
        #expect(PageLayoutHint.allCases.count == 7)
        #expect(PageLayoutHint(rawValue: "twoPageRight") == .twoPageRight)
        let names = ["SinglePage", "OneColumn", "TwoColumnLeft", "TwoColumnRight", "TwoPageLeft", "TwoPageRight"]
        #expect(names.map(PageLayoutHint.init(pdfName:)) == Array(PageLayoutHint.allCases.dropFirst()))
        #expect(PageLayoutHint(pdfName: "Bogus") == .unset)
        #expect(PageLayoutHint(pdfName: "twopageright") == .unset)  // PDF names are case-sensitive
    }

    @Test func modeAndDirectionNamesMatchTheCommandLine() {
        #expect(LayoutMode.allCases.map(\.rawValue) == ["single", "continuous", "two-up", "two-up-continuous"])
        #expect(LayoutDirection.allCases.map(\.rawValue) == ["vertical", "horizontal"])
        #expect(LayoutMode.allCases.filter(\.isContinuous) == [.continuous, .twoUpContinuous])
        #expect(LayoutMode.allCases.filter(\.isTwoUp) == [.twoUp, .twoUpContinuous])
    }

    @Test func viewsEncodeWithTheIssuesJSONKeys() throws {
        let result = layout(equalPages(2), .twoUp)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(result.views), as: UTF8.self)
        #expect(
            json == #"[{"height":851.5,"index":0,"pages":["#
                + #"{"height":842,"page":1,"rotation":0,"width":595,"x":4,"y":4.75},"#
                + #"{"height":842,"page":2,"rotation":0,"width":595,"x":607,"y":4.75}"#
                + #"],"width":1206}]"#)
        #expect(try JSONDecoder().decode(Layout.self, from: try encoder.encode(result)) == result)
    }

    @Test func decodedMarginsAreClampedToo() throws {
        let data = Data(#"{"top":-1,"left":2,"bottom":-3,"right":4}"#.utf8)
        #expect(
            try JSONDecoder().decode(PageMargins.self, from: data)
                == PageMargins(top: 0, left: 2, bottom: 0, right: 4))
    }

    @Test func readingOrderOfSheetsAndOfPages() {
        #expect(
            ReadingOrder.sheets(LayoutOptions(mode: .twoUp, rtl: true, cover: true))
                == ReadingOrder(pageLayout: .singlePage, rightToLeft: true))
        #expect(
            ReadingOrder.sheets(LayoutOptions(mode: .single))
                == ReadingOrder(pageLayout: .singlePage, rightToLeft: false))
        #expect(ReadingOrder.sheets(LayoutOptions(mode: .continuous)).pageLayout == .oneColumn)
        #expect(
            ReadingOrder.sheets(LayoutOptions(mode: .twoUpContinuous, rtl: true))
                == ReadingOrder(pageLayout: .oneColumn, rightToLeft: true))
        #expect(
            ReadingOrder.pages(LayoutOptions(mode: .twoUp, rtl: true, cover: true))
                == ReadingOrder(pageLayout: .twoPageRight, rightToLeft: true))
        #expect(ReadingOrder.pages(LayoutOptions(mode: .twoUp)).pageLayout == .twoPageLeft)
        #expect(ReadingOrder.pages(LayoutOptions(mode: .twoUpContinuous, cover: true)).pageLayout == .twoColumnRight)
        #expect(ReadingOrder.pages(LayoutOptions(mode: .twoUpContinuous)).pageLayout == .twoColumnLeft)
        #expect(ReadingOrder.pages(LayoutOptions(mode: .continuous)).pageLayout == .oneColumn)
        // Each hint's PDF name reads back as the hint.
        for hint in PageLayoutHint.allCases where hint != .unset {
            #expect(PageLayoutHint(pdfName: hint.pdfName!) == hint)
        }
        #expect(PageLayoutHint.unset.pdfName == nil)
    }
}
