import Foundation  // JSONEncoder/JSONDecoder for the coding test only.
import PageLayout
import TestSupport
import Testing

// Contact sheets (`--columns N`): known answers on equal A4 pages (cell 603 × 851.5 pt), drawn as
// text by `picture` (rows separated by " / ", "_" an empty cell), and on pages of mixed sizes.

private func sheet(_ count: Int, columns: Int, rtl: Bool = false, cover: Bool = false) -> Layout {
    LayoutEngine.layout(equalPages(count), options: LayoutOptions(rtl: rtl, cover: cover, columns: columns))
}

@Suite(.tags(.fast)) struct ContactSheetTests {
    @Test func pagesFillRowsLeftToRightTopToBottom() {
        #expect(sheet(5, columns: 3).views.map(picture) == ["1 2 3 / 4 5 _"])
        #expect(sheet(6, columns: 3).views.map(picture) == ["1 2 3 / 4 5 6"])
        #expect(sheet(4, columns: 1).views.map(picture) == ["1 / 2 / 3 / 4"])
        // Fewer pages than columns: only the columns used.
        #expect(sheet(2, columns: 10).views.map(picture) == ["1 2"])
        let view = sheet(5, columns: 3).views[0]
        #expect(view.width == 3 * A4.cellWidth && view.height == 2 * A4.cellHeight)
        // Page 5: second row, second column, inside its margins.
        #expect(view.pages[4] == PlacedPage(page: 5, x: 603 + 4, y: 851.5 + 4.75, width: 595, height: 842))
    }

    @Test func rightToLeftMirrorsEachRow() {
        #expect(sheet(5, columns: 3, rtl: true).views.map(picture) == ["3 2 1 / _ 5 4"])
        let view = sheet(5, columns: 3, rtl: true).views[0]
        #expect(view.pages[0] == PlacedPage(page: 1, x: 2 * 603 + 4, y: 4.75, width: 595, height: 842))
    }

    @Test func aCoverLeavesTheFirstCellEmptySoSpreadsShareARow() {
        #expect(sheet(7, columns: 4, cover: true).views.map(picture) == ["_ 1 2 3 / 4 5 6 7"])
        #expect(sheet(7, columns: 4, rtl: true, cover: true).views.map(picture) == ["3 2 1 _ / 7 6 5 4"])
        #expect(sheet(1, columns: 4, cover: true).views.map(picture) == ["_ 1"])
        #expect(ContactSheet.cell(of: 0, count: 7, columns: 4, rtl: false, cover: true) == (0, 1))
        #expect(ContactSheet.cell(of: 3, count: 7, columns: 4, rtl: true, cover: true) == (1, 3))
    }

    @Test func cellsFitTheLargestPageAndCentreEachPage() {
        // A4 portrait, A4 landscape, A5: cells are 841.89 + 8 wide and 841.89 + 9.5 tall.
        let mixed = [
            SourcePage(number: 1, width: 595.28, height: 841.89), SourcePage(number: 2, width: 841.89, height: 595.28),
            SourcePage(number: 3, width: 419.53, height: 595.28, rotation: 90),
        ]
        let result = LayoutEngine.layout(mixed, options: LayoutOptions(columns: 2))
        let view = result.views[0]
        let cellWidth = 841.89 + 8, cellHeight = 841.89 + 9.5
        #expect(view.width == 2 * cellWidth && view.height == 2 * cellHeight)
        #expect(view.pages[0].x == 4 + (841.89 - 595.28) / 2 && view.pages[0].y == 4.75)
        #expect(view.pages[1].x == cellWidth + 4 && view.pages[1].y == 4.75 + (841.89 - 595.28) / 2)
        #expect(
            view.pages[2].x == 4 + (841.89 - 419.53) / 2 && view.pages[2].y == cellHeight + 4.75 + (841.89 - 595.28) / 2
        )
        #expect(view.pages[2].rotation == 90)
        checkInvariants(result, input: mixed, margins: .pdfKitDefault)
    }

    @Test func everySheetKeepsTheInvariants() {
        for count in 1...13 {
            for columns in 1...6 {
                for rtl in [false, true] {
                    for cover in [false, true] {
                        let result = sheet(count, columns: columns, rtl: rtl, cover: cover)
                        #expect(result.views.count == 1)
                        checkInvariants(result, input: equalPages(count), margins: .pdfKitDefault)
                        let used = ContactSheet.usedColumns(count: count, columns: columns, cover: cover)
                        let rows = (count + (cover ? 1 : 0) + used - 1) / used
                        #expect(result.views[0].width == Double(used) * A4.cellWidth)
                        #expect(result.views[0].height == Double(rows) * A4.cellHeight)
                    }
                }
            }
        }
        #expect(LayoutEngine.layout([], options: LayoutOptions(columns: 3)).views.isEmpty)
    }

    @Test func defaultScaleDrawsTheWidestPage200Wide() {
        // A 300-page A5 book in 20 columns: about 4,000 pixels wide, as the help promises.
        let book = equalPages(300, width: 419.53, height: 595.28)
        let scale = ContactSheet.defaultScale(book)
        #expect(scale == 200 / 419.53)
        let size = Scale.pixelSize(
            of: LayoutEngine.layout(book, options: LayoutOptions(columns: 20)).views[0], scale: scale)
        #expect(size == PixelSize(width: 4077, height: 4325))
    }

    @Test func columnsSurviveCoding() throws {
        let options = LayoutOptions(rtl: true, columns: 12)
        #expect(try JSONDecoder().decode(LayoutOptions.self, from: try JSONEncoder().encode(options)) == options)
        let old = Data(
            #"{"mode":"single","direction":"vertical","rtl":false,"cover":false,"margins":{"top":0,"left":0,"bottom":0,"right":0}}"#
                .utf8)
        #expect(try JSONDecoder().decode(LayoutOptions.self, from: old).columns == nil)
    }
}
