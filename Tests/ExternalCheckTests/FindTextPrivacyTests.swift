import Foundation
import TestSupport
import Testing
import Vips

/// `imgtool blur --find text` on real screenshots nobody here made (Assets/screens: GTK dialogs and
/// a PDF page in light themes, a Qt dark theme, terminal text), at 1× and 2×: tesseract, the CLI,
/// an independent reader, reads N words of each before; after `--find text` it reads none of them,
/// under a style and a cover each (every style and every cover on several screens; the whole grid with
/// `FROSTLEVEL_FULL_GRIDS=1`). The share of the image changed is reported.
@Suite(.tags(.external)) struct FindTextPrivacyTests {
    static let screens = [
        "aptitude-info.png", "aptitude-start.png", "gnucash-accounts.png", "gnucash-guide-page20.png",
        "gnucash-loan-calculator.png", "gnucash-tip-of-the-day.png", "gnucash-vendor.png",
        "openshot-export-profiles.jpg", "openshot-file-menu.jpg", "openshot-profiles.jpg",
        "openshot-split-dialog.jpg", "gnucash-loan-calculator@2x.png",
    ]
    static let variants: [[String]] = [
        ["--style", "light"], ["--style", "extra-light"], ["--style", "dark"],
        ["--cover", "black"], ["--cover", "average"],
    ]

    /// Words of four letters or more that tesseract reads, lower-cased.
    static func words(_ path: String) throws -> Set<String> {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else {
            throw PrivacyTests.OCRFailure(
                "tesseract is missing: run scripts/install-deps.sh (tesseract-ocr, tesseract-ocr-eng)")
        }
        let result = try run("tesseract", [path, "stdout"], environment: ["OMP_THREAD_LIMIT": "1"])
        guard result.status == 0 else { throw PrivacyTests.OCRFailure("tesseract \(path): \(result.stderr)") }
        var found: Set<String> = []
        for token in result.text.lowercased().split(whereSeparator: { !$0.isLetter }) where token.count >= 4 {
            found.insert(String(token))
        }
        return found
    }

    /// The screenshot's path; the 2× one is made here from its 1× original (lanczos3).
    static func input(_ name: String, in folder: URL) throws -> String {
        guard name.contains("@2x") else { return Fixtures.asset("screens/" + name) }
        let path = folder.appendingPathComponent(name).path
        try Image.load(Fixtures.asset("screens/" + name.replacingOccurrences(of: "@2x", with: "")))
            .resize(2, kernel: .lanczos3).save(to: path)
        return path
    }

    /// The share of pixels in which any band differs.
    static func changedShare(_ a: String, _ b: String) throws -> Double {
        var first = try Image.load(a), second = try Image.load(b)
        if first.hasAlpha { first = try first.extractBand(0, count: 3) }
        if second.hasAlpha { second = try second.extractBand(0, count: 3) }
        let x = try first.bytes(), y = try second.bytes()
        var changed = 0
        for pixel in 0..<(first.width * first.height)
        where x[pixel * 3] != y[pixel * 3] || x[pixel * 3 + 1] != y[pixel * 3 + 1]
            || x[pixel * 3 + 2] != y[pixel * 3 + 2]
        {
            changed += 1
        }
        return Double(changed) / Double(first.width * first.height)
    }

    /// The treatments each screen is checked with: in the test tier, one style and one cover each,
    /// dealt in turn so that every style meets four screens and every cover six (24 runs of the 60);
    /// `FROSTLEVEL_FULL_GRIDS=1` checks every screen with every treatment (bench/ci-moves.md).
    static func treatments(_ screen: String) -> [[String]] {
        guard !TestGrid.full, let index = screens.firstIndex(of: screen) else { return variants }
        return [variants[index % 3], variants[3 + index % 2]]
    }

    @Test(arguments: screens)
    func noWordIsReadAfterFindingText(screen: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(screen, in: folder)
        let before = try Self.words(input)
        #expect(before.count >= 5, "\(screen): tesseract reads only \(before.sorted())")
        var line = "find text: \(screen): \(before.count) words before"
        for variant in Self.treatments(screen) {
            let output = folder.appendingPathComponent("out.png").path
            let scale = screen.contains("@2x") ? ["--scale", "2"] : []
            let result = try run("imgtool", ["blur", input, "-o", output, "--find", "text", "-q"] + scale + variant)
            try #require(result.status == 0, "\(screen) \(variant): \(result.stderr)")
            let leaked = before.intersection(try Self.words(output))
            #expect(
                leaked.isEmpty, "\(screen) \(variant.joined(separator: " ")): tesseract still reads \(leaked.sorted())")
            let share = try Self.changedShare(input, output)
            // Found lines are grown over all their ink up to a panel edge (the pixel guarantee), so on
            // text-dense dialogs most of the picture is hidden; a frost of the whole picture still fails.
            #expect(share < 0.9, "\(screen) \(variant): \(share) of the image changed")
            line += "; \(variant[1]): \(leaked.count) read, \(Int((share * 100).rounded())) % changed"
        }
        print(line)
    }
}
