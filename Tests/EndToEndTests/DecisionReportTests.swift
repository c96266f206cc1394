import Foundation
import TestSupport
import Testing

/// What `imgtool horizon` says about tilts it did not measure (issue 41 §5): a photo rejected on
/// the review page is said to be rejected (not "up to date ()"), a given or accepted angle names
/// where it came from (not "confidence 1.00"), `--angle` alone is refused rather than doing nothing,
/// and a decisions file of a version this tool does not read is refused.
@Suite(.tags(.tools)) struct DecisionReportTests {
    static func decisions(in folder: URL, version: Int = 1) throws -> String {
        let path = folder.appendingPathComponent("decisions.json").path
        try """
        {"version": \(version), "photos": [{"file": "a.jpg", "decision": "accept", "angle": 3.25},
         {"file": "b.jpg", "decision": "reject", "angle": 4.0}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func acceptedAndRejectedPhotosAreSaidAsSuch() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.jpg", "b.jpg"] { try copyAsset("tilted-lake.jpg", to: folder.path + "/" + name) }
        let decisions = try Self.decisions(in: folder)
        let result = try run(
            "imgtool", ["horizon", "a.jpg", "b.jpg", "--decisions", decisions, "--fix", "-o", "out/"],
            currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("a.jpg: horizon tilted +3.25° (accepted on the review page) → out/a.jpg") })
        #expect(lines.contains("b.jpg: rejected on the review page, skipped"), "\(result.text)")
        #expect(!result.text.contains("confidence 1.00") && !result.text.contains("up to date"), "\(result.text)")
    }

    @Test func aGivenAngleIsSaidToBeGiven() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(
            "imgtool", ["horizon", Fixtures.asset("tilted-lake.jpg"), "--angle", "2", "--fix", "-o", "l.jpg"],
            currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("horizon tilted +2.00° (given with --angle) → l.jpg"), "\(result.text)")
    }

    @Test(arguments: [["--angle", "2"], ["--decisions", "DECISIONS"]])
    func aGivenTiltWithNothingToApplyItToIsRefused(given: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let decisions = try Self.decisions(in: folder)
        let result = try run(
            "imgtool",
            ["horizon", Fixtures.asset("tilted-lake.jpg")] + given.map { $0 == "DECISIONS" ? decisions : $0 })
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("gives the tilt to apply: add --fix"), "\(result.stderr)")
    }

    @Test func aDecisionsFileOfAnotherVersionIsRefused() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyAsset("tilted-lake.jpg", to: folder.path + "/a.jpg")
        let decisions = try Self.decisions(in: folder, version: 2)
        let result = try run(
            "imgtool", ["horizon", "a.jpg", "--decisions", decisions, "--fix", "-o", "out/"], currentDirectory: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("version 2 is not one this imgtool reads"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }
}
