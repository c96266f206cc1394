import Horizon
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A clean step edge (sky over sea) at known tilts: the angle, its sign and the line.
@Suite(.tags(.fast)) struct HorizonLineTests {
    let estimator = HorizonEstimator()

    @Test(arguments: [0.5, 1, 2, 3.7, 5, 8, 11.3, 15])
    func stepEdgeAtKnownTilt(degrees: Double) throws {
        let level = try #require(estimator.estimate(Scene.seascape(tilt: 0).edgeMap()))
        for tilt in [degrees, -degrees] {
            let map = Scene.seascape(tilt: tilt).edgeMap()
            let estimate = try #require(estimator.estimate(map), "no horizon found at \(tilt)°")
            #expect(abs(estimate.angleDegrees - tilt) < 0.05, "tilt \(tilt)° measured \(estimate.angleDegrees)°")
            #expect(estimate.evidence == .horizonLine)
            // The tilt itself is no evidence (turning a photo must move its answer, not drop it):
            // the same horizon is as confident at every tilt.
            #expect(estimate.confidence > estimator.configuration.minConfidence)
            #expect(
                abs(estimate.confidence - level.confidence) < 0.05,
                "\(estimate.confidence) against \(level.confidence) level")
        }
    }

    /// A thin bright waterline is two edges of opposite polarity a pixel or two apart; the fit
    /// must follow one of them, not wander between them.
    @Test(arguments: [2.0, -2.0, 0.3])
    func thinBrightLine(tilt: Double) throws {
        let scene = Scene(
            width: 640, height: 427, tilt: tilt, background: 90,
            shapes: [
                Shape(value: 230, centreX: 0, centreY: 25, angle: 0, halfLength: 1000, halfThickness: 0.8)
            ])
        let estimate = try #require(estimator.estimate(scene.edgeMap()))
        #expect(abs(estimate.angleDegrees - tilt) < 0.05, "measured \(estimate.angleDegrees)°")
    }

    @Test func levelHorizonReadsZero() throws {
        let estimate = try #require(estimator.estimate(Scene.seascape(tilt: 0).edgeMap()))
        #expect(abs(estimate.angleDegrees) < 0.02)
    }

    /// Drawn directly on the picture, no scene rotation involved: a line whose right end is
    /// higher on screen (smaller y) must read positive.
    @Test func lineRisingToTheRightIsPositive() throws {
        let rising = Shape.below(y: 20, value: 60, angle: 4, fixedToPicture: true)
        let scene = Scene(width: 600, height: 400, background: 190, shapes: [rising])
        let estimate = try #require(estimator.estimate(scene.edgeMap()))
        #expect(estimate.angleDegrees > 0)
        #expect(abs(estimate.angleDegrees - 4) < 0.05)
        #expect(estimate.line.end.x > estimate.line.start.x)
        #expect(estimate.line.end.y < estimate.line.start.y, "right end should be higher on screen")
        #expect(abs(estimate.line.angleDegrees - estimate.angleDegrees) < 1e-9)
        #expect(abs(estimate.angleRadians - estimate.angleDegrees * .pi / 180) < 1e-12)
    }

    /// The reported line lies on the true horizon: it passes 20 px below the centre.
    @Test func lineEndPointsLieOnTheHorizon() throws {
        let scene = Scene(
            width: 600, height: 400, background: 190,
            shapes: [.below(y: 20, value: 60, angle: -3, fixedToPicture: true)])
        let estimate = try #require(estimator.estimate(scene.edgeMap()))
        let line = estimate.line
        #expect(abs(line.start.x) < 1e-6 && abs(line.end.x - 600) < 1e-6, "spans the width")
        // Height of the line at the centre column: 200 (centre) + 20 / cos(3°).
        let t = (300 - line.start.x) / (line.end.x - line.start.x)
        let yAtCentre = line.start.y + t * (line.end.y - line.start.y)
        #expect(abs(yAtCentre - (200 + 20 / cos(3 * Double.pi / 180))) < 0.3)
    }

    /// Edge points given directly (integer positions, no sub-pixel help) still fit closely.
    @Test func edgePointListInitialiser() throws {
        let tilt = 5.0, slope = tan(tilt * .pi / 180)
        var points: [EdgePoint] = []
        for x in 0..<800 {
            let y = Int((300 - slope * Double(x)).rounded())
            // Gradient normal to the line: ∝ (sin θ, cos θ).
            points.append(
                EdgePoint(
                    x: x, y: y, gx: Float(40 * sin(tilt * .pi / 180)),
                    gy: Float(40 * cos(tilt * .pi / 180))))
        }
        let map = EdgeMap(width: 800, height: 500, points: points)
        let estimate = try #require(estimator.estimate(map))
        #expect(abs(estimate.angleDegrees - tilt) < 0.05)
    }

    /// A lone horizon beyond the search range is not considered; widening the range finds it.
    @Test func searchRangeIsRespected() throws {
        let map = Scene.seascape(tilt: 35).edgeMap()
        #expect(estimator.estimate(map) == nil)
        #expect(estimator.analyse(map).horizonLine == nil)
        // Found in the wider range; 35° is far out in the prior on the angle, so it is reported as
        // the best guess rather than an answer unless the threshold is lowered.
        let wide = HorizonEstimator(maxAngle: 40)
        let line = try #require(wide.analyse(map).horizonLine)
        #expect(abs(line.angleDegrees - 35) < 0.05)
        let candidate = try #require(wide.analyse(map).candidate)
        #expect(abs(candidate.angleDegrees - 35) < 0.05)
    }

    /// The line scales with the picture; the angle stays (exactly, for equal scale factors).
    @Test func estimateScalesToTheFullImage() throws {
        let estimate = try #require(estimator.estimate(Scene.seascape(tilt: 2).edgeMap()))
        let exact = estimate.scaled(toWidth: 6400, height: 4270)
        #expect(exact.angleDegrees == estimate.angleDegrees)
        #expect(exact.confidence == estimate.confidence)
        #expect(abs(exact.line.end.x - estimate.line.end.x * 10) < 1e-9)
        #expect(abs(exact.line.start.y - estimate.line.start.y * 10) < 1e-9)

        // 640×427 is a rounded thumbnail of 6000×4003: the angle moves by a hair, with its line.
        let full = estimate.scaled(toWidth: 6000, height: 4003)
        #expect(full.imageWidth == 6000 && full.imageHeight == 4003)
        #expect(abs(full.angleDegrees - estimate.angleDegrees) < 0.001)
        #expect(abs(full.line.angleDegrees - full.angleDegrees) < 1e-9)
        #expect(abs(full.line.end.x - estimate.line.end.x * 6000 / 640) < 1e-9)
    }
}

extension HorizonLineTests {
    /// A photo printed with a dark frame along its bottom or top edge, crisper and longer than the
    /// horizon: the frame's line is no candidate (nor a rival), and the horizon answers, as it does
    /// in a copy cropped without the frame.
    @Test(arguments: [(0.0, 211.0), (1.6, 211), (-2.4, 211), (1.6, -211), (-2.4, -211)])
    func frameAlongAnEdgeIsNoHorizon(tilt: Double, frameRow: Double) throws {
        var framed = Scene.seascape(tilt: tilt, sky: 200, sea: 150)
        framed.shapes.append(
            Shape(
                value: 0, centreX: 0, centreY: frameRow, angle: 0, halfLength: 1000, halfThickness: 6,
                fixedToPicture: true))
        let analysis = estimator.analyse(framed.edgeMap())
        let line = try #require(analysis.horizonLine)
        #expect(abs(line.angleDegrees - tilt) < 0.05, "line at \(line.angleDegrees)°")
        #expect(abs(line.line.midpoint.y - (213.5 + 30)) < 12, "line at row \(line.line.midpoint.y)")
        let estimate = try #require(analysis.estimate, "the frame held the horizon back")
        #expect(abs(estimate.angleDegrees - tilt) < 0.05)
    }
}
