import Foundation
import TestSupport
import Testing

/// The parsers of page ranges, fit boxes and shards name no option; the command that read the text
/// names it, once, at the command boundary. The sentences users read are unchanged.
@Suite(.tags(.tools)) struct OptionErrorTests {
    @Test(arguments: [
        (["--pages", " ", "--json"], "--pages is empty"),
        (["--pages", "3-1", "--json"], "--pages: range 3-1 runs backwards"),
        (["--two-up", "--alone", "1;2", "--json"], "--alone: cannot read \"1;2\" (expected e.g. 1-5,8,10-)"),
        (["--fit", "10x", "-o", "/tmp/never-written.png"], "--fit: cannot read \"10x\""),
        (["--shard", "4/3", "--json"], "--shard 4/3: want i/N with 1 ≤ i ≤ N"),
        (["--shard", "x", "--json"], "--shard x: want i/N, e.g. 2/8"),
    ])
    func theOptionIsNamedOnce(arguments: [String], message: String) throws {
        let result = try run("pdflayout", [LayoutRun.mixed] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("--pages: --pages") && !result.stderr.contains("--shard --shard"))
    }
}
