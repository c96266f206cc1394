import TestSupport
import Testing

@testable import Horizon

/// The gradient magnitudes are computed once per picture and read by both the edge selection and
/// the line segments: they must find what each finds with magnitudes of its own.
@Suite(.tags(.fast)) struct SharedMagnitudesTests {
    @Test func sharedMagnitudesChangeNothing() {
        var scene = Scene.seascape(width: 640, height: 427, tilt: -1.5, offset: 25)
        scene.noise = 30
        scene.shapes.append(
            contentsOf: [-240.0, -125, 155].map {
                Shape(value: 90, centreX: $0, centreY: -125, angle: 90, halfLength: 75, halfThickness: 10)
            })
        let map = scene.edgeMap()
        let magnitudes = gradientMagnitudes(map)
        let shared = selectEdges(
            map, magnitudes: magnitudes, familyLimit: 33, minMagnitude: 0.5, relativeThreshold: 0.1)
        let own = selectEdges(map, familyLimit: 33, minMagnitude: 0.5, relativeThreshold: 0.1)
        #expect(shared.horizontal.count > 100 && shared.vertical.count > 100)
        #expect(shared.horizontal.x == own.horizontal.x && shared.horizontal.weight == own.horizontal.weight)
        #expect(shared.vertical.angle == own.vertical.angle && shared.strongEdgeCount == own.strongEdgeCount)
        let segments = detectSegments(map, magnitudes: magnitudes, minMagnitude: 3, minLength: 15)
        let ownSegments = detectSegments(map, minMagnitude: 3, minLength: 15)
        #expect(!segments.isEmpty)
        #expect(segments.map(\.x1) == ownSegments.map(\.x1) && segments.map(\.y2) == ownSegments.map(\.y2))
    }
}
