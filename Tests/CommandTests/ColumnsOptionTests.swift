import ArgumentParser
import Testing

@testable import PDFLayoutCommands

/// `--columns` out of range says what it takes, a negative number included (ArgumentParser would
/// take "-1" for an option and report "Missing value for '--columns <n>'").
@Suite struct ColumnsRangeTests {
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
