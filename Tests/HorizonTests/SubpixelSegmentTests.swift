import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Segments are refitted through the sub-pixel centres of their edges, so that their directions,
/// from which the roll is read, do not follow the pixel grid.
@Suite struct SubpixelSegmentTests {
    /// Short upright bars (80 px: a window frame, a post) in a noisy picture turned by small and
    /// large angles: every segment found along their sides points within 0.04° of the true
    /// upright, and on average within 0.015°. (Whole-pixel principal axes: up to 0.074°, on
    /// average up to 0.030°.)
    @Test(arguments: [0.3, 1.7, -3.2, 8.6, -14.3])
    func shortUprightEdgesFollowTheTurn(tilt: Double) throws {
        var scene = Scene(width: 640, height: 427, tilt: tilt, background: 190, noise: 6, seed: 7)
        for column in stride(from: -240.0, through: 240, by: 60) {
            scene.shapes.append(
                Shape(value: 70, centreX: column, centreY: 0, angle: 90, halfLength: 40, halfThickness: 7))
        }
        let segments = detectSegments(scene.edgeMap(), minMagnitude: 3, minLength: 40)
            .filter { abs($0.direction.y) > 0.9 }
        try #require(segments.count >= 12, "\(segments.count) upright segments")
        // The scene's upright turned with the picture: (−sin t, −cos t), y down.
        let t = tilt * .pi / 180
        let errors = segments.map { s -> Double in
            let d = s.direction
            let sine = d.x * -cos(t) - d.y * -sin(t)
            return abs(asin(min(1, max(-1, sine)))) * 180 / .pi
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(errors.max()! < 0.04, "tilt \(tilt)°: worst \(errors.max()!)°")
        #expect(mean < 0.015, "tilt \(tilt)°: mean \(mean)°")
    }
}

extension SubpixelSegmentTests {
    /// A segment whose line leaves the picture (a frame's edge, a slanted segment at a corner) is
    /// refitted where it is inside and never read outside: no trap, and one outside altogether comes
    /// back as it was.
    @Test func segmentsRunningOffThePictureAreSafe() {
        let width = 40, height = 30
        let magnitude = [Float](repeating: 1, count: width * height)
        let unitX = [Float](repeating: 1, count: width * height), unitY = [Float](repeating: 0, count: width * height)
        let segments = [
            EdgeSegment(x1: 0.2, y1: 0, x2: -3, y2: 30, length: 30, width: 2, gradientAngle: 0),
            EdgeSegment(x1: 39.9, y1: 2, x2: 45, y2: 28, length: 26, width: 2, gradientAngle: 0),
            EdgeSegment(x1: -20, y1: 0, x2: -20, y2: 30, length: 30, width: 2, gradientAngle: 0),
            EdgeSegment(x1: 0, y1: -1, x2: 40, y2: 31, length: 51, width: 2, gradientAngle: 0),
        ]
        magnitude.withUnsafeBufferPointer { m in
            unitX.withUnsafeBufferPointer { ux in
                unitY.withUnsafeBufferPointer { uy in
                    for segment in segments {
                        let refined = refinedToSubpixel(
                            segment, magnitude: m, unitX: ux, unitY: uy, width: width, height: height,
                            cosTolerance: 0.9)
                        #expect(
                            refined.x1.isFinite && refined.x2.isFinite && refined.y1.isFinite && refined.y2.isFinite)
                    }
                    let outside = refinedToSubpixel(
                        segments[2], magnitude: m, unitX: ux, unitY: uy, width: width, height: height, cosTolerance: 0.9
                    )
                    #expect(outside.x1 == -20 && outside.x2 == -20)
                }
            }
        }
    }
}
