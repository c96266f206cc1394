import Foundation
import TestSupport
import Testing

/// What a new user tripped over in pdflayout (issue 20, §3), each run through the built binary.
@Suite struct NewUserPDFLayoutTests {
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
