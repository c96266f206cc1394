import Foundation
import ImageTestSupport
import TestSupport
import Testing

/// The pixel guarantee of `imgtool blur --find text`: every ink pixel of the words an independent
/// reader finds (poppler's `pdftotext -bbox` on PDF pages nobody here made, rendered by pdftocairo;
/// the tesseract CLI on real screenshots from Debian's documentation packages) is changed in the output, on light and dark themes, at
/// several sizes. OCR alone cannot see this: tesseract reads nothing in "ese." or "ause its" left at
/// a line's end, a person does. A fragment of two letters is some 40–80 ink pixels at these sizes;
/// a word of two characters or more may keep at most `wordBound` (an anti-aliased speck), all ink
/// together at most `shareBound` per cent (a page number alone on its line is a line not found).
@Suite(.tags(.external)) struct InkSurvivalTests {
    static let wordBound = 6
    static let shareBound = 0.15

    /// One image to hide the text of: a PDF page at a resolution, or a screenshot; dark inverts it.
    struct Sample: CustomStringConvertible, Sendable {
        enum Source: Sendable {
            case pdf(String, page: Int, dpi: Int)
            case screen(String)
        }
        var source: Source
        var dark = false

        var description: String {
            let theme = dark ? "dark" : "light"
            switch source {
            case .pdf(let path, let page, let dpi):
                return "\(URL(fileURLWithPath: path).lastPathComponent) p\(page) \(dpi) dpi \(theme)"
            case .screen(let path): return "\(URL(fileURLWithPath: path).lastPathComponent) \(theme)"
            }
        }

        /// Writes the image into `folder`; returns its path and the ground-truth words.
        func prepare(in folder: URL) throws -> (path: String, words: [InkSurvival.Word]) {
            let path = folder.appendingPathComponent("input.png").path
            switch source {
            case .pdf(let pdf, let page, let dpi):
                try require(pdf)
                try InkSurvival.renderPage(pdf, page: page, dpi: dpi, dark: dark, to: path)
                return (path, try InkSurvival.pdfWords(pdf, page: page, dpi: Double(dpi)))
            case .screen(let screen):
                // The words are read on the light original (tesseract reads light themes best);
                // the dark one has them in the same places.
                let words = try InkSurvival.tesseractWords(screen)
                try InkSurvival.copy(screen, to: path, inverted: dark)
                return (path, words)
            }
        }
    }

    static let texDocs = "/usr/share/doc/texlive-doc/latex/base/"

    static func require(_ file: String) throws {
        guard FileManager.default.fileExists(atPath: file) else {
            throw InkSurvival.Failure(
                "\(file) is missing: run scripts/install-deps.sh (texlive-latex-base-doc, the LaTeX base manuals)")
        }
    }

    /// Two covers no ink pixel matches both of: a pixel either changed is hidden (the bench's grid).
    static let covers = [["--cover", "#ff00ff"], ["--cover", "#00ff00"]]
    /// The tests' one cover, half the runs: a colour no pixel of the samples has, nor of their dark
    /// copies (#c02d84; pure magenta and green are in the GnuCash guide's screenshot), so a pixel it
    /// leaves as it was is ink left; were an ink pixel that colour, it would count as left: the
    /// measure errs towards failing, never towards passing.
    static let oddCover = [["--cover", "#3fd27b"]]

    /// Hides the text of `sample` with `imgtool` (a built one, or the binary given) under each of
    /// `treatments` and measures.
    static func measure(
        _ sample: Sample, treatments: [[String]] = oddCover, imgtool: String = "imgtool", arguments: [String] = []
    ) throws -> InkSurvival {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (input, words) = try sample.prepare(in: folder)
        var outputs: [String] = []
        for (number, treatment) in treatments.enumerated() {
            let output = folder.appendingPathComponent("hidden\(number).png").path
            let result = try run(
                imgtool, ["blur", input, "-o", output, "--find", "text", "-q"] + arguments + treatment)
            guard result.status == 0 else { throw InkSurvival.Failure("\(sample): \(result.stderr)") }
            outputs.append(output)
        }
        return try InkSurvival.measure(original: input, outputs: outputs, words: words)
    }

    static let checked: [Sample] = [
        Sample(source: .pdf(texDocs + "encguide.pdf", page: 8, dpi: 100)),
        Sample(source: .pdf(texDocs + "encguide.pdf", page: 8, dpi: 120), dark: true),
        Sample(source: .pdf(texDocs + "clsguide.pdf", page: 9, dpi: 120)),
        Sample(source: .pdf(texDocs + "clsguide.pdf", page: 9, dpi: 90), dark: true),
        Sample(source: .pdf(Fixtures.asset("hyperref-manual.pdf"), page: 2, dpi: 110)),
        Sample(source: .pdf(Fixtures.asset("hyperref-manual.pdf"), page: 3, dpi: 96), dark: true),
        Sample(source: .screen(Fixtures.asset("screens/gnucash-guide-page20.png"))),
        Sample(source: .screen(Fixtures.asset("screens/gnucash-guide-page20.png")), dark: true),
        Sample(source: .screen(Fixtures.asset("screens/aptitude-info.png")), dark: true),
        Sample(source: .screen(Fixtures.asset("secrets-page.png")), dark: true),
    ]

    @Test(arguments: checked)
    func everyInkPixelOfTheTextIsHidden(sample: Sample) throws {
        let found = try Self.measure(sample)
        #expect(found.ink > 2000, "\(sample): only \(found.ink) ink pixels")
        // A lone character on a line of its own (a page number) is a line layout analysis did not
        // find; every word of two characters or more lies on a line found, whole.
        let words = found.survivingByWord.filter { $0.word.count >= 2 }.sorted { $0.pixels > $1.pixels }
        #expect(
            (words.first?.pixels ?? 0) <= Self.wordBound,
            "\(sample): words keep ink: \(words.prefix(5).map { "\($0.word) \($0.pixels)/\($0.of)" })")
        #expect(
            found.percent <= Self.shareBound,
            "\(sample): \(found.surviving) of \(found.ink) ink pixels unchanged (\(found.percent) %)")
        print("ink survival: \(sample): \(found.surviving) of \(found.ink), worst word \(found.worstWord)")
    }

    /// The frost hides the same areas as a cover: the guarantee holds for the default treatment too.
    @Test func theFrostHidesTheSameInk() throws {
        let sample = Sample(source: .pdf(Self.texDocs + "clsguide.pdf", page: 9, dpi: 100))
        let found = try Self.measure(sample, treatments: [["--style", "dark"], ["--style", "light"]])
        #expect(
            found.survivingByWord.allSatisfy { $0.word.count < 2 || $0.pixels <= Self.wordBound }
                && found.percent <= Self.shareBound, "\(sample): \(found.percent) %")
    }

    /// bench/blur/ink-survival.sh: the whole grid (documents × 90–120 dpi × themes, screenshots ×
    /// themes) for one imgtool binary, as a markdown table. Runs only when asked
    /// (FROSTLEVEL_INK_BENCH = the table's path; FROSTLEVEL_INK_IMGTOOL = the binary).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FROSTLEVEL_INK_BENCH"] != nil))
    func benchGrid() throws {
        let environment = ProcessInfo.processInfo.environment
        let imgtool = environment["FROSTLEVEL_INK_IMGTOOL"] ?? "imgtool"
        var samples: [Sample] = []
        for (pdf, page) in [
            (Self.texDocs + "encguide.pdf", 8), (Self.texDocs + "clsguide.pdf", 9),
            (Fixtures.asset("hyperref-manual.pdf"), 2), (Fixtures.asset("hyperref-manual.pdf"), 3),
        ] {
            for dpi in [90, 100, 110, 120] {
                for dark in [false, true] {
                    samples.append(Sample(source: .pdf(pdf, page: page, dpi: dpi), dark: dark))
                }
            }
        }
        for screen in [
            "secrets-page.png", "screens/gnucash-guide-page20.png", "screens/aptitude-info.png",
            "screens/gnucash-vendor.png", "screens/openshot-file-menu.jpg",
        ] {
            for dark in [false, true] { samples.append(Sample(source: .screen(Fixtures.asset(screen)), dark: dark)) }
        }
        // FROSTLEVEL_INK_ONLY=a,b: only the samples whose name holds one of these (a quick look).
        if let only = environment["FROSTLEVEL_INK_ONLY"]?.split(separator: ",") {
            samples = samples.filter { sample in only.contains { "\(sample)".contains($0) } }
        }
        var table = "| image | ink px | unchanged px | unchanged % | words keeping ink | worst word (px kept / ink) |\n"
        table += "| --- | ---: | ---: | ---: | ---: | --- |\n"
        for sample in samples {
            let found = try Self.measure(sample, treatments: Self.covers, imgtool: imgtool)
            let worst = found.survivingByWord.max { $0.pixels < $1.pixels }
            table +=
                "| \(sample) | \(found.ink) | \(found.surviving) | \(String(format: "%.2f", found.percent)) | \(found.survivingByWord.count) | \(worst.map { "\($0.word) \($0.pixels)/\($0.of)" } ?? "") |\n"
        }
        try table.write(toFile: environment["FROSTLEVEL_INK_BENCH"]!, atomically: true, encoding: .utf8)
        print(table)
    }
}
