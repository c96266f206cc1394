#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A straight edge segment found in the gradient field.
struct EdgeSegment {
    var x1: Double, y1: Double, x2: Double, y2: Double
    /// Length in pixels.
    var length: Double
    /// Width of the supporting region across the segment, pixels.
    var width: Double
    /// Mean gradient direction of the region, radians (atan2(gy, gx)): which side is brighter.
    var gradientAngle: Double
    var midX: Double { 0.5 * (x1 + x2) }
    var midY: Double { 0.5 * (y1 + y2) }
    /// Unit direction from (x1, y1) to (x2, y2).
    var direction: (x: Double, y: Double) {
        let span = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
        return span > 0 ? ((x2 - x1) / span, (y2 - y1) / span) : (0, 1)
    }
}

/// Line segments by region growing on the gradient direction, after the line segment detector of
/// von Gioi et al. (LSD): pixels are visited from the strongest gradient down; each unvisited one
/// seeds a region of 8-connected pixels whose gradient direction stays within `tolerance` of the
/// region's mean; a region becomes a segment when it is long, thin and dense enough. LSD's
/// a-contrario validation is replaced by the length and density tests, which is enough here: the
/// segments are only votes, weighed by length, in a robust fit.
func detectSegments(
    _ map: EdgeMap, magnitudes: GradientMagnitudes? = nil, minMagnitude floor: Float, minLength: Double,
    tolerance: Double = 22.5 / degreesPerRadian, minDensity: Double = 0.6,
    noiseFactor: Float = 2
) -> [EdgeSegment] {
    detectSegments(
        map, magnitudes: magnitudes, minMagnitude: floor, minLength: minLength, tolerance: tolerance,
        minDensity: minDensity, noiseFactor: noiseFactor
    ) { magnitude, minMagnitude in
        GradientsOverMagnitude(gx: map.gx, gy: map.gy, magnitude: magnitude, noiseFloor: minMagnitude)
    }
}

/// The same, reading the unit gradient directions from `unitGradients(magnitude, minMagnitude)`
/// (`SegmentDirectionTests` gives it a table of them, the straightforward form, to compare).
func detectSegments<Directions: UnitGradients>(
    _ map: EdgeMap, magnitudes: GradientMagnitudes? = nil, minMagnitude floor: Float, minLength: Double,
    tolerance: Double = 22.5 / degreesPerRadian, minDensity: Double = 0.6, noiseFactor: Float = 2,
    unitGradients: (_ magnitude: [Float], _ minMagnitude: Float) -> Directions
) -> [EdgeSegment] {
    let w = map.width, h = map.height, count = w * h
    guard w >= 3 && h >= 3 else { return [] }
    // In a noisy picture most pixels have some gradient: the floor rises above the typical one
    // (as for the horizon line's edges), or noise grows regions in every direction.
    let (magnitude, strongest) = magnitudes ?? gradientMagnitudes(map)
    var sample = stride(from: 0, to: count, by: 7).map { magnitude[$0] }
    let minMagnitude = max(floor, noiseFactor * selectValue(&sample, rank: sample.count / 2))
    guard strongest > minMagnitude else { return [] }
    // Unit gradient directions, so that comparing two is one dot product.
    let directions = unitGradients(magnitude, minMagnitude)

    let order = strongestFirst(magnitude, above: minMagnitude, strongest: strongest)

    var used = [Bool](repeating: false, count: count)
    var region: [Int] = []
    region.reserveCapacity(4096)
    var segments: [EdgeSegment] = []
    let cosTolerance = Float(cos(tolerance))
    let minPoints = max(8, Int(0.5 * minLength))

    for seed in order where !used[seed] {
        region.removeAll(keepingCapacity: true)
        region.append(seed)
        used[seed] = true
        var (sumC, sumS) = directions.unit(at: seed)
        var meanC = sumC, meanS = sumS
        var next = 0
        while next < region.count {
            let p = region[next]
            next += 1
            let px = p % w, py = p / w
            for dy in -1...1 {
                let ny = py + dy
                guard ny >= 0 && ny < h else { continue }
                for dx in -1...1 {
                    let nx = px + dx
                    guard nx >= 0 && nx < w else { continue }
                    let q = ny * w + nx
                    guard !used[q] && magnitude[q] > minMagnitude else { continue }
                    let (c, s) = directions.unit(at: q)
                    guard c * meanC + s * meanS >= cosTolerance else { continue }
                    used[q] = true
                    region.append(q)
                    sumC += c
                    sumS += s
                    let norm = (sumC * sumC + sumS * sumS).squareRoot()
                    meanC = sumC / norm
                    meanS = sumS / norm
                }
            }
        }
        guard region.count >= minPoints,
            let segment = rectangle(
                of: region, width: w, magnitude: magnitude,
                gradientAngle: Double(atan2f(meanS, meanC))),
            segment.length >= minLength,
            Double(region.count) / (segment.length * segment.width) >= minDensity
        else { continue }
        segments.append(segment)
    }
    return magnitude.withUnsafeBufferPointer { m in
        segments.map {
            refinedToSubpixel($0, magnitude: m, directions: directions, width: w, height: h, cosTolerance: cosTolerance)
        }
    }
}

/// Each pixel's unit gradient direction, as the region growing and the sub-pixel refit read them.
protocol UnitGradients {
    /// The gradient at pixel `index` divided by its magnitude above the noise floor; (0, 0) at or below it.
    func unit(at index: Int) -> (x: Float, y: Float)
}

/// The unit directions divided out where they are read: the same quotients as a table of them,
/// without two picture-sized arrays to fill (their memory, fresh pages every picture, cost more
/// than the divisions).
struct GradientsOverMagnitude: UnitGradients {
    let gx: [Float], gy: [Float], magnitude: [Float], noiseFloor: Float

    @inline(__always) func unit(at index: Int) -> (x: Float, y: Float) {
        let m = magnitude[index]
        return m > noiseFloor ? (gx[index] / m, gy[index] / m) : (0, 0)
    }
}

/// Indices of the pixels above `minMagnitude`, strongest first in 1024 buckets (LSD's
/// pseudo-ordering by magnitude).
private func strongestFirst(_ magnitude: [Float], above minMagnitude: Float, strongest: Float) -> [Int] {
    let count = magnitude.count
    let bucketCount = 1024
    let scale = Float(bucketCount - 1) / strongest
    var bucketSizes = [Int](repeating: 0, count: bucketCount + 1)
    for i in 0..<count where magnitude[i] > minMagnitude {
        bucketSizes[bucketCount - 1 - min(bucketCount - 1, Int(magnitude[i] * scale))] += 1
    }
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    for b in 0..<bucketCount { starts[b + 1] = starts[b] + bucketSizes[b] }
    var order = [Int](repeating: 0, count: starts[bucketCount])
    var fill = starts
    for i in 0..<count where magnitude[i] > minMagnitude {
        let b = bucketCount - 1 - min(bucketCount - 1, Int(magnitude[i] * scale))
        order[fill[b]] = i
        fill[b] += 1
    }
    return order
}

/// The magnitude-weighted principal axis of a region and its extent along and across it.
private func rectangle(of region: [Int], width w: Int, magnitude: [Float], gradientAngle: Double) -> EdgeSegment? {
    var sw = 0.0, sx = 0.0, sy = 0.0
    for p in region {
        let m = Double(magnitude[p])
        sw += m
        sx += m * (Double(p % w) + 0.5)
        sy += m * (Double(p / w) + 0.5)
    }
    guard sw > 0 else { return nil }
    let cx = sx / sw, cy = sy / sw
    var sxx = 0.0, syy = 0.0, sxy = 0.0
    for p in region {
        let m = Double(magnitude[p])
        let dx = Double(p % w) + 0.5 - cx, dy = Double(p / w) + 0.5 - cy
        sxx += m * dx * dx
        syy += m * dy * dy
        sxy += m * dx * dy
    }
    let theta = 0.5 * atan2(2 * sxy, sxx - syy)
    let ux = cos(theta), uy = sin(theta)
    var lo = Double.infinity, hi = -Double.infinity, across = 0.0, acrossLo = Double.infinity
    for p in region {
        let dx = Double(p % w) + 0.5 - cx, dy = Double(p / w) + 0.5 - cy
        let along = dx * ux + dy * uy, side = -dx * uy + dy * ux
        lo = min(lo, along)
        hi = max(hi, along)
        across = max(across, side)
        acrossLo = min(acrossLo, side)
    }
    let length = hi - lo + 1
    return EdgeSegment(
        x1: cx + lo * ux, y1: cy + lo * uy, x2: cx + hi * ux, y2: cy + hi * uy,
        length: length, width: across - acrossLo + 1, gradientAngle: gradientAngle)
}

extension EdgeMap {
    /// The gradients averaged over 2 × 2 blocks: half the size, half the noise. Line segments that
    /// noise breaks up at full size hold together here.
    func halved() -> EdgeMap? {
        let w = width / 2, h = height / 2
        guard w >= 3 && h >= 3 else { return nil }
        var hx = [Float](repeating: 0, count: w * h), hy = hx
        for y in 0..<h {
            for x in 0..<w {
                let i = 2 * y * width + 2 * x
                hx[y * w + x] = 0.25 * (gx[i] + gx[i + 1] + gx[i + width] + gx[i + width + 1])
                hy[y * w + x] = 0.25 * (gy[i] + gy[i + 1] + gy[i + width] + gy[i + width + 1])
            }
        }
        return EdgeMap(width: w, height: h, gx: hx, gy: hy)
    }
}

/// Segments at full size, or, when noise leaves too few there, at half size (in full-size pixels).
/// `magnitudes` are the full-size map's `gradientMagnitudes`, when the caller has them already.
func detectSegmentsRobustly(
    _ map: EdgeMap, magnitudes: GradientMagnitudes? = nil, minMagnitude: Float, minLength: Double
) -> [EdgeSegment] {
    let segments = detectSegments(map, magnitudes: magnitudes, minMagnitude: minMagnitude, minLength: minLength)
    guard segments.count < 20, let half = map.halved() else { return segments }
    let coarse = detectSegments(half, minMagnitude: minMagnitude, minLength: max(8, minLength / 2)).map {
        EdgeSegment(
            x1: 2 * $0.x1, y1: 2 * $0.y1, x2: 2 * $0.x2, y2: 2 * $0.y2, length: 2 * $0.length,
            width: 2 * $0.width, gradientAngle: $0.gradientAngle)
    }
    return coarse.count > segments.count ? coarse : segments
}
