#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Edge pixels of one family, stored column-wise so that voting loops touch plain Float arrays.
///
/// Near-vertical edges are stored *transposed* (x = image y, y = image x, angle measured the same
/// way in that frame) so one Hough/fitting code path serves both families.
struct EdgeSamples {
    var x: [Float] = []
    var y: [Float] = []
    /// Tilt of the line implied by the gradient, degrees, project convention in this family's frame
    /// (positive = rises to the right).
    var angle: [Float] = []
    /// Vote weight in 0…1: saturating in the gradient magnitude, so a short high-contrast distractor
    /// cannot outvote a long faint horizon; length is what counts. Its sign is the edge's polarity
    /// (brighter below or above the line): the two sides of a thin line are two edges of opposite
    /// polarity, and a fit must not average them.
    var weight: [Float] = []

    var count: Int { x.count }

    mutating func reserve(_ n: Int) {
        x.reserveCapacity(n); y.reserveCapacity(n); angle.reserveCapacity(n); weight.reserveCapacity(n)
    }

    mutating func append(x: Float, y: Float, angle: Float, weight: Float) {
        self.x.append(x); self.y.append(y); self.angle.append(angle); self.weight.append(weight)
    }
}

struct EdgeSelection {
    /// Edges whose line lies within ±(maxAngle + tolerance) of horizontal, image frame.
    var horizontal = EdgeSamples()
    /// Edges whose line lies within ±(maxAngle + tolerance) of vertical, transposed frame.
    var vertical = EdgeSamples()
    /// Ridge pixels (after non-maximum suppression) above the magnitude threshold.
    var strongEdgeCount = 0
    /// The magnitude edges had to reach, grey levels per pixel: max(floor, relativeThreshold × the
    /// 90th-percentile ridge). The line's contrast is measured against it.
    var threshold: Float = 0
}

/// Thins the gradient field to ridge pixels (non-maximum suppression across the edge, as in Canny)
/// above a floor of `max(minMagnitude, noiseFactor × median of all pixels)`, keeps those above
/// `max(floor, relativeThreshold × their 90th percentile)`, locates each to
/// sub-pixel precision along the gradient, and sorts them into the two families.
/// `magnitudes` are the map's `gradientMagnitudes`, when the caller has them already.
func selectEdges(
    _ map: EdgeMap, magnitudes: GradientMagnitudes? = nil, familyLimit: Double, minMagnitude: Float,
    relativeThreshold: Float, noiseFactor: Float = 2
) -> EdgeSelection {
    let w = map.width, h = map.height
    var selection = EdgeSelection()
    guard w >= 3 && h >= 3 else { return selection }

    let (magnitude, strongest) = magnitudes ?? gradientMagnitudes(map)
    guard strongest > 0 else { return selection }
    // Most pixels of a photo are not on edges, so the median magnitude measures noise and fine
    // texture; ridges must clear it clearly.
    let noiseLevel = percentile(magnitude, 0.5, largest: strongest, stride: 3)
    let floor = max(minMagnitude, noiseFactor * noiseLevel)

    let (ridges, ridgeSteps, largest) = ridgePixels(map, magnitude: magnitude, floor: floor)
    guard !ridges.isEmpty else { return selection }

    var ridgeMagnitudes = [Float](repeating: 0, count: ridges.count)
    for (k, i) in ridges.enumerated() { ridgeMagnitudes[k] = magnitude[Int(i)] }
    let p90 = percentile(ridgeMagnitudes, 0.9, largest: largest)
    let threshold = max(floor, relativeThreshold * p90)
    // Votes grow with contrast up to twice the threshold, then count the same: beyond that an
    // edge is certain, and a line's weight should be its length.
    let saturation = 2 * threshold
    selection.threshold = threshold

    let limit = Float(tan(familyLimit / degreesPerRadian))
    let toDegrees = Float(degreesPerRadian)
    selection.horizontal.reserve(ridges.count / 2)
    selection.vertical.reserve(ridges.count / 2)
    map.gx.withUnsafeBufferPointer { gx in
        map.gy.withUnsafeBufferPointer { gy in
            magnitude.withUnsafeBufferPointer { m in
                for (k, packed) in ridges.enumerated() {
                    let i = Int(packed)
                    let here = m[i]
                    if here < threshold { continue }
                    selection.strongEdgeCount += 1
                    // Parabola through the magnitudes before/here/after: sub-pixel ridge offset.
                    let step = Int(ridgeSteps[k])
                    let before = m[i - step], after = m[i + step]
                    let curvature = before - 2 * here + after
                    var offset: Float = curvature < 0 ? 0.5 * (before - after) / curvature : 0
                    offset = min(max(offset, -0.5), 0.5)
                    let dx: Float = step == w ? 0 : (step == w - 1 ? -1 : 1)
                    let dy: Float = step == 1 ? 0 : 1
                    let px = Float(i % w) + 0.5 + offset * dx
                    let py = Float(i / w) + 0.5 + offset * dy
                    let weight = min(1, here / saturation)
                    let ax = abs(gx[i]), ay = abs(gy[i])
                    // Line tilt from the gradient: the gradient is normal to the line, so a line at
                    // angle θ (direction (cos θ, −sin θ) with y down) has gradient ∝ (sin θ, cos θ).
                    if ax <= limit * ay {
                        let angle = atanf(gx[i] / gy[i]) * toDegrees
                        selection.horizontal.append(
                            x: px, y: py, angle: angle,
                            weight: gy[i] > 0 ? weight : -weight)
                    }
                    if ay <= limit * ax {
                        let angle = atanf(gy[i] / gx[i]) * toDegrees
                        selection.vertical.append(
                            x: py, y: px, angle: angle,
                            weight: gx[i] > 0 ? weight : -weight)
                    }
                }
            }
        }
    }
    return selection
}

/// Each pixel's gradient magnitude (0 where the gradient is not finite) and the largest.
typealias GradientMagnitudes = (magnitude: [Float], strongest: Float)

/// The map's `GradientMagnitudes`: computed once per picture, read by the edge selection and the
/// line segments.
func gradientMagnitudes(_ map: EdgeMap) -> GradientMagnitudes {
    let w = map.width, h = map.height
    var magnitude = [Float](repeating: 0, count: w * h)
    var strongest: Float = 0
    map.gx.withUnsafeBufferPointer { gx in
        map.gy.withUnsafeBufferPointer { gy in
            magnitude.withUnsafeMutableBufferPointer { m in
                for i in 0..<(w * h) {
                    let value = (gx[i] * gx[i] + gy[i] * gy[i]).squareRoot()
                    m[i] = value.isFinite ? value : 0  // a corrupt gradient is no edge
                    strongest = max(strongest, m[i])
                }
            }
        }
    }
    return (magnitude, strongest)
}

/// Non-maximum suppression above `floor`: the ridge pixels' indices, the index step to the
/// neighbour across the edge for each, and the largest ridge magnitude.
private func ridgePixels(
    _ map: EdgeMap, magnitude: [Float], floor: Float
) -> (ridges: [Int32], steps: [Int32], largest: Float) {
    let w = map.width, h = map.height
    // Non-maximum suppression: a pixel survives if it beats both neighbours along the gradient
    // (quantised to 4 directions). `step` is the index offset of the "after" neighbour.
    var ridges: [Int32] = []
    var ridgeSteps: [Int32] = []
    ridges.reserveCapacity(w * h / 8)
    ridgeSteps.reserveCapacity(w * h / 8)
    let tan22: Float = 0.414_213_56
    var largest: Float = 0
    map.gx.withUnsafeBufferPointer { gx in
        map.gy.withUnsafeBufferPointer { gy in
            magnitude.withUnsafeBufferPointer { m in
                for y in 1..<(h - 1) {
                    for x in 1..<(w - 1) {
                        let i = y * w + x
                        let here = m[i]
                        if here < floor { continue }
                        let ax = abs(gx[i]), ay = abs(gy[i])
                        let step: Int
                        if ay <= tan22 * ax {
                            step = 1
                        } else if ax <= tan22 * ay {
                            step = w
                        } else {
                            step = (gx[i] > 0) == (gy[i] > 0) ? w + 1 : w - 1
                        }
                        if here > m[i - step] && here >= m[i + step] {
                            ridges.append(Int32(i))
                            ridgeSteps.append(Int32(step))
                            largest = max(largest, here)
                        }
                    }
                }
            }
        }
    }
    return (ridges, ridgeSteps, largest)
}

/// The `fraction` quantile of non-negative values from a 1024-bin histogram (no sorting), looking
/// at every `stride`-th value.
func percentile(_ values: [Float], _ fraction: Double, largest: Float, stride step: Int = 1) -> Float {
    guard largest > 0, !values.isEmpty else { return 0 }
    let binCount = 1024
    var histogram = [Int](repeating: 0, count: binCount)
    let scale = Float(binCount - 1) / largest
    var sampled = 0
    values.withUnsafeBufferPointer { v in
        histogram.withUnsafeMutableBufferPointer { hist in
            for i in stride(from: 0, to: v.count, by: step) {
                hist[min(Int(v[i] * scale), binCount - 1)] += 1
                sampled += 1
            }
        }
    }
    let target = Int(Double(sampled) * fraction)
    var seen = 0
    for (bin, n) in histogram.enumerated() {
        seen += n
        if seen > target { return (Float(bin) + 0.5) / scale }
    }
    return largest
}
