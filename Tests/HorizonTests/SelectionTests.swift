import TestSupport
import Testing

@testable import Horizon

/// The noise floor's median is found by selection instead of a sort: it must be the very value
/// the sort gives, for every rank, with ties and with every order of input.
@Suite(.tags(.fast)) struct SelectionTests {
    @Test(arguments: [1, 2, 3, 7, 100, 1001])
    func selectionGivesTheSortedValueAtEveryRank(count: Int) {
        var generator = SplitMix(seed: UInt64(count))
        let shapes: [[Float]] = [
            (0..<count).map { _ in Float(generator.next() % 1000) / 7 },  // many ties
            (0..<count).map { _ in Float(generator.next() % 3) },  // almost all ties
            (0..<count).map(Float.init),  // sorted
            (0..<count).reversed().map(Float.init),  // reversed
            [Float](repeating: 2.5, count: count),  // all equal
        ]
        for values in shapes {
            let sorted = values.sorted()
            for rank in Set([0, count / 2, count - 1, count / 3, (2 * count) / 3]) {
                var scratch = values
                #expect(selectValue(&scratch, rank: rank) == sorted[rank])
                #expect(scratch.sorted() == sorted)  // reordered, nothing lost or made up
            }
        }
    }

    /// A small seeded generator, so a failure can be replayed.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
