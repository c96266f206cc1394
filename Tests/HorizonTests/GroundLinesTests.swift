import TestSupport
import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shore, a road or a pier below the horizon runs into it, as the ground's lines vanish on the
/// horizon: such a line is the ground in perspective, not a second horizon, and does not make the
/// picture ambiguous. A line that crosses the horizon, or lies above it, still does.
@Suite(.tags(.fast)) struct GroundLinesTests {
    let estimator = HorizonEstimator()

    /// A dark shore band at `slope`° to the horizon, starting 10 px below the horizon row at `meeting`
    /// (the level scene's columns from the centre) and running out of the picture: its edges are
    /// nearly as long as the horizon (a rival ratio under 1.25), and they meet the horizon at `meeting`.
    func shore(meeting: Double, slope: Double, horizonRow: Double = -40, side: Double = 1) -> Shape {
        let radians = slope / 180 * .pi
        // Along the band, away from the horizon: down (side 1) or up (side −1), to the right.
        let dx = cos(radians), dy = side * sin(radians)
        let start = (x: meeting + 10 / tan(radians), y: horizonRow + side * 10)
        return Shape(
            value: 30, centreX: start.x + 500 * dx, centreY: start.y + 500 * dy, angle: -side * slope,
            halfLength: 500, halfThickness: 10)
    }

    func scene(tilt: Double, horizonRow: Double = -40, _ extra: Shape) -> Scene {
        var scene = Scene.seascape(tilt: tilt, offset: horizonRow)
        scene.shapes.append(extra)
        return scene
    }

    @Test(arguments: [0.0, 2.0, 4.0])
    func aShoreRunningIntoTheHorizonIsNoRival(tilt: Double) throws {
        let analysis = estimator.analyse(scene(tilt: tilt, shore(meeting: -220, slope: 20)).edgeMap())
        let estimate = try #require(analysis.estimate, "confidence \(analysis.confidence)")
        #expect(estimate.evidence == .horizonLine)
        #expect(abs(estimate.angleDegrees - tilt) < 0.05, "measured \(estimate.angleDegrees)°")
        let line = try #require(analysis.horizonLine)
        #expect(line.rivalRatio >= 1.25, "the shore is not counted as a rival")
    }

    /// The same band above the horizon (a ridge coming down to it) or crossing it: two horizons are
    /// as likely as one, and the estimator abstains as before.
    @Test(arguments: [0.0, 3.0])
    func aLineAboveOrAcrossTheHorizonStaysARival(tilt: Double) throws {
        // The horizon 60 px below the centre, so that the ridge is as long as the shore above.
        let above = shore(meeting: -220, slope: 20, horizonRow: 60, side: -1)
        let across = Shape(
            value: 30, centreX: 0, centreY: 60, angle: -20, halfLength: 1000, halfThickness: 10)
        for (name, extra) in [("above", above), ("across", across)] {
            let analysis = estimator.analyse(scene(tilt: tilt, horizonRow: 60, extra).edgeMap())
            #expect(analysis.estimate == nil, "\(name): answered \(analysis.estimate?.angleDegrees ?? .nan)°")
            let line = try #require(analysis.horizonLine)
            #expect(line.rivalRatio < 1.25, "\(name): \(line.angleDegrees)° against \(line.rivalAngleDegrees ?? .nan)°")
        }
    }

    /// The rule itself, on fitted lines (y down; a line falling to the right has a negative angle).
    @Test func runsIntoNeedsTheLineBelowAndMeetingInsideThePicture() {
        let width = 640.0
        // The horizon: level at row 100.
        let horizon = FittedLine(
            angle: 0, rho: 100, support: 640, inlierCount: 640, coverage: 1, residual: 0.3, columns: 0...640)
        // A line falling to the right at 20°, through (100, 100): rho = x·sin θ + y·cos θ.
        func falling(through x: Double, _ y: Double, columns: ClosedRange<Double>) -> FittedLine {
            let t = -20.0 / 180 * .pi
            return FittedLine(
                angle: -20, rho: x * sin(t) + y * cos(t), support: 500, inlierCount: 500, coverage: 0.8,
                residual: 0.4, columns: columns)
        }
        #expect(HorizonEstimator.runsInto(horizon, falling(through: 100, 100, columns: 110...640), width: width))
        // Its inliers start 140 px beyond the meeting point: still the same shore, partly hidden.
        #expect(HorizonEstimator.runsInto(horizon, falling(through: 100, 100, columns: 240...640), width: width))
        // Crossing the horizon: part of it lies above.
        #expect(!HorizonEstimator.runsInto(horizon, falling(through: 300, 100, columns: 0...640), width: width))
        // Above the horizon, meeting it from above.
        #expect(!HorizonEstimator.runsInto(horizon, falling(through: 600, 100, columns: 0...560), width: width))
        // Below, but meeting the horizon's line far outside the picture.
        #expect(!HorizonEstimator.runsInto(horizon, falling(through: -900, 100, columns: 0...640), width: width))
        // Parallel to it.
        let parallel = FittedLine(
            angle: 0, rho: 200, support: 640, inlierCount: 640, coverage: 1, residual: 0.3, columns: 0...640)
        #expect(!HorizonEstimator.runsInto(horizon, parallel, width: width))
    }
}
