import TestSupport
import Testing

@testable import Horizon

/// The analysis runs its two searches at the same time (the edges' line search; the line segments'
/// vanishing point): it must be the same analysis, to the bit, as when they run one after the other.
@Suite(.tags(.fast)) struct ConcurrentAnalysisTests {
    /// A textured seascape with a diagonal cable and three posts: a horizon line, Hough verticals
    /// and a vanishing point, all found.
    static func postsBySea(tilt: Double) -> EdgeMap {
        var scene = Scene.seascape(width: 640, height: 427, tilt: tilt, offset: 25)
        scene.noise = 30
        scene.shapes.append(
            Shape(
                value: 20, centreX: 25, centreY: 0, angle: 35, halfLength: 560,
                halfThickness: 3, fixedToPicture: true))
        scene.shapes.append(
            contentsOf: [-240.0, -125, 155].map {
                Shape(value: 90, centreX: $0, centreY: -125, angle: 90, halfLength: 75, halfThickness: 10)
            })
        return scene.edgeMap()
    }

    @Test(arguments: [2.3, -3.0])
    func sameAsOneAfterTheOther(tilt: Double) throws {
        let map = Self.postsBySea(tilt: tilt)
        let estimator = HorizonEstimator()
        let sequential = estimator.analyse(map, searchesAtOnce: false)
        // Both searches found something, so a mix-up of their results would show.
        try #require(sequential.horizonLine != nil && sequential.vanishingPoint != nil && sequential.verticals != nil)
        for _ in 0..<3 {
            #expect(estimator.analyse(map, searchesAtOnce: true) == sequential)
        }
        #expect(estimator.analyse(map) == sequential)
    }

    /// Without verticals there is one search; a picture too small for segments still has a line.
    @Test func oneSearchAndTinyPictures() {
        let noVerticals = HorizonEstimator(configuration: .init(useVerticals: false))
        let map = Self.postsBySea(tilt: 4)
        let alone = noVerticals.analyse(map)
        #expect(alone == noVerticals.analyse(map, searchesAtOnce: false))
        #expect(alone.vanishingPoint == nil && alone.verticals == nil && alone.horizonLine != nil)

        let tiny = Scene.seascape(width: 24, height: 16, tilt: 3, offset: 2).edgeMap()
        let estimator = HorizonEstimator()
        #expect(estimator.analyse(tiny) == estimator.analyse(tiny, searchesAtOnce: false))
    }
}
