import TestSupport
import Testing

@testable import Vips

/// `blockAverage` is `shrink` computed another way: the same pixels, at every size and edge.
@Suite(.tags(.fast)) struct BlockAverageTests {
    /// A deterministic pattern with every level in it.
    func pattern(width: Int, height: Int, bands: Int) throws -> Image {
        let pixels = (0..<width * height * bands).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) }
        return try Image(bytes: pixels, width: width, height: height, bands: bands)
    }

    @Test(arguments: [(1, 1), (2, 2), (3, 3), (201, 155), (156, 200), (37, 1)])
    func halvingEqualsShrinkWithinOneLevel(size: (Int, Int)) throws {
        for bands in [1, 3, 4] {
            let image = try pattern(width: size.0, height: size.1, bands: bands)
            let fast = try image.blockAverage(2), reference = try image.shrink(2)
            #expect(fast.width == reference.width && fast.height == reference.height && fast.bands == bands)
            #expect(fast.bandFormat == .uchar)
            let differences = zip(try fast.bytes(), try reference.bytes()).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 1, "\(size) × \(bands)")
        }
    }

    @Test func exactAveragesWithPartialEdgeBlocks() throws {
        // 3 × 3 grey: blocks of 4, 2, 2 and 1 pixels; 10+20+40+50 = 120 → 30 exactly, ties round up.
        let image = try Image(bytes: [0, 10, 20, 30, 40, 50, 60, 70, 80], width: 3, height: 3, bands: 1)
        #expect(try image.blockAverage(2).bytes() == [20, 35, 65, 80])
        let ties = try Image(bytes: [0, 1, 0, 1], width: 2, height: 2, bands: 1)  // 2 / 4 rounds to 1
        #expect(try ties.blockAverage(2).bytes() == [1])
    }

    @Test func largerFactorsAndOtherFormatsMatchShrink() throws {
        let image = try pattern(width: 64, height: 48, bands: 3)
        for factor in [3, 4] {
            let fast = try image.blockAverage(factor), reference = try image.shrink(factor)
            #expect(fast.width == reference.width && fast.height == reference.height)
            let differences = zip(try fast.bytes(), try reference.bytes()).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 1, "factor \(factor)")
        }
        let floats = try Image(floats: [0, 1, 2, 3], width: 2, height: 2, bands: 1)
        #expect(try floats.blockAverage(2).floats() == [1.5])
        #expect(try image.blockAverage(1).bytes() == image.bytes())
    }
}
