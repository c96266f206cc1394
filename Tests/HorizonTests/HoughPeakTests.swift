import TestSupport
import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The accumulator's peaks, against the plain reading of their definition: two-bin windows summed
/// into an array of their own, each compared with its neighbours.
@Suite(.tags(.fast)) struct HoughPeakTests {
    static func referencePeaks(_ hough: HoughAccumulator, minimum: Float) -> [HoughPeak] {
        let windowCount = hough.rhoCount - 1
        var windows = [Float](repeating: 0, count: hough.angleCount * windowCount)
        for bin in 0..<hough.angleCount {
            for r in 0..<windowCount {
                windows[bin * windowCount + r] =
                    hough.votes[bin * hough.rhoCount + r] + hough.votes[bin * hough.rhoCount + r + 1]
            }
        }
        var peaks: [HoughPeak] = []
        for bin in 0..<hough.angleCount {
            for r in 0..<windowCount where windows[bin * windowCount + r] >= minimum {
                let v = windows[bin * windowCount + r]
                var isPeak = true
                for db in -1...1 {
                    for dr in -2...2 where db != 0 || dr != 0 {
                        let b = bin + db, q = r + dr
                        let inside = b >= 0 && b < hough.angleCount && q >= 0 && q < windowCount
                        let other = inside ? windows[b * windowCount + q] : 0
                        if other > v || (other == v && (db < 0 || (db == 0 && dr < 0))) { isPeak = false }
                    }
                }
                if isPeak { peaks.append(HoughPeak(angleBin: bin, rhoBin: r, votes: v)) }
            }
        }
        return peaks.sorted { $0.votes > $1.votes }
    }

    /// Random edges and a few lines, votes in whole and half units so that ties occur.
    @Test(arguments: [1 as UInt64, 2, 3])
    func peaksAsDefined(seed: UInt64) {
        var random = SplitMix64(state: seed)
        var edges = EdgeSamples()
        let width = 300.0, height = 200.0
        for _ in 0..<4000 {
            let x = Float.random(in: 0..<300, using: &random), y = Float.random(in: 0..<200, using: &random)
            edges.append(
                x: x, y: y, angle: Float.random(in: -12..<12, using: &random),
                weight: Float(Int.random(in: 1...2, using: &random)) / 2)
        }
        for (angle, rho) in [(2.0, 80.0), (-5.0, 120.0), (8.0, 60.0)] {
            let s = Float(sin(angle * .pi / 180)), c = Float(cos(angle * .pi / 180))
            for step in 0..<250 {
                let x = Float(step) * 1.2
                edges.append(x: x, y: (Float(rho) - x * s) / c, angle: Float(angle), weight: 1)
            }
        }
        var hough = HoughAccumulator(width: width, height: height, maxAngle: 10, angleStep: 0.2)
        hough.vote(edges, tolerance: 3)
        let reference = Self.referencePeaks(hough, minimum: 15)
        #expect(reference.count > 12)
        let found = hough.peaks(minimum: 15, limit: reference.count, angleSeparation: 0, rhoSeparation: 0)
        #expect(found.map(\.angleBin) == reference.map(\.angleBin))
        #expect(found.map(\.rhoBin) == reference.map(\.rhoBin))
        #expect(found.map(\.votes) == reference.map(\.votes))
    }
}
