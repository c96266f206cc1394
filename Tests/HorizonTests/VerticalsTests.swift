import Horizon
import Testing

/// Buildings and interiors: no open horizon, but upright edges that show the camera's roll.
@Suite struct VerticalsTests {
    let estimator = HorizonEstimator()

    /// Six buildings (twelve upright edges) running off the top and bottom of the picture,
    /// `tilts[k]` degrees from upright in the level scene, the whole scene turned by `roll`.
    static func street(roll: Double, tilts: [Double] = [0], noise: Float = 0,
                       width: Int = 640, height: Int = 427) -> Scene {
        let positions = [-250.0, -170, -60, 30, 140, 260]
        let shapes = positions.enumerated().map { k, x in
            Shape(value: k % 2 == 0 ? 90 : 140, centreX: x, centreY: 0, angle: 90 + tilts[k % tilts.count],
                  halfLength: 1000, halfThickness: 25)
        }
        return Scene(width: width, height: height, tilt: roll, background: 200, shapes: shapes, noise: noise)
    }

    @Test(arguments: [3.0, -3.0, 0.7, -8.0])
    func rollFromVerticalsAlone(roll: Double) throws {
        let analysis = estimator.analyse(Self.street(roll: roll).edgeMap())
        let estimate = try #require(analysis.estimate)
        #expect(estimate.evidence == .verticals)
        #expect(abs(estimate.angleDegrees - roll) < 0.05, "measured \(estimate.angleDegrees)°")
        #expect(analysis.horizonLine == nil || analysis.horizonLine!.confidence < 0.5)
        // The implied horizon goes through the centre with the same tilt.
        #expect(abs(estimate.line.angleDegrees - estimate.angleDegrees) < 1e-9)
        #expect(abs((estimate.line.start.y + estimate.line.end.y) / 2 - 213.5) < 1e-6)
        let verticals = try #require(analysis.verticals)
        #expect(verticals.agreeingCount == 12)
        #expect(verticals.lines.count == verticals.lineAngles.count)
        // At full size the implied horizon is redrawn through the new centre.
        let full = estimate.scaled(toWidth: 6400, height: 4270)
        #expect(full.angleDegrees == estimate.angleDegrees)
        #expect(abs((full.line.start.y + full.line.end.y) / 2 - 2135) < 1e-6)
    }

    /// Sign from first principles: tops leaning left means the picture was turned counter-clockwise.
    @Test func topsLeaningLeftReadPositive() throws {
        // Edges drawn on the picture itself: bars whose top end is further left than their bottom.
        let shapes = [-200.0, -60, 90, 220].map {
            Shape(value: 60, centreX: $0, centreY: 0, angle: 92.5, halfLength: 1000, halfThickness: 20,
                  fixedToPicture: true)
        }
        let scene = Scene(width: 600, height: 400, background: 200, shapes: shapes)
        let estimate = try #require(estimator.estimate(scene.edgeMap()))
        #expect(estimate.evidence == .verticals)
        #expect(abs(estimate.angleDegrees - 2.5) < 0.05)
    }

    @Test func noisyVerticals() throws {
        let estimate = try #require(estimator.estimate(Self.street(roll: -2, noise: 20).edgeMap()))
        #expect(abs(estimate.angleDegrees + 2) < 0.05)
    }

    /// Verticals converging (camera pitched up) or trees leaning every which way do not agree.
    @Test(arguments: [[3.0, 2, 1, -1, -2, -3], [4, -3, 1.5, -5, 2.7, -1]])
    func disagreeingVerticalsAbstain(tilts: [Double]) throws {
        let analysis = estimator.analyse(Self.street(roll: 0, tilts: tilts).edgeMap())
        #expect(analysis.estimate == nil)
        let verticals = try #require(analysis.verticals)
        #expect(verticals.agreement < 0.7)
    }

    /// One leaning pole is one structure, however crisp: not enough to level a picture.
    @Test func singlePoleAbstains() throws {
        let scene = Scene(width: 640, height: 427, tilt: 4, background: 200, shapes: [
            Shape(value: 60, centreX: 0, centreY: 0, angle: 90, halfLength: 1000, halfThickness: 6),
        ])
        let analysis = estimator.analyse(scene.edgeMap())
        #expect(analysis.estimate == nil)
        let verticals = try #require(analysis.verticals)
        #expect(verticals.structureCount == 1)
        #expect(verticals.confidence <= 0.4)
    }

    /// Horizon and verticals that agree: the horizon line's angle, with more confidence than the
    /// horizon alone.
    @Test func agreeingSourcesRaiseConfidence() throws {
        var scene = Self.street(roll: 2.5)
        scene.shapes.insert(.below(y: 30, value: 230), at: 0)  // visible between the buildings only
        let analysis = estimator.analyse(scene.edgeMap())
        let estimate = try #require(analysis.estimate)
        let line = try #require(analysis.horizonLine)
        #expect(estimate.evidence == .horizonLine)
        #expect(abs(estimate.angleDegrees - 2.5) < 0.05)
        #expect(estimate.confidence > line.confidence)
    }

    /// A long line in perspective (a floor edge at −10°) against upright walls rolled by 2°: the
    /// picture contradicts itself, so the estimator abstains rather than pick one.
    @Test func contradictingSourcesAbstain() throws {
        var scene = Self.street(roll: 2)
        scene.shapes.append(Shape(value: 30, centreX: 0, centreY: 150, angle: -10, halfLength: 1000,
                                  halfThickness: 2, fixedToPicture: true))
        let analysis = estimator.analyse(scene.edgeMap())
        #expect(analysis.estimate == nil)
        #expect((analysis.horizonLine?.confidence ?? 0) >= 0.5)
        #expect((analysis.verticals?.confidence ?? 0) >= 0.5)
    }

    /// Verticals can be switched off.
    @Test func verticalsCanBeDisabled() {
        let estimator = HorizonEstimator(configuration: .init(useVerticals: false))
        let analysis = estimator.analyse(Self.street(roll: 3).edgeMap())
        #expect(analysis.estimate == nil)
        #expect(analysis.verticals == nil)
    }
}
