import Horizon
import TestSupport
import Testing

/// Near-parallel ground lines (pier planks, furrows) tilt more the farther below the horizon they
/// lie: the estimator measures the highest line of such a family, not the longest.
@Suite(.tags(.fast)) struct ParallelFamilyTests {
    @Test(arguments: [0.0, 2.5, -4.0])
    func farEdgeWinsOverLongerNearLine(tilt: Double) throws {
        let farEdge = Shape(value: 40, centreX: 0, centreY: -20, angle: 0, halfLength: 210, halfThickness: 1.5)
        // Nearer, longer and a little steeper, as a perspective line below the horizon is.
        let nearLine = Shape(value: 40, centreX: 0, centreY: 150, angle: -0.3, halfLength: 1000, halfThickness: 1.5)
        let scene = Scene(width: 640, height: 427, tilt: tilt, background: 160, shapes: [farEdge, nearLine])
        let analysis = HorizonEstimator().analyse(scene.edgeMap())
        let estimate = try #require(analysis.estimate, "\(analysis)")
        #expect(abs(estimate.angleDegrees - tilt) < 0.05, "measured \(estimate.angleDegrees)°")
        // The reported line is the far edge, 20 px above the centre.
        let middle = (estimate.line.start.y + estimate.line.end.y) / 2
        #expect(abs(middle - (427.0 / 2 - 20)) < 8, "line at y = \(middle)")
    }

    /// A far edge with less than half the support of the near line does not take over.
    @Test func shortFarEdgeDoesNotWin() throws {
        let farEdge = Shape(value: 40, centreX: 0, centreY: -20, angle: 0, halfLength: 60, halfThickness: 1.5)
        let nearLine = Shape(value: 40, centreX: 0, centreY: 150, angle: -0.3, halfLength: 1000, halfThickness: 1.5)
        let scene = Scene(width: 640, height: 427, background: 160, shapes: [farEdge, nearLine])
        let estimate = try #require(HorizonEstimator().estimate(scene.edgeMap()))
        #expect(abs(estimate.angleDegrees + 0.3) < 0.05, "measured \(estimate.angleDegrees)°")
    }
}
