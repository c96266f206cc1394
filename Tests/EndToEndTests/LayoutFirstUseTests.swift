import Foundation
import TestSupport
import Testing

/// What a new user meets first (issue 17), run as a user runs the binary.
@Suite struct LayoutFirstUseTests {
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
}
