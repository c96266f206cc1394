import Horizon
import TestSupport
import Testing

/// Buildings and interiors: no open horizon, but upright edges that show the camera's roll.
@Suite(.tags(.fast)) struct VerticalsTests {
    let estimator = HorizonEstimator()

    /// Six buildings (twelve upright edges) running off the top and bottom of the picture,
    /// `tilts[k]` degrees from upright in the level scene, the whole scene turned by `roll`.
    static func street(
        roll: Double, tilts: [Double] = [0], noise: Float = 0,
        width: Int = 640, height: Int = 427
    ) -> Scene {
        let positions = [-250.0, -170, -60, 30, 140, 260]
        let shapes = positions.enumerated().map { k, x in
            Shape(
                value: k % 2 == 0 ? 90 : 140, centreX: x, centreY: 0, angle: 90 + tilts[k % tilts.count],
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
            Shape(
                value: 60, centreX: $0, centreY: 0, angle: 92.5, halfLength: 1000, halfThickness: 20,
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

    /// Verticals converging on a point (a camera pitched up): their mean tilt says nothing, the
    /// direction of their vanishing point from the centre gives the roll (level here).
    @Test func convergingVerticalsReadThroughTheirVanishingPoint() throws {
        let analysis = estimator.analyse(Self.street(roll: 0, tilts: [3.0, 2, 1, -1, -2, -3]).edgeMap())
        let verticals = try #require(analysis.verticals)
        #expect(verticals.agreement < 0.7, "the Hough verticals disagree")
        let point = try #require(analysis.vanishingPoint)
        #expect(abs(point.angleDegrees) < 0.2)
        #expect(point.nearness > 0.05, "the point is not at infinity")
    }

    /// Trees leaning every which way: the Hough verticals disagree, and whatever the vanishing
    /// point makes of three of the six, no answer is more than 2° off level.
    @Test func leaningTreesAreNoConfidentWrongAnswer() throws {
        let analysis = estimator.analyse(Self.street(roll: 0, tilts: [4, -3, 1.5, -5, 2.7, -1]).edgeMap())
        let verticals = try #require(analysis.verticals)
        #expect(verticals.agreement < 0.7)
        if let estimate = analysis.estimate { #expect(abs(estimate.angleDegrees) < 2) }
    }

    /// One leaning pole is one structure, however crisp: not enough to level a picture.
    @Test func singlePoleAbstains() throws {
        let scene = Scene(
            width: 640, height: 427, tilt: 4, background: 200,
            shapes: [
                Shape(value: 60, centreX: 0, centreY: 0, angle: 90, halfLength: 1000, halfThickness: 6)
            ])
        let analysis = estimator.analyse(scene.edgeMap())
        #expect(analysis.estimate == nil)
        let verticals = try #require(analysis.verticals)
        #expect(verticals.structureCount == 1)
        #expect(verticals.confidence <= 0.4)
    }

    /// Horizon and verticals that agree: more confidence than the horizon alone, the more confident
    /// one's angle, and the line drawn where the horizon is.
    @Test func agreeingSourcesRaiseConfidence() throws {
        var scene = Self.street(roll: 2.5)
        scene.shapes.insert(.below(y: 30, value: 230), at: 0)  // visible between the buildings only
        let analysis = estimator.analyse(scene.edgeMap())
        let estimate = try #require(analysis.estimate)
        let line = try #require(analysis.horizonLine)
        let winner = try #require(analysis.candidates.max { $0.confidence < $1.confidence })
        #expect(estimate.evidence == winner.evidence)
        #expect(estimate.angleDegrees == winner.angleDegrees)
        #expect(abs(estimate.angleDegrees - 2.5) < 0.05)
        #expect(estimate.confidence > line.confidence)
        #expect(abs(estimate.line.midpoint.y - line.line.midpoint.y) < 1)
    }

    /// A long line in perspective (a floor edge at −10°) against upright walls rolled by 2°: the
    /// verticals win (in the development corpus, a line that contradicts a well-supported vanishing
    /// point is nearly always a floor, road or roof edge).
    @Test func contradictingLineLosesToVerticals() throws {
        var scene = Self.street(roll: 2)
        scene.shapes.append(
            Shape(
                value: 30, centreX: 0, centreY: 150, angle: -10, halfLength: 1000,
                halfThickness: 2, fixedToPicture: true))
        let analysis = estimator.analyse(scene.edgeMap())
        let estimate = try #require(analysis.estimate)
        #expect(estimate.evidence == .verticals)
        #expect(abs(estimate.angleDegrees - 2) < 0.1)
        #expect(abs((analysis.horizonLine?.angleDegrees ?? 0) + 10) < 0.1, "the floor line was seen")
    }

    /// Verticals can be switched off.
    @Test func verticalsCanBeDisabled() {
        let estimator = HorizonEstimator(configuration: .init(useVerticals: false))
        let analysis = estimator.analyse(Self.street(roll: 3).edgeMap())
        #expect(analysis.estimate == nil)
        #expect(analysis.verticals == nil)
    }
}
