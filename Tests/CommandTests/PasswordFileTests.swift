import Foundation
import TestSupport
import Testing

@testable import PDFLayoutCommands

/// `--password-file FILE`: what the first line gives, and a file that gives no password.
@Suite(.tags(.fast)) struct PasswordFileTests {
    /// What `--password-file` makes of a file holding `text`: the password, or the failure's message
    /// (the file's path shown as FILE) and exit status.
    private func resolve(_ text: String) throws -> (password: String?, failure: String?, status: Int32?) {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("password").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let options = try PasswordOptions.parse(["--password-file", path])
        do {
            return (try options.resolve(), nil, nil)
        } catch {
            return (nil, error.message.replacingOccurrences(of: path, with: "FILE"), error.status)
        }
    }

    @Test func theFirstLineIsThePassword() throws {
        #expect(try resolve("secret\r\nnot this\n").password == "secret")
        #expect(try resolve(" spaced \n").password == " spaced ")
    }

    /// An empty first line (an empty file, a failed `pass show` piped in) is no password: an empty
    /// one opens nothing that no password does, so it is reported as what it is, not as "wrong".
    @Test(arguments: ["", "\n", "\r\n", "\nsecret\n"])
    func anEmptyFirstLineIsReported(text: String) throws {
        let result = try resolve(text)
        #expect(result.password == nil)
        #expect(result.failure == "--password-file FILE: its first line is empty: the password goes there")
        #expect(result.status == 1)
    }
}

/// Standard input holds one PDF: `-` given twice is a command-line error for every command that
/// reads PDFs, not a second read of an emptied pipe ("empty input, not a PDF", status 1).
@Suite(.tags(.fast)) struct StandardInputOnceTests {
    @Test(arguments: [["info", "-", "-"], ["-", "-"], ["info", "-", "--password-file", "-"]])
    func readOnce(arguments: [String]) {
        do {
            _ = try PDFLayout.parseAsRoot(arguments)
            Issue.record("pdflayout \(arguments.joined(separator: " ")) was accepted")
        } catch {
            #expect(PDFLayout.exitCode(for: error).rawValue == 64)
            #expect(PDFLayout.message(for: error).contains("standard input"), "\(PDFLayout.message(for: error))")
        }
    }
}
