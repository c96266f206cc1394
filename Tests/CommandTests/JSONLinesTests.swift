import CommandSupport
import TestSupport
import Testing
import ToolSupport

@Suite(.tags(.fast)) struct JSONLinesTests {
    struct Record: Encodable {
        var file: String
        var pageLayout: String?
        var scale: Double
    }

    @Test func aRecordIsOneSortedSnakeCaseLineWithItsNulls() throws {
        let line = try JSONLines().line(Record(file: "a.pdf", pageLayout: nil, scale: 2), of: "a.pdf")
        #expect(line == #"{"file":"a.pdf","scale":2}"#)
    }

    /// `pdflayout prefs --json` once printed nothing and exited 0 when its record failed to encode:
    /// the failure is now the file's, exit status 1, with a sentence that says so.
    @Test func aRecordThatCannotBeEncodedFailsTheFile() {
        #expect {
            _ = try JSONLines().line(Record(file: "a.pdf", scale: .nan), of: "a.pdf")
        } throws: { error in
            guard let failure = error as? ToolFailure else { return false }
            return failure.status == ExitStatus.failure
                && failure.message.hasPrefix("a.pdf: its JSON record could not be encoded")
        }
    }
}
