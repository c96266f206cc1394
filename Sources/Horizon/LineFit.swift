#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A straight line refined from edge samples, in one family's frame.
struct FittedLine {
    /// Tilt in degrees, positive = rises to the right (y down).
    var angle: Double
    /// ρ = x·sin θ + y·cos θ for every point of the line.
    var rho: Double
    /// Sum of the inliers' vote weights (≈ length in pixels for clear edges).
    var support: Double
    var inlierCount: Int
    /// Share of the frame's width [0, width] in which the line has inliers (4-pixel bins).
    var coverage: Double
    /// Root-mean-square distance of the inliers to the line, pixels.
    var residual: Double
}

/// Refines a Hough line by weighted total least squares through the edges near it.
///
/// Hough bins quantise the angle; the fit uses every inlier's sub-pixel position, so on a long
/// line it is accurate to a few hundredths of a degree. Each pass re-selects inliers around the
/// previous fit with a narrower band, so stray edges that the coarse line admitted fall away.
/// Returns nil when a pass drifts more than `maxDrift` degrees from the Hough angle: a real line's
/// peak is within a bin or two of it, so the fit has latched onto other structure (typically a
/// longer line crossing this one).
func refineLine(
    _ edges: EdgeSamples, angle startAngle: Double, rho startRho: Double,
    tolerance: Double, frameWidth: Double, bands: [Double] = [2.5, 1.5, 1.0],
    maxDrift: Double = 1
) -> FittedLine? {
    var angle = startAngle, rho = startRho
    var result: FittedLine?
    // The distance band does the selecting; the gradient check only keeps out edges of lines that
    // cross this one, so it is twice as lenient as voting (faint edges have noisy gradients).
    let angleCheck = Float(2 * tolerance)
    let polarity = dominantPolarity(
        edges, angle: angle, rho: rho, band: Float(bands.first ?? 2.5),
        tolerance: angleCheck)
    for band in bands {
        guard
            let fit = fitOnce(
                edges, angle: angle, rho: rho, band: Float(band), tolerance: angleCheck,
                polarity: polarity, frameWidth: frameWidth),
            abs(fit.angle - startAngle) <= maxDrift
        else { return nil }
        angle = fit.angle
        rho = fit.rho
        result = fit
    }
    return result
}

/// Takes a line's edges out of further fits (weight 0 means "already explained"), so that the
/// bow-tie of votes every strong line leaves in Hough space cannot pass for lines of its own.
func claimInliers(of line: FittedLine, in edges: inout EdgeSamples, band: Float = 1.5, tolerance: Double) {
    let s = Float(sin(line.angle / degreesPerRadian)), c = Float(cos(line.angle / degreesPerRadian))
    let r = Float(line.rho), a = Float(line.angle), check = Float(2 * tolerance)
    edges.x.withUnsafeBufferPointer { xs in
        edges.y.withUnsafeBufferPointer { ys in
            edges.angle.withUnsafeBufferPointer { angles in
                edges.weight.withUnsafeMutableBufferPointer { weights in
                    for i in 0..<xs.count where abs(xs[i] * s + ys[i] * c - r) <= band && abs(angles[i] - a) <= check {
                        weights[i] = 0
                    }
                }
            }
        }
    }
}

/// +1 or −1: the polarity carrying more weight near the line. A thin bright line is two edges a
/// pixel or two apart; fitting one of them keeps the 1-pixel band meaningful.
private func dominantPolarity(
    _ edges: EdgeSamples, angle: Double, rho: Double, band: Float,
    tolerance: Float
) -> Float {
    let s = Float(sin(angle / degreesPerRadian)), c = Float(cos(angle / degreesPerRadian))
    let r = Float(rho), a = Float(angle)
    var balance: Float = 0
    edges.x.withUnsafeBufferPointer { xs in
        edges.y.withUnsafeBufferPointer { ys in
            edges.angle.withUnsafeBufferPointer { angles in
                edges.weight.withUnsafeBufferPointer { weights in
                    for i in 0..<xs.count
                    where abs(xs[i] * s + ys[i] * c - r) <= band && abs(angles[i] - a) <= tolerance {
                        balance += weights[i]
                    }
                }
            }
        }
    }
    return balance >= 0 ? 1 : -1
}

/// One weighted total-least-squares pass over the edges of the given polarity within `band`
/// pixels of the line (weight 0 = already claimed by another line).
private func fitOnce(
    _ edges: EdgeSamples, angle: Double, rho: Double, band: Float,
    tolerance: Float, polarity: Float, frameWidth: Double
) -> FittedLine? {
    let s = Float(sin(angle / degreesPerRadian)), c = Float(cos(angle / degreesPerRadian))
    let r = Float(rho), a = Float(angle)
    // One definition of "on this line" for both passes: right polarity, inside the band, and a
    // gradient direction that agrees with the line's angle.
    func isInlier(_ x: Float, _ y: Float, _ edgeAngle: Float, _ weight: Float) -> Bool {
        weight * polarity > 0 && abs(x * s + y * c - r) <= band && abs(edgeAngle - a) <= tolerance
    }
    // Two passes over the samples: weighted means, then centred second moments (stable in Float).
    var sw: Double = 0, sx: Double = 0, sy: Double = 0
    var count = 0
    edges.x.withUnsafeBufferPointer { xs in
        edges.y.withUnsafeBufferPointer { ys in
            edges.angle.withUnsafeBufferPointer { angles in
                edges.weight.withUnsafeBufferPointer { weights in
                    for i in 0..<xs.count {
                        if !isInlier(xs[i], ys[i], angles[i], weights[i]) { continue }
                        let w = Double(abs(weights[i]))
                        sw += w; sx += w * Double(xs[i]); sy += w * Double(ys[i])
                        count += 1
                    }
                }
            }
        }
    }
    guard count >= 3 && sw > 0 else { return nil }
    let mx = sx / sw, my = sy / sw

    let binWidth = 4.0
    let binCount = max(1, Int((frameWidth / binWidth).rounded(.up)))
    var occupied = [Bool](repeating: false, count: binCount)
    var sxx: Double = 0, sxy: Double = 0, syy: Double = 0
    edges.x.withUnsafeBufferPointer { xs in
        edges.y.withUnsafeBufferPointer { ys in
            edges.angle.withUnsafeBufferPointer { angles in
                edges.weight.withUnsafeBufferPointer { weights in
                    for i in 0..<xs.count {
                        if !isInlier(xs[i], ys[i], angles[i], weights[i]) { continue }
                        let w = Double(abs(weights[i]))
                        let dx = Double(xs[i]) - mx, dy = Double(ys[i]) - my
                        sxx += w * dx * dx; sxy += w * dx * dy; syy += w * dy * dy
                        let bin = Int(Double(xs[i]) / binWidth)
                        if bin >= 0 && bin < binCount { occupied[bin] = true }
                    }
                }
            }
        }
    }

    // Major axis of the weighted scatter (image frame, y down) has direction angle φ; the line's
    // tilt in the project convention is −φ, folded into (−90°, 90°].
    let phi = 0.5 * atan2(2 * sxy, sxx - syy) * degreesPerRadian
    var tilt = -phi
    if tilt <= -90 { tilt += 180 }
    if tilt > 90 { tilt -= 180 }
    let ts = sin(tilt / degreesPerRadian), tc = cos(tilt / degreesPerRadian)
    // Minor-axis variance = mean squared distance to the fitted line.
    let trace = sxx + syy
    let spread = ((sxx - syy) * (sxx - syy) + 4 * sxy * sxy).squareRoot()
    let minor = max(0, 0.5 * (trace - spread)) / sw
    return FittedLine(
        angle: tilt, rho: mx * ts + my * tc, support: sw, inlierCount: count,
        coverage: Double(occupied.lazy.filter { $0 }.count) / Double(binCount),
        residual: minor.squareRoot())
}

/// The part of the line ρ = x·sin θ + y·cos θ inside [0, width] × [0, height], or nil if it misses.
func clipLine(angle: Double, rho: Double, width: Double, height: Double) -> LineSegment? {
    let s = sin(angle / degreesPerRadian), c = cos(angle / degreesPerRadian)
    // Parametrise along the direction (c, −s) from the foot of the normal (ρ·s, ρ·c).
    let ox = rho * s, oy = rho * c, dx = c, dy = -s
    var lower = -Double.infinity, upper = Double.infinity
    for (origin, direction, size) in [(ox, dx, width), (oy, dy, height)] {
        if abs(direction) < 1e-12 {
            if origin < 0 || origin > size { return nil }
            continue
        }
        let t0 = (0 - origin) / direction, t1 = (size - origin) / direction
        lower = max(lower, min(t0, t1))
        upper = min(upper, max(t0, t1))
    }
    guard lower < upper else { return nil }
    return LineSegment(
        start: ImagePoint(x: ox + lower * dx, y: oy + lower * dy),
        end: ImagePoint(x: ox + upper * dx, y: oy + upper * dy))
}
