import Foundation
import TestSupport
import Testing

/// What a new user meets first (issue 17), run as a user runs the binary.
@Suite(.tags(.tools)) struct LayoutFirstUseTests {
    /// `pdflayout --help` is the layout job's help: its options, the other commands' usage lines
    /// and the examples, not a bare list of subcommands.
    @Test func rootHelpShowsTheLayoutOptions() throws {
        let help = try run("pdflayout", ["--help"])
        #expect(help.status == 0, "\(help.stderr)")
        for needed in [
            "--two-up", "--continuous", "--rtl", "--cover", "--pages", "--dpi", "--fit", "--background",
            "-o, --output", "--json", "pdflayout info <files>", "pdflayout prefs <file>", "\nEXAMPLES:\n",
        ] {
            #expect(help.text.contains(needed), "pdflayout --help lacks \(needed)")
        }
        #expect(help.text.range(of: "\nOPTIONS:")!.lowerBound < help.text.range(of: "\nEXAMPLES:")!.lowerBound)
        // -h and `help` say the same; the other commands keep their own help.
        #expect(try run("pdflayout", ["-h"]).text == help.text)
        #expect(try run("pdflayout", ["help"]).text == help.text)
        #expect(try run("pdflayout", ["layout", "--help"]).text == help.text)
        let info = try run("pdflayout", ["help", "info"])
        #expect(info.status == 0 && info.text.contains("page count"), "\(info.text)")
        // Nothing at all: what is missing, under the layout usage, as a command-line error.
        let bare = try run("pdflayout", [])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("Missing expected argument '<files> ...'"), "\(bare.stderr)")
        #expect(bare.stderr.contains("pdflayout [layout] <files>"), "\(bare.stderr)")
    }

    /// A real PDF without pages (qpdf --empty), which poppler-glib opens (pdfinfo refuses it): `info` reports 0 pages
    /// and succeeds; a layout says "no pages to lay out" in one line, writes nothing and ends 2.
    @Test func emptyPDFIsReported() throws {
        let scratch = try Scratch()
        let empty = scratch.path("empty.pdf")
        #expect(try run("qpdf", ["--empty", empty]).status == 0)

        let info = try run("pdflayout", ["info", empty])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stderr.isEmpty)
        #expect(info.text == "\(empty): PDF 1.3, 0 pages, layout unset\n")
        let infoJSON = try #require(try run("pdflayout", ["info", "--json", empty]).jsonLines().first)
        #expect(infoJSON["page_count"] as? Int == 0)
        #expect((infoJSON["pages"] as? [Any])?.isEmpty == true)

        for output in ["x.png", "x.pdf"] {
            let laid = try run("pdflayout", [empty, "--two-up", "-o", scratch.path(output)])
            #expect(laid.status == 2, "\(laid.stderr)")
            #expect(laid.text == "\(empty): no pages to lay out, nothing written\n")
            #expect(laid.stderr.isEmpty)
            #expect(try LayoutRun.files(in: scratch.folder) == ["empty.pdf"])
        }
        let geometry = try run("pdflayout", [empty, "--json"])
        #expect(geometry.status == 2)
        let record = try #require(try geometry.jsonLines().first)
        #expect(record["page_count"] as? Int == 0)
        #expect((record["views"] as? [Any])?.isEmpty == true)
        let piped = try run(
            "pdflayout", ["-", "-o", scratch.path("x.png")], stdin: try Data(contentsOf: URL(fileURLWithPath: empty)))
        #expect(piped.status == 2)
        #expect(piped.text == "<stdin>: no pages to lay out, nothing written\n")

        // In a batch the other PDFs are laid out; the summary counts it; 2 unless something failed.
        let out = scratch.path("out") + "/"
        let batch = try run("pdflayout", [empty, LayoutRun.mixed, "--dpi", "9", "-o", out, "--format", "png"])
        #expect(batch.status == 2, "\(batch.stderr)")
        #expect(batch.stderr.contains("1 done, 1 no pages, 0 skipped, 0 failed"), "\(batch.stderr)")
        // Six images and their record.
        #expect(try LayoutRun.files(in: URL(fileURLWithPath: out)).count == 7)
        let failing = try run("pdflayout", [empty, "/nonexistent.pdf", "-o", out, "-q"])
        #expect(failing.status == 1)
    }

    /// `--password-file` on every command that takes `--password`: the first line of a file, a
    /// pipe (`<(…)`) or standard input, without its line break; refused with `--password`, and
    /// `-` refused when the PDF is standard input too.
    @Test(arguments: [
        ["info"], ["prefs", "--rtl", "-o", "OUT.pdf"], ["--two-up", "--dpi", "10", "-o", "OUT.png"],
    ])
    func passwordFile(command: [String]) throws {
        let scratch = try Scratch()
        let locked = Fixtures.asset("encrypted.pdf")
        let arguments = command.map { $0.replacingOccurrences(of: "OUT", with: scratch.path("out")) }
        let file = scratch.path("password"), crlf = scratch.path("password-crlf")
        try Data("secret\nnot this line\n".utf8).write(to: URL(fileURLWithPath: file))
        try Data("secret\r\n".utf8).write(to: URL(fileURLWithPath: crlf))
        // The subcommand, then the PDF, then the rest (the layout job has no subcommand word).
        let named = ["info", "prefs"].contains(arguments[0])
        let given = (named ? [arguments[0], locked] : [locked]) + arguments.dropFirst(named ? 1 : 0)

        for source in [file, crlf] {
            let opened = try run("pdflayout", given + ["--password-file", source])
            #expect(opened.status == 0, "\(arguments) --password-file \(source): \(opened.stderr)")
        }
        let piped = try run("pdflayout", given + ["--password-file", "-"], stdin: Data("secret".utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        // Process substitution, as `--password-file <(pass show book)` gives: a pipe named /dev/fd/N.
        let shell = try run(
            "bash",
            [
                "-c", "\"$0\" \"$@\" --password-file <(printf secret)",
                Fixtures.binFolder.appendingPathComponent("pdflayout").path,
            ] + given)
        #expect(shell.status == 0, "\(shell.stderr)")

        // The wrong password, a missing file: one line each, nothing written.
        try Data("wrong\nsecret\n".utf8).write(to: URL(fileURLWithPath: file))
        let wrong = try run("pdflayout", given + ["--password-file", file])
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr
                == "pdflayout: \(locked): encrypted: needs --password or --password-file (or the one given is wrong)\n")
        let missing = try run("pdflayout", given + ["--password-file", scratch.path("nope")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "pdflayout: --password-file \(scratch.path("nope")): no such file\n")
        #expect(missing.text.isEmpty)
        let both = try run("pdflayout", given + ["--password", "secret", "--password-file", file])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give --password or --password-file, not both"), "\(both.stderr)")
        let stdinTwice = try run(
            "pdflayout", given.map { $0 == locked ? "-" : $0 } + ["--password-file", "-"],
            stdin: try Data(contentsOf: URL(fileURLWithPath: locked)))
        #expect(stdinTwice.status == 64)
        #expect(stdinTwice.stderr.contains("--password-file - reads standard input"), "\(stdinTwice.stderr)")
        #expect(
            try LayoutRun.files(in: scratch.folder).filter { $0.hasPrefix("out") }.count
                == (arguments[0] == "info" ? 0 : 1), "one output, written again by each successful run")
    }

    /// `pdflayout info` lists pages of one size together, in millimetres and points, naming the
    /// paper; --json keeps every page and adds the groups.
    @Test func infoGroupsEqualSizes() throws {
        let scratch = try Scratch()
        // A4, A4, the A4 landscape page (/Rotate 90) of mixed.pdf, then A4 again: two groups.
        let book = scratch.path("book.pdf")
        let mixed = LayoutRun.mixed
        let made = try run("qpdf", ["--empty", "--pages", mixed, "1-2", mixed, "6", mixed, "1-2", "--", book])
        #expect(made.status == 0, "\(made.stderr)")
        let text = try run("pdflayout", ["info", book])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.text.split(separator: "\n").dropFirst() == [
                "  pages 1–2, 4–5: 210 × 297 mm (A4), 595.28 × 841.89 pt",
                "  page 3: 297 × 210 mm (A4 landscape), 841.89 × 595.28 pt, rotated 90°",
            ], "\(text.text)")

        let mixedText = try run("pdflayout", ["info", mixed]).text
        #expect(
            mixedText.split(separator: "\n").dropFirst() == [
                "  pages 1–2: 210 × 297 mm (A4), 595.28 × 841.89 pt",
                "  page 3: 215.9 × 279.4 mm (Letter), 612 × 792 pt",
                "  page 4: 296 × 222 mm, 839.06 × 629.29 pt",
                "  page 5: 149 × 210 mm (A5), 422.36 × 595.27 pt",
                "  page 6: 297 × 210 mm (A4 landscape), 841.89 × 595.28 pt, rotated 90°",
            ], "\(mixedText)")

        let record = try #require(try run("pdflayout", ["info", "--json", book]).jsonLines().first)
        #expect((record["pages"] as? [[String: Any]])?.count == 5)
        let groups = try #require(record["size_groups"] as? [[String: Any]])
        #expect(groups.count == 2)
        #expect(groups[0]["pages"] as? String == "1-2,4-5")
        #expect(groups[0]["page_count"] as? Int == 4)
        #expect(groups[0]["paper"] as? String == "A4")
        #expect(groups[0]["orientation"] as? String == "portrait")
        #expect(groups[0]["width_mm"] as? Double == 210 && groups[0]["height_mm"] as? Double == 297)
        #expect(groups[0]["width"] as? Double == 595.28)
        #expect(groups[1]["pages"] as? String == "3")
        #expect(groups[1]["orientation"] as? String == "landscape")
        #expect(groups[1]["rotation"] as? Int == 90)
        // The groups' pages are --pages text: they select the same pages in a layout.
        let chosen = try LayoutRun.json([book, "--pages", "1-2,4-5"])
        #expect(chosen["page_count"] as? Int == 4)
    }
}
