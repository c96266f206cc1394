import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import PDFLayoutCommands

/// `--columns` out of range says what it takes, a negative number included (ArgumentParser would
/// take "-1" for an option and report "Missing value for '--columns <n>'").
@Suite(.tags(.fast)) struct ColumnsRangeTests {
    @Test(arguments: ["0", "-1", "-20", "10001"])
    func outOfRange(value: String) {
        do {
            _ = try PDFLayout.parseAsRoot(["book.pdf", "--columns", value])
            Issue.record("--columns \(value) was accepted")
        } catch {
            #expect(PDFLayout.exitCode(for: error).rawValue == 64)
            #expect(
                PDFLayout.message(for: error) == "--columns must be a whole number from 1 to 10000",
                "\(PDFLayout.message(for: error))")
        }
    }
}

/// The options' one-line help says what --columns does with them: --cover has no /PageLayout
/// default there (LayoutJob.layoutOptions), and only the widest page is 200 px wide.
@Suite(.tags(.fast)) struct ColumnsHelpTests {
    /// The help block of the option whose line starts with `name`, joined into one line.
    private func help(of name: String) throws -> String {
        let lines = PDFLayout.LayoutCommand.helpMessage(columns: 200).split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("  \(name)") }, "no \(name) in the help")
        return lines[start...].prefix { $0 == lines[start] || !$0.hasPrefix("  -") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test func coverAndColumnsSayWhatTheyDoTogether() throws {
        let cover = try help(of: "--cover/--no-cover")
        #expect(cover.contains("--columns: the first cell left empty (default: not)"), "\(cover)")
        let columns = try help(of: "--columns")
        #expect(columns.contains("The widest page 200 px wide"), "\(columns)")
    }
}
