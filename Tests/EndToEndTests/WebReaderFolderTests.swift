import Foundation
import TestSupport
import Testing
import Vips

/// `pdflayout --format html -o DIR/`: the folder it writes, without a browser: its files, the
/// layout JSON, image sizes, and how it treats an existing folder.
@Suite(.tags(.tools)) struct WebReaderFolderTests {
    static func reader(_ pdf: String, _ options: [String], to folder: String) throws -> RunResult {
        try run("pdflayout", [pdf] + options + ["-o", folder, "--format", "html"])
    }

    static func layoutJSON(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/layout.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.tags(.sanitizerSmoke)) func writesTheReaderFolder() throws {
        let scratch = try Scratch()
        let folder = scratch.path("manga")
        let result = try Self.reader(LayoutRun.bookRTL, ["--two-up", "--rtl", "--cover", "--json"], to: folder + "/")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try LayoutRun.files(in: URL(fileURLWithPath: folder)) == [
                "index.html", "layout.js", "layout.json", "pages", "reader.css", "reader.js", "text",
            ])
        #expect(try LayoutRun.files(in: scratch.folder) == ["manga"], "no temporary folder is left")
        let layout = try Self.layoutJSON(folder)
        #expect(layout["generator"] as? String == "pdflayout")
        #expect(
            layout["mode"] as? String == "two-up" && layout["rtl"] as? Bool == true && layout["cover"] as? Bool == true)
        // The views are the --json geometry.
        let printed = try #require(try result.jsonLines().first)
        let views = try #require(layout["views"] as? [[String: Any]])
        #expect(views.count == 4 && (printed["views"] as? [[String: Any]])?.count == 4)
        #expect(try LayoutRun.pages(views[1]).map { $0["page"] as? Int } == [2, 3])
        // Pages: 72 dpi by default, the sharp set twice that; labels and word counts.
        let pages = try #require(layout["pages"] as? [[String: Any]])
        #expect(pages.map { $0["page"] as? Int } == Array(1...7))
        #expect(pages.map { $0["label"] as? String } == ["a", "a", "b", "c", "1", "2", "3"])
        let normal = try Image.load(folder + "/pages/p0003.webp"),
            sharp = try Image.load(folder + "/pages/p0003@2x.webp")
        #expect(normal.width == 612 && normal.height == 792 && sharp.width == 1224 && sharp.height == 1584)
        #expect(pages.allSatisfy { ($0["words"] as? Int ?? 0) > 0 })
        // The outline, with pages.
        let outline = try #require(layout["outline"] as? [[String: Any]])
        #expect(outline.map { $0["page"] as? Int } == [2, 4, 5, 6, 7])
        let text = try String(contentsOfFile: folder + "/text/t000.js", encoding: .utf8)
        #expect(text.hasPrefix("frostReaderText(0, {") && !text.contains("\u{202B}"))
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("<html lang=\"und\" dir=\"rtl\">") && html.contains("<title>book-rtl</title>"))
        #expect(!html.contains("http:") && !html.contains("https:"), "nothing is fetched from the network")
    }

    /// `--reader-sets 1`: each page once, at the chosen size (no `@2x` file), layout.json naming
    /// the one set and giving no sharp image; the pages are the default reader's normal set
    /// drawn at that size directly (close to its 2 × 2 average, not equal). Refused without
    /// `--format html` and for a number other than 1 or 2.
    @Test func oneImageSetWritesTheChosenSizeOnly() throws {
        let scratch = try Scratch()
        let one = scratch.path("one"), two = scratch.path("two")
        let options = ["--two-up", "--rtl", "--cover", "-q"]
        let written = try Self.reader(LayoutRun.bookRTL, options + ["--reader-sets", "1"], to: one + "/")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Self.reader(LayoutRun.bookRTL, options + ["--reader-sets", "2"], to: two + "/").status == 0)
        let names = (1...7).map { String(format: "p%04d", $0) }
        #expect(try LayoutRun.files(in: URL(fileURLWithPath: one + "/pages")) == names.map { $0 + ".webp" })
        #expect(
            try LayoutRun.files(in: URL(fileURLWithPath: two + "/pages"))
                == names.flatMap { [$0 + ".webp", $0 + "@2x.webp"] }.sorted())
        let layout = try Self.layoutJSON(one), twoLayout = try Self.layoutJSON(two)
        #expect(layout["image_sets"] as? [String] == ["normal"])
        #expect(twoLayout["image_sets"] as? [String] == ["normal", "sharp"])
        let pages = try #require(layout["pages"] as? [[String: Any]])
        #expect(pages.count == 7)
        for page in pages {
            #expect(page["sharp_image"] == nil && page["sharp_width"] == nil && page["sharp_height"] == nil)
            let number = try #require(page["page"] as? Int)
            let image = try Image.load(one + "/" + (try #require(page["image"] as? String)))
            let normal = try Image.load(two + "/pages/" + String(format: "p%04d.webp", number))
            #expect(image.width == page["image_width"] as? Int && image.height == page["image_height"] as? Int)
            #expect(image.width == normal.width && image.height == normal.height && image.width == 612)
            let difference = try image.subtract(normal).abs().average()
            #expect(difference > 0 && difference < 6, "page \(number): mean difference \(difference)")
        }
        #expect((twoLayout["pages"] as? [[String: Any]])?.allSatisfy { $0["sharp_width"] as? Int == 1224 } == true)
        // layout.js carries the same JSON for file://.
        let script = try String(contentsOfFile: one + "/layout.js", encoding: .utf8)
        #expect(script.contains("\"image_sets\":[\"normal\"]") && !script.contains("@2x"))
        for (arguments, message) in [
            (["--reader-sets", "3", "-o", scratch.path("x") + "/", "--format", "html"], "must be 1"),
            (["--reader-sets", "1", "-o", scratch.path("x.png")], "add --format html"),
        ] {
            let refused = try run("pdflayout", [LayoutRun.bookRTL] + arguments)
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try LayoutRun.files(in: scratch.folder) == ["one", "two"])
    }

    @Test func sizesFollowDpiAndTitleAndLanguageComeFromThePDF() throws {
        let scratch = try Scratch()
        let folder = scratch.path("manual")
        let result = try Self.reader(
            Fixtures.asset("hyperref-manual.pdf"), ["--continuous", "--pages", "1-3", "--dpi", "36", "-q"], to: folder)
        #expect(result.status == 0 && result.text.isEmpty, "\(result.stderr)")
        let layout = try Self.layoutJSON(folder)
        #expect(layout["title"] as? String == "Hypertext marks in LaTeX: a manual for hyperref")
        #expect(try Image.load(folder + "/pages/p0002.webp").width == 306)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(
            html.contains("dir=\"ltr\"")
                && html.contains("<title>Hypertext marks in LaTeX: a manual for hyperref</title>"))
    }

    /// The words of a 63-page book: two text files (50 pages, then 13), written as the pages
    /// finish; every page in its file, in order, with as many words as layout.json says, and the
    /// same bytes with one worker as with two.
    @Test func textFilesHoldEveryPageInOrder() throws {
        let scratch = try Scratch()
        var texts: [[String]] = []
        for workers in ["1", "2"] {
            let folder = scratch.path("manual-j\(workers)")
            let result = try Self.reader(
                Fixtures.asset("hyperref-manual.pdf"), ["--single", "--dpi", "9", "-j", workers, "-q"], to: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let layout = try Self.layoutJSON(folder)
            #expect(layout["text_files"] as? Int == 2)
            #expect(try LayoutRun.files(in: URL(fileURLWithPath: folder + "/text")) == ["t000.js", "t001.js"])
            let pages = try #require(layout["pages"] as? [[String: Any]])
            #expect(pages.map { $0["page"] as? Int } == Array(1...63))
            var files: [String] = []
            for (file, numbers) in [(0, 1...50), (1, 51...63)] {
                let text = try String(contentsOfFile: folder + "/text/t00\(file).js", encoding: .utf8)
                files.append(text)
                let prefix = "frostReaderText(\(file), ", suffix = ");\n"
                #expect(text.hasPrefix(prefix + "{\n\"\(numbers.lowerBound)\": [") && text.hasSuffix("]\n}" + suffix))
                let json = try #require(
                    try JSONSerialization.jsonObject(
                        with: Data(text.dropFirst(prefix.count).dropLast(suffix.count).utf8))
                        as? [String: [[Any]]])
                #expect(Set(json.keys) == Set(numbers.map(String.init)))
                let places = numbers.map { text.range(of: "\n\"\($0)\": [")?.lowerBound }
                #expect(places.allSatisfy { $0 != nil } && places.map { $0! } == places.map { $0! }.sorted())
                for number in numbers {
                    #expect(pages[number - 1]["text_file"] as? Int == file)
                    #expect(json[String(number)]?.count == pages[number - 1]["words"] as? Int, "page \(number)")
                }
            }
            texts.append(files)
        }
        #expect(texts[0] == texts[1])
    }

    @Test func refusesAFolderHoldingOtherFiles() throws {
        let scratch = try Scratch()
        let folder = scratch.path("notes")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = try Self.reader(LayoutRun.bookRTL, ["--dpi", "10"], to: folder + "/")
        #expect(result.status == 1)
        #expect(result.stderr.contains("holds other files"), "\(result.stderr)")
        #expect(try LayoutRun.files(in: URL(fileURLWithPath: folder)) == ["notes.txt"])
        #expect(try LayoutRun.files(in: scratch.folder) == ["notes"])
        // A reader with someone's file among its pages is no longer only a reader.
        let reader = scratch.path("reader")
        #expect(try Self.reader(LayoutRun.bookRTL, ["--dpi", "10", "-q"], to: reader).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: reader + "/pages/cover-notes.txt"))
        let over = try Self.reader(LayoutRun.bookRTL, ["--dpi", "10", "-q"], to: reader)
        #expect(over.status == 1 && FileManager.default.fileExists(atPath: reader + "/pages/cover-notes.txt"))
    }

    @Test func replacesAPreviousReaderWhole() throws {
        let scratch = try Scratch()
        let folder = scratch.path("book")
        #expect(try Self.reader(LayoutRun.bookRTL, ["--two-up", "--dpi", "10", "-q"], to: folder).status == 0)
        let again = try Self.reader(LayoutRun.bookRTL, ["--single", "--pages", "1-2", "--dpi", "10", "-q"], to: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.layoutJSON(folder)["mode"] as? String == "single")
        #expect(try LayoutRun.files(in: URL(fileURLWithPath: folder + "/pages")).count == 4, "the old pages are gone")
        #expect(try LayoutRun.files(in: scratch.folder) == ["book"])
    }

    @Test func batchesWriteAReaderPerPDF() throws {
        let scratch = try Scratch()
        let result = try run(
            "pdflayout",
            [
                LayoutRun.bookRTL, LayoutRun.mixed, "--dpi", "10", "-o", scratch.path("out") + "/", "--format", "html",
                "-q",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["book-rtl", "mixed"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path("out/\(name)/index.html")), "\(name)")
        }
    }

    @Test func htmlNeedsAFolder() throws {
        let result = try run("pdflayout", [LayoutRun.bookRTL, "--format", "html"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("-o DIR/"), "\(result.stderr)")
    }

    /// `-o book.html` names a file, but the reader is a folder: refused (with or without
    /// `--format html`), pointing at the folder form, and nothing is written.
    @Test func anHTMLFileNameIsPointedAtTheFolderForm() throws {
        let scratch = try Scratch()
        for (output, format) in [("book.html", true), ("book.HTM", true), ("book.html", false)] {
            let arguments = [LayoutRun.bookRTL, "-o", scratch.path(output)] + (format ? ["--format", "html"] : [])
            let result = try run("pdflayout", arguments)
            #expect(result.status == 64, "\(output) \(format): \(result.stderr)")
            #expect(result.stderr.contains("--format html") && result.stderr.contains(scratch.path("book") + "/"))
            #expect(try LayoutRun.files(in: scratch.folder).isEmpty)
        }
    }

    /// A reader killed while it is written leaves no folder: SIGTERM removes the hidden one at
    /// once; after SIGKILL the next run for the same folder sweeps it.
    @Test func killedRunsLeaveNoHalfWrittenReader() throws {
        let scratch = try Scratch()
        let manual = Fixtures.asset("hyperref-manual.pdf")
        let book = scratch.path("long.pdf")
        let joined = try run("qpdf", ["--empty", "--pages", manual, "1-z", manual, "1-z", "--", book])
        try #require(joined.status == 0, "\(joined.stderr)")
        let folder = scratch.path("out")
        func hidden() throws -> [String] { try LayoutRun.files(in: scratch.folder).filter { $0.hasPrefix(".out.") } }
        for signal in [SIGTERM, SIGKILL] {
            let process = try startProcess(
                "pdflayout", [book, "--dpi", "72", "-o", folder + "/", "--format", "html", "-q"])
            let started = Date()
            while try hidden().isEmpty && Date().timeIntervalSince(started) < 20 { Thread.sleep(forTimeInterval: 0.02) }
            Thread.sleep(forTimeInterval: 0.3)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 128 + signal)
            #expect(!FileManager.default.fileExists(atPath: folder), "signal \(signal): no reader")
            let left = try hidden()
            #expect(left.count == (signal == SIGKILL ? 1 : 0), "signal \(signal): \(left)")
        }
        let again = try Self.reader(book, ["--pages", "1-3", "--dpi", "10", "-q"], to: folder + "/")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try hidden().isEmpty, "the killed run's folder is swept")
        #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
    }
}
