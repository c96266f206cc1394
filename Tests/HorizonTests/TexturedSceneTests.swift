import Horizon
import TestSupport
import Testing

/// The textured worst case of the speed benchmark (bench/horizon) must still be read correctly.
/// Speed itself is measured in bench/, never asserted in tests.
@Suite(.tags(.fast)) struct TexturedSceneTests {
    @Test func estimatorOnTextured1024x683Scene() throws {
        var scene = Scene.seascape(width: 1024, height: 683, tilt: 2.3, offset: 40)
        scene.noise = 30  // texture everywhere: the slow case
        scene.shapes.append(
            Shape(
                value: 20, centreX: 40, centreY: 0, angle: 35, halfLength: 900,
                halfThickness: 3, fixedToPicture: true))
        scene.shapes.append(
            contentsOf: [-380.0, -200, 250].map {
                Shape(value: 90, centreX: $0, centreY: -200, angle: 90, halfLength: 120, halfThickness: 15)
            })
        let map = scene.edgeMap()
        let estimator = HorizonEstimator()
        let analysis = estimator.analyse(map)
        let estimate = try #require(analysis.estimate, "\(analysis)")
        let line = try #require(analysis.horizonLine)
        #expect(abs(line.angleDegrees - 2.3) < 0.05)
        // The posts' vanishing point agrees and may be the more confident: it gives the answer then,
        // a little less exact than the long line in this much texture.
        #expect(abs(estimate.angleDegrees - 2.3) < 0.15)
    }
}
