import Foundation
import TestSupport
import Testing
import ToolSupport

/// `FirstLine`: a password file's first line, without its line break, and why one cannot be read.
@Suite(.tags(.fast)) struct FirstLineTests {
    private func line(of bytes: String, limit: Int = 65_536) throws -> String {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("password").path
        try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
        return try FirstLine.read(path: path, limit: limit)
    }

    @Test func theFirstLineWithoutItsBreak() throws {
        #expect(try line(of: "secret\n") == "secret")
        #expect(try line(of: "secret\r\nsecond\n") == "secret")
        #expect(try line(of: "secret") == "secret")
        #expect(try line(of: " spaced out \n") == " spaced out ")
        #expect(try line(of: "") == "")
        #expect(try line(of: "\nsecond") == "")
        #expect(try line(of: "pässwörd\n") == "pässwörd")
        // A byte order mark (Windows Notepad's UTF-8) is no part of the line.
        #expect(try line(of: "\u{FEFF}secret\r\n") == "secret")
        #expect(try line(of: "\u{FEFF}") == "")
        // Long lines are read up to the limit (a file of no lines, /dev/zero, cannot fill memory).
        #expect(try line(of: String(repeating: "x", count: 10_000) + "\n") == String(repeating: "x", count: 10_000))
        #expect(try line(of: String(repeating: "x", count: 100), limit: 10).count == 10)
    }

    @Test func failures() throws {
        #expect(throws: FirstLine.Failure.notFound) { try FirstLine.read(path: "/nonexistent/password") }
        #expect(throws: FirstLine.Failure.isFolder) { try FirstLine.read(path: "/tmp") }
        #expect(try FirstLine.read(path: "/dev/zero", limit: 100).count == 100)
    }
}
