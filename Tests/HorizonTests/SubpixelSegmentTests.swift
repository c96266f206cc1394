import TestSupport
import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Segments are refitted through the sub-pixel centres of their edges, so that their directions,
/// from which the roll is read, do not follow the pixel grid.
@Suite(.tags(.fast)) struct SubpixelSegmentTests {
    /// Short upright bars (80 px: a window frame, a post) in a noisy picture turned by small and
    /// large angles: every segment found along their sides points within 0.04° of the true
    /// upright, and on average within 0.015°. (Whole-pixel principal axes: up to 0.074°, on
    /// average up to 0.030°.)
    @Test(arguments: [0.3, 1.7, -3.2, 8.6, -14.3])
    func shortUprightEdgesFollowTheTurn(tilt: Double) throws {
        let errors = try Self.directionErrors(tilt: tilt, upright: true)
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(errors.max()! < 0.04, "tilt \(tilt)°: worst \(errors.max()!)°")
        #expect(mean < 0.015, "tilt \(tilt)°: mean \(mean)°")
    }

    /// The same bars lying flat (a rail, a shelf): the refit reads columns instead of rows. (Whole
    /// pixels: up to 0.064°, on average up to 0.020°.)
    @Test(arguments: [0.3, -3.2, 8.6])
    func shortFlatEdgesFollowTheTurn(tilt: Double) throws {
        let errors = try Self.directionErrors(tilt: tilt, upright: false)
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(errors.max()! < 0.04, "tilt \(tilt)°: worst \(errors.max()!)°")
        #expect(mean < 0.018, "tilt \(tilt)°: mean \(mean)°")
    }

    /// Degrees between each segment found along nine 80-px bars (upright or flat) in a noisy
    /// picture turned by `tilt` and the bars' true direction.
    static func directionErrors(tilt: Double, upright: Bool) throws -> [Double] {
        var scene = Scene(width: 640, height: 427, tilt: tilt, background: 190, noise: 6, seed: 7)
        for offset in stride(from: -240.0, through: 240, by: 60) {
            scene.shapes.append(
                Shape(
                    value: 70, centreX: upright ? offset : 0.5 * offset, centreY: upright ? 0 : 0.7 * offset,
                    angle: upright ? 90 : 0, halfLength: 40, halfThickness: 7))
        }
        let segments = detectSegments(scene.edgeMap(), minMagnitude: 3, minLength: 40)
            .filter { abs(upright ? $0.direction.y : $0.direction.x) > 0.9 }
        try #require(segments.count >= 12, "\(segments.count) segments along the bars")
        // The scene's directions turned with the picture, y down: upright (−sin t, −cos t), flat
        // (cos t, −sin t).
        let t = tilt * .pi / 180
        let (ux, uy) = upright ? (-sin(t), -cos(t)) : (cos(t), -sin(t))
        return segments.map { s -> Double in
            let d = s.direction
            let sine = d.x * uy - d.y * ux
            return abs(asin(min(1, max(-1, sine)))) * 180 / .pi
        }
    }

    /// A thin dark post (3 px) lit from the left at the top and from the right at the bottom: its
    /// two sides, three pixels apart and of opposite polarity, take turns being the stronger, and
    /// the blur makes each pull at the other's gradient peak. Each segment stays within 0.08° of the
    /// post's direction. (Whole pixels: 0.107°; centres of the segment's own polarity only: 0.085°.)
    @Test func thinPostWithCrossingContrastKeepsItsDirection() throws {
        let width = 320, height = 240, lean = 0.6 * Double.pi / 180
        let centre = { (y: Double) in 160 + (120 - y) * tan(lean) }
        var luminance = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let fraction = Float(y) / Float(height - 1)
            let left = 200 - 110 * fraction, right = 90 + 110 * fraction
            for x in 0..<width {
                var covered: Float = 0  // the post's share of the pixel, 4 × 4 samples
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                        if abs(px - centre(py)) <= 1.5 { covered += 1.0 / 16 }
                    }
                }
                let background = Double(x) + 0.5 < centre(Double(y) + 0.5) ? left : right
                luminance[y * width + x] = background + (60 - background) * covered
            }
        }
        let map = EdgeMap(luminance: luminance, width: width, height: height, blurSigma: 1)
        let segments = detectSegments(map, minMagnitude: 3, minLength: 30).filter { abs($0.direction.y) > 0.9 }
        try #require(!segments.isEmpty)
        for s in segments {
            let d = s.direction
            // Against the post's direction (sin lean, −cos lean), either way along it.
            let error = asin(min(1, abs(d.x * -cos(lean) - d.y * sin(lean)))) * 180 / .pi
            #expect(error < 0.08, "segment of \(s.length) px off by \(error)°")
        }
    }
}

extension SubpixelSegmentTests {
    /// A segment whose line leaves the picture (a frame's edge, a slanted segment at a corner, one
    /// running past the top and the bottom) is refitted where it is inside and never read outside:
    /// no trap, and one outside altogether, or with coordinates that are not numbers, comes back
    /// as it was.
    @Test func segmentsRunningOffThePictureAreSafe() {
        let width = 40, height = 30
        let magnitude = [Float](repeating: 1, count: width * height)
        let directions = GradientsOverMagnitude(
            gx: magnitude, gy: [Float](repeating: 0, count: width * height), magnitude: magnitude, noiseFloor: 0)
        let segments = [
            EdgeSegment(x1: 0.2, y1: 0, x2: -3, y2: 30, length: 30, width: 2, gradientAngle: 0),
            EdgeSegment(x1: 39.9, y1: 2, x2: 45, y2: 28, length: 26, width: 2, gradientAngle: 0),
            EdgeSegment(x1: -20, y1: 0, x2: -20, y2: 30, length: 30, width: 2, gradientAngle: 0),
            EdgeSegment(x1: 0, y1: -1, x2: 40, y2: 31, length: 51, width: 2, gradientAngle: 0),
            EdgeSegment(x1: 10, y1: -5, x2: 12, y2: 40, length: 45, width: 2, gradientAngle: 0),
            EdgeSegment(x1: -5, y1: 15, x2: 50, y2: 16, length: 55, width: 2, gradientAngle: .pi / 2),
        ]
        magnitude.withUnsafeBufferPointer { m in
            for segment in segments {
                let refined = refinedToSubpixel(
                    segment, magnitude: m, directions: directions, width: width, height: height, cosTolerance: 0.9)
                #expect(refined.x1.isFinite && refined.x2.isFinite && refined.y1.isFinite && refined.y2.isFinite)
            }
            let outside = refinedToSubpixel(
                segments[2], magnitude: m, directions: directions, width: width, height: height, cosTolerance: 0.9)
            #expect(outside.x1 == -20 && outside.x2 == -20)
            let broken = EdgeSegment(x1: .nan, y1: 0, x2: 3, y2: 20, length: 20, width: 2, gradientAngle: 0)
            let kept = refinedToSubpixel(
                broken, magnitude: m, directions: directions, width: width, height: height, cosTolerance: 0.9)
            #expect(kept.x1.isNaN && kept.x2 == 3)
        }
    }
}
