import Foundation
import TestSupport
import Testing

/// The GNU parallel recipe of docs/files-and-batches.md, run as written on a small library: the shards together write
/// the same files, byte for byte, as one unsharded run.
@Suite(.tags(.tools)) struct ShardRecipeTests {
    static func recipe() throws -> String { try Guide.recipe("gnu-parallel") }

    @Test func gnuParallelShardsEqualOneRun() throws {
        let scratch = try Scratch()
        _ = try BatchCommandTests.library(in: scratch)
        let recipe = try Self.recipe()
        #expect(recipe.contains("--shard {}/4"))
        let path = Fixtures.binFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let sharded = try run(
            "bash", ["-c", "cd '\(scratch.folder.path)' && " + recipe], environment: ["PATH": path], timeout: 300)
        // parallel exits with the number of failed shards: the library holds a broken photo and one without a horizon.
        #expect(!sharded.signalled && !sharded.timedOut, "\(sharded.stderr)")
        #expect(sharded.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("imgtool: ") }, "\(sharded.stderr)")

        let whole = try run(
            "imgtool", ["horizon", "-r", scratch.path("photos"), "--fix", "-o", scratch.path("whole") + "/", "-q"])
        #expect(whole.status == 1)
        let shardFiles = BatchCommandTests.tree(scratch.path("level")),
            wholeFiles = BatchCommandTests.tree(scratch.path("whole"))
        #expect(shardFiles == wholeFiles)
        #expect(shardFiles.count == 4)
        for file in wholeFiles {
            let a = try Data(contentsOf: URL(fileURLWithPath: scratch.path("level/" + file)))
            let b = try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/" + file)))
            #expect(a == b, "\(file) differs between the sharded and the single run")
        }
    }
}
