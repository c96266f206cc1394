import Foundation
import TestSupport
import Testing

/// The bench's own Python (bench/, a package run as `python3 -m bench.…`): its unittest tests of the
/// scoring, the corpus's halves by source photo, the table writer and the parsers of the tools' output,
/// and the check that every results table under bench/ is the one its data file writes.
@Suite(.tags(.external)) struct BenchTests {
    @Test func theBenchsPythonTestsPass() throws {
        let result = try run(
            "python3", ["-m", "unittest", "discover", "-s", "bench/tests", "-t", "."],
            environment: ["PYTHONDONTWRITEBYTECODE": "1"], currentDirectory: Fixtures.root)
        #expect(result.status == 0, "\(result.stderr.suffix(6000))")
        // unittest reports on stderr; a discovery that found nothing would pass with status 0.
        let ran = result.stderr.split(separator: "\n").first { $0.hasPrefix("Ran ") }
        #expect(ran != nil && ran != "Ran 0 tests", "\(result.stderr.suffix(2000))")
    }
}
