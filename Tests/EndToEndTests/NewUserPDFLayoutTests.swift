import Foundation
import TestSupport
import Testing

/// What a new user tripped over in pdflayout (issue 20, §3), each run through the built binary.
@Suite(.tags(.tools)) struct NewUserPDFLayoutTests {
    static let mixed = Fixtures.asset("mixed.pdf")

    @Test func quietKeepsTheJSONRecordsAskedFor() throws {
        let info = try run("pdflayout", ["info", "-q", "--json", Self.mixed])
        #expect(info.status == 0 && info.stderr.isEmpty)
        #expect(try info.jsonLines().first?["page_count"] as? Int == 6)
        let layout = try run("pdflayout", [Self.mixed, "-q", "--json", "--two-up"])
        #expect(try layout.jsonLines().first?["mode"] as? String == "two-up", "\(layout.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func prefsRefusesToWritePDFDataToATerminal() throws {
        let pdflayout = Fixtures.binFolder.appendingPathComponent("pdflayout").path
        // script(1) gives the command a pseudo-terminal as standard output.
        let result = try run(
            "/usr/bin/script", ["-qec", "'\(pdflayout)' prefs '\(Self.mixed)' --rtl -o -", "/dev/null"])
        #expect(result.status == 64)
        #expect(result.text.contains("pdflayout: refusing to write PDF data to a terminal"), "\(result.text)")
        #expect(!result.text.contains("%PDF"))
    }

    @Test func prefsSaysWhatIsWrongWithTheFileInPlainWords() throws {
        let scratch = try Scratch()
        let missing = try run("pdflayout", ["prefs", scratch.path("nosuch.pdf"), "--rtl", "-o", scratch.path("x.pdf")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "pdflayout: \(scratch.path("nosuch.pdf")): no such file\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.mixed))
        let truncated = scratch.path("cut.pdf")
        try bytes.prefix(3000).write(to: URL(fileURLWithPath: truncated))
        let cut = try run("pdflayout", ["prefs", truncated, "--rtl", "-o", scratch.path("x.pdf")])
        #expect(cut.status == 1)
        #expect(cut.stderr == "pdflayout: \(truncated): not a readable PDF (the file is damaged or truncated)\n")
        // --json: the failure record every other command writes.
        let json = try run("pdflayout", ["prefs", truncated, "--rtl", "-o", scratch.path("x.pdf"), "--json"])
        let record = try #require(try json.jsonLines().first)
        #expect(record["file"] as? String == truncated)
        #expect(record["error"] as? String == "not a readable PDF (the file is damaged or truncated)")
        #expect(record["exit_status"] as? Int == 1)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.pdf")))
    }

    @Test func prefsHelpOffersOnlyWhatPrefsTakes() throws {
        let help = try run("pdflayout", ["prefs", "--help"])
        #expect(help.status == 0)
        #expect(!help.text.contains("--horizontal"), "\(help.text)")
        #expect(help.text.contains("/OneColumn"))
        let refused = try run("pdflayout", ["prefs", Self.mixed, "--horizontal", "-o", "/tmp/never.pdf"])
        #expect(refused.status == 64)
    }
}

/// Numbered images carry their page's number, and a run leaves no older numbered images beside its own.
@Suite(.tags(.tools)) struct NumberedImageTests {
    @Test func singlePagesAreNamedByTheirPage() throws {
        let scratch = try Scratch()
        let result = try run(
            "pdflayout",
            [Fixtures.asset("mixed.pdf"), "--single", "--pages", "3-5", "--dpi", "10", "-o", scratch.path("p.png")])
        #expect(result.status == 0, "\(result.stderr)")
        // With the hidden record of them, which the next run to p.png reads (RunRecordTests).
        #expect(
            try LayoutRun.files(in: scratch.folder) == [".p.png.pdflayout-run", "p-003.png", "p-004.png", "p-005.png"])
        // The JSON names the same files.
        let json = try run(
            "pdflayout",
            [
                Fixtures.asset("mixed.pdf"), "--single", "--pages", "3-5", "--dpi", "10", "-o", scratch.path("j%d.png"),
                "--json",
            ])
        let outputs = try #require(try json.jsonLines().first?["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["path"] as? String } == ["j3.png", "j4.png", "j5.png"].map { scratch.path($0) })
    }

    @Test func olderNumberedImagesOfTheSameNameAreRemovedAndListed() throws {
        let scratch = try Scratch()
        let mixed = Fixtures.asset("mixed.pdf")
        let first = try run("pdflayout", [mixed, "--single", "--dpi", "10", "-o", scratch.path("p.png")])
        #expect(first.status == 0, "\(first.stderr)")
        // The six images and the record of them.
        #expect(try LayoutRun.files(in: scratch.folder).count == 7)
        // Someone else's files that only look alike stay.
        for name in ["p-1.png", "p-notes.png", "p-001.jpg", "q-001.png"] {
            _ = FileManager.default.createFile(atPath: scratch.path(name), contents: Data("x".utf8))
        }
        let second = try run(
            "pdflayout", [mixed, "--single", "--pages", "3-4", "--dpi", "10", "-o", scratch.path("p.png")])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            try LayoutRun.files(in: scratch.folder) == [
                ".p.png.pdflayout-run", "p-001.jpg", "p-003.png", "p-004.png", "p-1.png", "p-notes.png", "q-001.png",
            ])
        #expect(second.text.contains("4 numbered images of an earlier run removed"), "\(second.text)")
    }
}

/// The bash completion that set-up installs (scripts/completions.sh), run in bash as a shell does.
@Suite(.tags(.tools)) struct BashCompletionTests {
    /// What bash offers for `line` (the cursor at its end), from the installed completion of `tool`.
    static func offers(_ tool: String, _ line: String, share: String, in folder: URL) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let script = """
            source '\(share)/bash-completion/completions/\(tool)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _\(tool) '\(tool)' '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run("bash", ["-c", script], currentDirectory: folder)
        return result.text.split(separator: "\n").map(String.init)
    }

    @Test func completesFileNamesAndTheDefaultCommandsOptions() throws {
        let scratch = try Scratch()
        let share = scratch.path("share")
        let made = try run(
            Fixtures.root.appendingPathComponent("scripts/completions.sh").path,
            [Fixtures.binFolder.path, share])
        #expect(made.status == 0, "\(made.stderr)")
        let work = scratch.folder.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for name in ["book.pdf", "bookmarks.txt", "photo.jpg"] {
            _ = FileManager.default.createFile(atPath: work.appendingPathComponent(name).path, contents: Data())
        }
        // Options of the layout job without naming it.
        #expect(try Self.offers("pdflayout", "pdflayout book.pdf --two-u", share: share, in: work).contains("--two-up"))
        #expect(try Self.offers("pdflayout", "pdflayout --rt", share: share, in: work) == ["--rtl"])
        // Its PDFs, and the subcommands still.
        let first = try Self.offers("pdflayout", "pdflayout boo", share: share, in: work)
        #expect(first.contains("book.pdf") && !first.contains("bookmarks.txt"), "\(first)")
        #expect(try Self.offers("pdflayout", "pdflayout inf", share: share, in: work).contains("info"))
        #expect(try Self.offers("pdflayout", "pdflayout info boo", share: share, in: work).contains("book.pdf"))
        // imgtool: files after a command, and after -o.
        #expect(try Self.offers("imgtool", "imgtool blur pho", share: share, in: work).contains("photo.jpg"))
        #expect(
            try Self.offers("imgtool", "imgtool blur photo.jpg -o boo", share: share, in: work).contains("book.pdf"))
    }
}
