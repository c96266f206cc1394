/// A segment's line refitted through the sub-pixel centre of its edge in each row (for a steep
/// segment) or column (for a flat one): the gradient magnitude's peak across the line, within
/// `reach` pixels of it, located by a parabola through the peak and its two neighbours, then a
/// magnitude-weighted least-squares line through those centres.
///
/// The region's principal axis (`rectangle(of:)`) is fitted on whole pixels, whose staircase
/// along a slightly tilted edge, and whose ragged ends, turn the segment by a few tenths of a degree
/// that change when the photo is turned or resized; the roll is read from these directions.
/// Only pixels whose gradient is across the segment (its unit direction within `cosTolerance` of
/// its normal, either way; none below the noise floor) are centres. Either way, because the other side
/// of a thin bar interferes with this one whichever is taken (`SubpixelSegmentTests`: a 3-px post
/// whose sides take turns being the stronger). With too few centres, or coordinates that are not
/// finite, the segment is returned as it was.
func refinedToSubpixel(
    _ segment: EdgeSegment, magnitude: UnsafeBufferPointer<Float>, directions: some UnitGradients, width w: Int,
    height h: Int, cosTolerance: Float, reach: Int = 2
) -> EdgeSegment {
    guard segment.x1.isFinite, segment.y1.isFinite, segment.x2.isFinite, segment.y2.isFinite else { return segment }
    let d = segment.direction
    let steep = abs(d.y) >= abs(d.x)
    // Major axis: the one the segment runs along; minor: across it.
    let (major1, minor1, major2) = steep ? (segment.y1, segment.x1, segment.y2) : (segment.x1, segment.y1, segment.x2)
    let slope = steep ? d.x / d.y : d.y / d.x
    let normalX = Float(-d.y), normalY = Float(d.x)
    let majorCount = steep ? h : w, minorCount = steep ? w : h
    let first = max(0, Int(min(major1, major2).rounded(.down)))
    let last = min(majorCount - 1, Int(max(major1, major2).rounded(.up)) - 1)
    guard last - first >= 4 else { return segment }
    let index = { (major: Int, minor: Int) in steep ? major * w + minor : minor * w + major }

    var centres: [(major: Double, minor: Double, weight: Double)] = []
    centres.reserveCapacity(last - first + 1)
    for major in first...last {
        let centreMajor = Double(major) + 0.5
        let onLine = minor1 + slope * (centreMajor - major1)
        let nearest = Int(onLine.rounded(.down))
        // Within the picture, leaving a neighbour on each side for the parabola.
        let low = max(1, nearest - reach), high = min(minorCount - 2, nearest + reach)
        guard low <= high else { continue }
        var peak = -1
        var peakMagnitude: Float = 0
        for k in low...high {
            let i = index(major, k)
            let unit = directions.unit(at: i)
            guard abs(unit.x * normalX + unit.y * normalY) >= cosTolerance, magnitude[i] > peakMagnitude
            else { continue }
            peak = k
            peakMagnitude = magnitude[i]
        }
        guard peak >= 1 else { continue }
        let before = magnitude[index(major, peak - 1)], after = magnitude[index(major, peak + 1)]
        guard peakMagnitude >= before, peakMagnitude >= after else { continue }  // the window's edge
        let curvature = before - 2 * peakMagnitude + after
        let offset = curvature < 0 ? min(max(0.5 * (before - after) / curvature, -0.5), 0.5) : 0
        centres.append((centreMajor, Double(peak) + 0.5 + Double(offset), Double(peakMagnitude)))
    }
    guard centres.count >= max(5, (last - first + 1) / 2) else { return segment }

    // Weighted least squares of the minor coordinate on the major one, twice: the second time
    // without centres more than a pixel off the first line (a crossing edge, a neighbour's peak).
    func fit(_ points: [(major: Double, minor: Double, weight: Double)]) -> (intercept: Double, slope: Double)? {
        var sw = 0.0, sa = 0.0, sb = 0.0
        for p in points {
            sw += p.weight
            sa += p.weight * p.major
            sb += p.weight * p.minor
        }
        guard sw > 0 else { return nil }
        let meanA = sa / sw, meanB = sb / sw
        var saa = 0.0, sab = 0.0
        for p in points {
            saa += p.weight * (p.major - meanA) * (p.major - meanA)
            sab += p.weight * (p.major - meanA) * (p.minor - meanB)
        }
        guard saa > 0 else { return nil }
        let beta = sab / saa
        return (meanB - beta * meanA, beta)
    }
    guard var line = fit(centres) else { return segment }
    let kept = centres.filter { abs($0.minor - (line.intercept + line.slope * $0.major)) <= 1 }
    guard kept.count >= max(5, (last - first + 1) / 2), let refitted = fit(kept) else { return segment }
    line = refitted
    let minorAt = { (major: Double) in line.intercept + line.slope * major }
    var refined = segment
    if steep {
        refined.x1 = minorAt(segment.y1)
        refined.x2 = minorAt(segment.y2)
    } else {
        refined.y1 = minorAt(segment.x1)
        refined.y2 = minorAt(segment.x2)
    }
    return refined
}
