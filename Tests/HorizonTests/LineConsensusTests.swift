import Horizon
import TestSupport
import Testing

/// A horizon often shows as two lines a few pixels apart (the two edges of a far shore or a pier, a
/// horizon and the water line under it) whose angles differ by a few tenths of a degree. Which of the
/// two the search finds stronger can change with the size or the crop of the picture; the angle must
/// not jump from one to the other with it.
@Suite(.tags(.fast)) struct LineConsensusTests {
    /// Two dark lines 8 px apart, tilted +0.3° and −0.3° (not one parallel family: more than 0.5°
    /// apart), of lengths `upper` and `lower` px, in a scene turned by `tilt`.
    func scene(upper: Double, lower: Double, tilt: Double) -> Scene {
        let upperLine = Shape(
            value: 60, centreX: 0, centreY: 20, angle: 0.3, halfLength: upper / 2, halfThickness: 1.5)
        let lowerLine = Shape(
            value: 60, centreX: 0, centreY: 28, angle: -0.3, halfLength: lower / 2, halfThickness: 1.5)
        return Scene(width: 640, height: 427, tilt: tilt, background: 170, shapes: [upperLine, lowerLine])
    }

    @Test(arguments: [0.0, 4.0])
    func angleLiesBetweenTheTwoLines(tilt: Double) throws {
        for (upper, lower) in [(600.0, 560.0), (560.0, 600.0)] {
            let map = scene(upper: upper, lower: lower, tilt: tilt).edgeMap()
            let estimate = try #require(HorizonEstimator().analyse(map).horizonLine)
            let relative = estimate.angleDegrees - tilt
            #expect(abs(relative) < 0.25, "lines \(upper) and \(lower) px long: measured \(relative)° from the tilt")
        }
    }

    /// Which of the two is longer moves the answer by less than two thirds of the lines' own difference
    /// (0.6°, the jump when one line alone gives the angle). The scenes have no noise: the result is
    /// the same on every run.
    @Test func strongerLineChangingMovesTheAngleLittle() throws {
        let estimator = HorizonEstimator()
        let upperLonger = try #require(estimator.analyse(scene(upper: 600, lower: 560, tilt: 0).edgeMap()).horizonLine)
        let lowerLonger = try #require(estimator.analyse(scene(upper: 560, lower: 600, tilt: 0).edgeMap()).horizonLine)
        let jump = abs(upperLonger.angleDegrees - lowerLonger.angleDegrees)
        #expect(jump < 0.4, "\(upperLonger.angleDegrees)° against \(lowerLonger.angleDegrees)°")
    }

    /// A lone line keeps its own angle: the consensus only gathers lines near it.
    @Test func distantLineDoesNotPull() throws {
        let horizon = Shape(value: 60, centreX: 0, centreY: -40, angle: 0, halfLength: 320, halfThickness: 1.5)
        // 120 px lower, 0.6° steeper: farther than the consensus reaches.
        let shore = Shape(value: 60, centreX: 0, centreY: 80, angle: -0.6, halfLength: 200, halfThickness: 1.5)
        let scene = Scene(width: 640, height: 427, background: 170, shapes: [horizon, shore])
        let line = try #require(HorizonEstimator().analyse(scene.edgeMap()).horizonLine)
        #expect(abs(line.angleDegrees) < 0.05, "measured \(line.angleDegrees)°")
    }
}
