import Foundation
import TestSupport
import Testing

/// The help texts read as written (issue 41 §5): no paragraph breaks mid-phrase into a short stub
/// ("2 nothing found" / "to act on" / "(horizon: …"), which happens when a line of the source is
/// longer than the 80 columns ArgumentParser wraps at, or shorter than its paragraph's others.
@Suite(.tags(.tools)) struct HelpWrapTests {
    static let commands: [[String]] = [
        ["imgtool"], ["imgtool", "info"], ["imgtool", "blur"], ["imgtool", "horizon"], ["imgtool", "formats"],
        ["pdflayout"], ["pdflayout", "layout"], ["pdflayout", "info"], ["pdflayout", "prefs"],
    ]

    /// Lines of the overview and discussion (before USAGE) that end a line early inside a paragraph:
    /// under 60 columns, no closing punctuation, and the paragraph goes on.
    static func stubs(_ help: String) -> [String] {
        let prose = help.components(separatedBy: "\nUSAGE:")[0]
        let lines = prose.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return zip(lines, lines.dropFirst()).compactMap { line, next in
            guard !line.isEmpty, !next.isEmpty, !line.hasPrefix(" "), !next.hasPrefix(" "), line.count < 60,
                let last = line.last, !":.),;".contains(last)
            else { return nil }
            return "\(line) / \(next)"
        }
    }

    @Test(arguments: commands)
    func paragraphsDoNotBreakMidPhrase(command: [String]) throws {
        let result = try run(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("USAGE:"))
        #expect(Self.stubs(result.text).isEmpty, "\(command): \(Self.stubs(result.text))")
    }

    /// The check itself finds the stub the issue quoted.
    @Test func theCheckFindsAStub() {
        let help =
            "Exit status: 0 success, 1 a file could not be read or written, 2 nothing found\nto act on\n"
            + "(horizon: no horizon in some input), 64 bad command line.\n\nUSAGE: imgtool\n"
        #expect(Self.stubs(help) == ["to act on / (horizon: no horizon in some input), 64 bad command line."])
    }
}
