import Frost
import FrostKit
import TestSupport
import Testing
import Vips

/// `--find text` on small synthetic screenshots whose every word's ink is known (WordInkPage),
/// one per kind of text that layout analysis on luminance alone missed (issue 39): text turned by
/// 90° and 270°, white text on chat bubbles, a blue status bar, a selected row and a default
/// button, coloured pills, spreadsheet headers, greyed text and a lone page number. The target: no
/// word keeps 20 % or more of its ink, and at most 0.2 % of words keep any.
@Suite(.tags(.fast)) struct TextFindingLayoutTests {
    static let words = [
        "account", "report", "invoice", "meeting", "status", "payment", "balance", "summary", "release",
        "server", "request", "window", "folder", "garden", "kitchen", "station", "ticket", "harbour",
    ]

    static func phrase(_ seed: Int, _ count: Int) -> [String] {
        (0..<count).map { words[(seed * 7 + $0 * 5) % words.count] }
    }

    static func layout(_ name: String) throws -> WordInkPage {
        switch name {
        case "turned":
            var page = WordInkPage(width: 360, height: 300, background: "#ffffff")
            page.rect(x: 10, y: 10, width: 34, height: 280, colour: "#1f4e79")
            try page.text(x: 18, y: 20, phrase(1, 3), colour: "#ffffff", size: 14, quarterTurns: 3)
            page.rect(x: 50, y: 10, width: 34, height: 280, colour: "#f2c14e")
            try page.text(x: 58, y: 20, phrase(2, 3), colour: "#111111", size: 14, quarterTurns: 1)
            for number in 0..<4 {
                try page.text(
                    x: 110 + number * 40, y: 20, phrase(3 + number, 3), colour: "#202124", size: 12,
                    quarterTurns: number % 2 == 0 ? 3 : 1)
            }
            try page.text(x: 280, y: 20, phrase(9, 2), colour: "#202124", size: 16, quarterTurns: 1)
            return page
        case "bubbles":
            var page = WordInkPage(width: 420, height: 300, background: "#ffffff")
            page.rect(x: 160, y: 10, width: 250, height: 50, colour: "#0b84ff")
            try page.text(x: 172, y: 16, phrase(1, 3), colour: "#ffffff", size: 15)
            try page.text(x: 172, y: 36, phrase(2, 2), colour: "#ffffff", size: 15)
            page.rect(x: 10, y: 70, width: 250, height: 50, colour: "#e9e9eb")
            try page.text(x: 22, y: 76, phrase(3, 3), colour: "#000000", size: 15)
            try page.text(x: 22, y: 96, phrase(4, 2), colour: "#000000", size: 15)
            page.rect(x: 130, y: 130, width: 280, height: 30, colour: "#34c759")
            try page.text(x: 142, y: 136, phrase(5, 3), colour: "#ffffff", size: 15)
            page.rect(x: 210, y: 170, width: 200, height: 30, colour: "#0b84ff")
            try page.text(x: 222, y: 176, phrase(6, 2), colour: "#ffffff", size: 14)
            try page.text(x: 170, y: 215, ["Delivered", "9:27"], colour: "#8e8e93", size: 11)
            page.rect(x: 120, y: 240, width: 290, height: 38, colour: "#34c759")
            try page.text(x: 134, y: 249, phrase(7, 3), colour: "#ffffff", size: 17)
            return page
        case "editor":
            var page = WordInkPage(width: 480, height: 200, background: "#1e1e1e")
            for line in 0..<6 {
                try page.text(x: 8, y: 10 + line * 20, ["\(line + 1)"], colour: "#858585", size: 13)
                try page.text(x: 40, y: 10 + line * 20, phrase(line, 3), colour: "#9cdcfe", size: 13)
            }
            page.rect(x: 0, y: 175, width: 480, height: 25, colour: "#007acc")
            var x = 10
            for item in [["main"], ["Ln", "12,", "Col", "8"], ["UTF-8"], ["Python", "3.11"]] {
                x += try page.text(x: x, y: 180, item, colour: "#ffffff", size: 12).width + 24
            }
            return page
        case "dialog":
            var page = WordInkPage(width: 460, height: 240, background: "#ececec")
            page.rect(x: 0, y: 0, width: 150, height: 240, colour: "#e3e3e3")
            for (number, item) in ["General", "Network", "Privacy", "Sound"].enumerated() {
                if number == 2 { page.rect(x: 8, y: 12 + number * 30 - 6, width: 134, height: 26, colour: "#0a64d6") }
                try page.text(
                    x: 18, y: 12 + number * 30, [item], colour: number == 2 ? "#ffffff" : "#1d1d1f", size: 13)
            }
            try page.text(x: 170, y: 20, phrase(1, 4), colour: "#1d1d1f", size: 13)
            try page.text(x: 170, y: 40, phrase(2, 5), colour: "#6e6e73", size: 11)
            page.rect(x: 250, y: 195, width: 90, height: 30, colour: "#ffffff")
            try page.text(x: 272, y: 202, ["Cancel"], colour: "#1d1d1f", size: 13)
            page.rect(x: 355, y: 195, width: 90, height: 30, colour: "#007aff")
            try page.text(x: 390, y: 202, ["OK"], colour: "#ffffff", size: 13)
            return page
        case "sheet":
            var page = WordInkPage(width: 460, height: 220, background: "#ffffff")
            page.rect(x: 0, y: 0, width: 460, height: 24, colour: "#f8f9fa")
            page.rect(x: 0, y: 0, width: 40, height: 220, colour: "#f8f9fa")
            for column in 0..<4 {
                try page.text(
                    x: 90 + column * 100, y: 5, [String(UnicodeScalar(65 + column)!)], colour: "#5f6368", size: 12)
            }
            for row in 0..<8 {
                try page.text(x: 14, y: 30 + row * 23, ["\(row + 1)"], colour: "#5f6368", size: 12)
                try page.text(x: 50, y: 30 + row * 23, ["\(row * 137 + 42).50"], colour: "#202124", size: 12)
            }
            let pills = [("Overdue", "#d93025"), ("Paid", "#1e8e3e"), ("Sent", "#1a73e8")]
            for (number, (name, fill)) in pills.enumerated() {
                page.rect(x: 300, y: 40 + number * 40, width: name.count * 9 + 16, height: 22, colour: fill)
                try page.text(x: 308, y: 44 + number * 40, [name], colour: "#ffffff", size: 12)
            }
            return page
        default:  // greyed text and a lone page number
            var page = WordInkPage(width: 420, height: 260, background: "#ffffff")
            for row in 0..<3 {
                for column in 0..<7 {
                    let day = row * 7 + column + 24
                    try page.text(
                        x: 20 + column * 36, y: 20 + row * 34, ["\(day > 31 ? day - 31 : day)"],
                        colour: day > 31 || row == 0 ? "#b0b0b0" : "#3c4043", size: 14)
                }
            }
            try page.text(x: 290, y: 20, ["Undo", "typing"], colour: "#a0a0a0", size: 13)
            try page.text(x: 290, y: 45, ["Paste"], colour: "#202124", size: 13)
            try page.text(x: 20, y: 150, phrase(1, 6), colour: "#222222", size: 11)
            try page.text(x: 20, y: 168, phrase(2, 6), colour: "#222222", size: 11)
            try page.text(x: 200, y: 235, ["7"], colour: "#222222", size: 11)
            return page
        }
    }

    @Test(arguments: ["turned", "bubbles", "editor", "dialog", "sheet", "greyed"])
    func everyWordIsHidden(_ name: String) throws {
        let page = try Self.layout(name)
        let image = try FrostRenderer.normalised(page.image().copiedToMemory())
        let lines = try TextFinder().lines(in: image)
        let left = page.left(after: lines.map(\.region))
        #expect(left.words >= 10, "\(name): \(left.words) words drawn")
        #expect(left.worstShare < 0.2, "\(name): a word keeps \(left.worstShare * 100) % of its ink: \(left.wordsLeft)")
        #expect(left.wordsLeft.count * 500 <= left.words, "\(name): \(left.wordsLeft) of \(left.words) words keep ink")
    }
}
