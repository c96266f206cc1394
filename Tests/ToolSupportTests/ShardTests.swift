import TestSupport
import Testing
import ToolSupport

@Suite(.tags(.fast)) struct ShardTests {
    @Test func parsesAndRefuses() throws {
        let shard = try Shard(parsing: "2/8")
        #expect(shard.index == 2 && shard.count == 8)
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "1/2/3", "-1/4", ""] {
            #expect(throws: Shard.Failure.self) { try Shard(parsing: bad) }
        }
    }

    /// The published FNV-1a 64 test vectors: the hash must be the same on every machine.
    @Test func hashIsFNV1a() {
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func everyKeyFallsInExactlyOneShard() throws {
        let keys = (0..<2000).map { "trip-\($0 / 100)/IMG_\(String(format: "%04d", $0)).jpg" }
        for count in [1, 2, 3, 7] {
            let shards = try (1...count).map { try Shard(index: $0, count: count) }
            var sizes = Array(repeating: 0, count: count)
            for key in keys {
                let owners = shards.indices.filter { shards[$0].contains(key) }
                #expect(owners.count == 1, "\(key) in \(owners.count) of \(count) shards")
                sizes[owners[0]] += 1
            }
            // A fair hash splits 2,000 keys within a few per cent of even.
            let even = Double(keys.count) / Double(count)
            #expect(sizes.allSatisfy { abs(Double($0) - even) < 0.15 * even + 5 }, "\(sizes)")
        }
    }
}
