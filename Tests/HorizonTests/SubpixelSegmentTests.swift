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
