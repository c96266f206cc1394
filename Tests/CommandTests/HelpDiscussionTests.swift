import ArgumentParser
import TestSupport
import Testing

@testable import PDFLayoutCommands

/// pdflayout's help texts read as written: ArgumentParser wraps any line over 80 columns on its
/// own, so a longer line in a paragraph leaves a ragged stub ("..., or the") before the next one.
@Suite(.tags(.fast)) struct HelpDiscussionTests {
    static let commands: [(String, any ParsableCommand.Type)] = [
        ("layout", PDFLayout.LayoutCommand.self), ("info", PDFLayout.Info.self), ("prefs", PDFLayout.Prefs.self),
    ]

    @Test(arguments: commands.map(\.0))
    func paragraphsAreWrappedWithinEightyColumns(name: String) throws {
        let command = try #require(Self.commands.first { $0.0 == name }?.1)
        let discussion = command.configuration.discussion
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "pdflayout \(name): a line of \(line.count) columns: \(line)")
        }
        #expect(!discussion.contains("\n\n\n"), "pdflayout \(name): two blank lines in a row")
    }
}
