#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A peak of the accumulator: angle bin, the first of the two ρ bins of its window, and its votes.
struct HoughPeak {
    var angleBin: Int
    var rhoBin: Int
    var votes: Float
}

/// Hough accumulator restricted to lines within ±maxAngle of horizontal (in one family's frame).
///
/// A line at tilt θ (degrees, positive = rises to the right, y down) is the set of points with
/// ρ = x·sin θ + y·cos θ. Each edge votes only for the angles its own gradient allows
/// (±tolerance), which is cheap (a few dozen votes per edge) and keeps diagonal texture, whose
/// gradients point elsewhere, out of the horizon's bins altogether.
struct HoughAccumulator {
    let angleStep: Double
    let angleCount: Int
    let firstAngle: Double
    let rhoOrigin: Float
    let rhoCount: Int
    private(set) var votes: [Float]
    private let sines: [Float]
    private let cosines: [Float]

    init(width: Double, height: Double, maxAngle: Double, angleStep: Double) {
        self.angleStep = angleStep
        let angleCount = Int((2 * maxAngle / angleStep).rounded()) + 1
        let firstAngle = -Double(angleCount - 1) * angleStep / 2
        self.angleCount = angleCount
        self.firstAngle = firstAngle
        let reach = width * sin(maxAngle / degreesPerRadian)
        rhoOrigin = Float((-reach).rounded(.down) - 2)
        rhoCount = Int((2 * reach + height).rounded(.up)) + 5
        votes = [Float](repeating: 0, count: angleCount * rhoCount)
        let angles = (0..<angleCount).map { (firstAngle + Double($0) * angleStep) / degreesPerRadian }
        sines = angles.map { Float(sin($0)) }
        cosines = angles.map { Float(cos($0)) }
    }

    func angle(atBin bin: Double) -> Double { firstAngle + bin * angleStep }

    /// Centre ρ of the two-bin window starting at `rhoBin`.
    func rhoOfWindow(_ rhoBin: Int) -> Double { Double(rhoOrigin) + Double(rhoBin) + 1 }

    /// Adds every edge's votes. Edges are first sorted by the bin their own gradient points to, and
    /// the votes are then cast one accumulator row (angle) at a time: each row is a few kB that stays
    /// in cache, where voting edge by edge would touch a different row, page and cache line with
    /// every vote (4× slower on a 1024-pixel map).
    mutating func vote(_ edges: EdgeSamples, tolerance: Double) {
        let reach = Int((tolerance / angleStep).rounded(.down))
        // Bucket k holds edges whose gradient points at bin k − reach (bins beyond either end of
        // the range still reach into it).
        let bucketCount = angleCount + 2 * reach
        var bucketOf = [Int32](repeating: -1, count: edges.count)
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        let firstAngle = self.firstAngle, step = angleStep
        for i in 0..<edges.count {
            let bucket = Int(((Double(edges.angle[i]) - firstAngle) / step).rounded()) + reach
            if bucket >= 0 && bucket < bucketCount {
                bucketOf[i] = Int32(bucket)
                starts[bucket + 1] += 1
            }
        }
        for k in 0..<bucketCount { starts[k + 1] += starts[k] }
        let total = starts[bucketCount]
        var xs = [Float](repeating: 0, count: total), ys = xs, ws = xs
        var fill = starts
        for i in 0..<edges.count where bucketOf[i] >= 0 {
            let slot = fill[Int(bucketOf[i])]
            fill[Int(bucketOf[i])] += 1
            xs[slot] = edges.x[i]; ys[slot] = edges.y[i]
            ws[slot] = abs(edges.weight[i])  // both polarities support a line
        }

        // floor(ρ − origin) without Float→Int conversion checks: adding 1.5·2²³ leaves the rounded
        // value in the low mantissa bits (valid for 0 ≤ value < 2²², which the ρ range guarantees).
        let magic: Float = 12_582_912
        let offset = magic - rhoOrigin - 0.5
        let lastRho = rhoCount - 1, rhoCount = self.rhoCount
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                ws.withUnsafeBufferPointer { ws in
                    votes.withUnsafeMutableBufferPointer { acc in
                        for bin in 0..<angleCount {
                            let s = sines[bin], c = cosines[bin]
                            let row = acc.baseAddress! + bin * rhoCount
                            // Buckets bin − reach … bin + reach, i.e. indices bin … bin + 2·reach.
                            for i in starts[bin]..<starts[bin + 2 * reach + 1] {
                                let r = Int((xs[i] * s + ys[i] * c + offset).bitPattern & 0x3F_FFFF)
                                row[min(r, lastRho)] += ws[i]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Up to `limit` separate peaks of at least `minimum` votes (two-bin windows), strongest first.
    /// Peaks closer than `angleSeparation` degrees and `rhoSeparation` pixels to a stronger one
    /// are suppressed: they are the same line.
    func peaks(minimum: Float, limit: Int, angleSeparation: Double, rhoSeparation: Int) -> [HoughPeak] {
        let windowCount = rhoCount - 1, angleCount = self.angleCount, rhoCount = self.rhoCount
        guard windowCount > 0 else { return [] }
        var candidates: [HoughPeak] = []
        votes.withUnsafeBufferPointer { acc in
            // Window sums are added where they are read, not kept in an array of their own: few
            // windows reach `minimum`, and only theirs are compared with their neighbours, while a
            // second accumulator-sized array is 2 MB of fresh pages on a 1024-pixel map.
            func window(_ bin: Int, _ r: Int) -> Float {
                let i = bin * rhoCount + r
                return acc[i] + acc[i + 1]
            }
            for bin in 0..<angleCount {
                for r in 0..<windowCount {
                    let v = window(bin, r)
                    if v < minimum { continue }
                    var isPeak = true
                    search: for db in -1...1 {
                        for dr in -2...2 where db != 0 || dr != 0 {
                            let b = bin + db, q = r + dr
                            // Beyond the accumulator counts as no votes.
                            let other: Float =
                                b >= 0 && b < angleCount && q >= 0 && q < windowCount
                                ? window(b, q) : 0
                            // Ties: the first in scan order wins.
                            if other > v || (other == v && (db < 0 || (db == 0 && dr < 0))) {
                                isPeak = false
                                break search
                            }
                        }
                    }
                    if isPeak { candidates.append(HoughPeak(angleBin: bin, rhoBin: r, votes: v)) }
                }
            }
        }
        candidates.sort { $0.votes > $1.votes }
        var kept: [HoughPeak] = []
        let binSeparation = angleSeparation / angleStep
        for c in candidates {
            let duplicate = kept.contains {
                Double(abs($0.angleBin - c.angleBin)) < binSeparation && abs($0.rhoBin - c.rhoBin) < rhoSeparation
            }
            if !duplicate { kept.append(c) }
            if kept.count == limit { break }
        }
        return kept
    }
}
