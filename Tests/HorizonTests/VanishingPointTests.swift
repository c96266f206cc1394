import TestSupport
import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The vertical vanishing point and the line segments it is fitted to.
@Suite(.tags(.fast)) struct VanishingPointTests {
    /// Upright edges seen by a pinhole camera pitched up or down, then rolled: the roll comes back
    /// whatever the pitch (the mean tilt of the edges would not), with the project's sign.
    @Test(arguments: [(3.0, 0.0), (3.0, 15.0), (-5.0, 20.0), (-5.0, -20.0), (7.0, -10.0), (0.0, 25.0)])
    func rollThroughThePitch(roll: Double, pitch: Double) throws {
        let width = 1024.0, height = 683.0, focal = 800.0
        let (cx, cy) = (width / 2, height / 2)
        let p = pitch * .pi / 180, r = roll * .pi / 180
        func project(_ x: Double, _ y: Double, _ z: Double) -> (Double, Double) {
            // Pitch about the camera's x axis (y up, z forward), then the picture turned
            // counter-clockwise on screen by the roll.
            let yc = y * cos(p) - z * sin(p), zc = y * sin(p) + z * cos(p)
            let u = focal * x / zc, v = -focal * yc / zc
            return (cx + u * cos(r) + v * sin(r), cy - u * sin(r) + v * cos(r))
        }
        var segments: [EdgeSegment] = []
        for x in stride(from: -12.0, through: 12, by: 3) {
            for z in [18.0, 26.0] {
                let middle = z * tan(p)  // edges around where the camera looks
                let (x1, y1) = project(x, middle - 3, z), (x2, y2) = project(x, middle + 3, z)
                let length = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
                guard min(x1, x2) > 0, max(x1, x2) < width, min(y1, y2) > 0, max(y1, y2) < height else { continue }
                segments.append(EdgeSegment(x1: x1, y1: y1, x2: x2, y2: y2, length: length, width: 2, gradientAngle: 0))
            }
        }
        try #require(segments.count >= 6)
        let point = try #require(fitVerticalVanishingPoint(segments, width: width, height: height, maxTilt: 30))
        #expect(abs(point.rollDegrees - roll) < 0.01, "roll \(roll)°, pitch \(pitch)°: read \(point.rollDegrees)°")
        #expect(point.inliers.count == segments.count)
        #expect(pitch == 0 ? point.nearness < 0.01 : point.nearness > 0.05)
    }

    /// The two sides of one leaning pole, broken into pieces: one column where they cross the middle
    /// row, so the estimator's rule holds them back (one object may lean).
    @Test func brokenLeaningPoleIsOneStructure() throws {
        let width = 1024.0, height = 683.0, lean = 10.0 * .pi / 180
        var segments: [EdgeSegment] = []
        for side in [0.0, 12.0] {
            for k in 0..<6 {
                let y1 = 40 + Double(k) * 100, y2 = y1 + 80
                let x1 = 500 + side + (height / 2 - y1) * tan(lean), x2 = 500 + side + (height / 2 - y2) * tan(lean)
                segments.append(
                    EdgeSegment(
                        x1: x1, y1: y1, x2: x2, y2: y2,
                        length: ((x2 - x1) * (x2 - x1) + 6400).squareRoot(), width: 2, gradientAngle: 0))
            }
        }
        let point = try #require(fitVerticalVanishingPoint(segments, width: width, height: height, maxTilt: 30))
        #expect(point.structures < HorizonEstimator.minVerticalStructures)
    }

    /// A straight step edge at a known tilt comes out as one long segment along it.
    @Test(arguments: [0.0, 2.5, -7.0])
    func segmentAlongAStepEdge(tilt: Double) throws {
        let segments = detectSegments(Scene.seascape(tilt: tilt).edgeMap(), minMagnitude: 3, minLength: 10)
        let longest = try #require(segments.max { $0.length < $1.length })
        #expect(longest.length > 500)
        let d = longest.direction
        let angle = atan2(-d.y, d.x) * 180 / .pi
        let folded = angle > 90 ? angle - 180 : (angle < -90 ? angle + 180 : angle)
        #expect(abs(folded - tilt) < 0.1, "segment at \(folded)°")
        #expect(abs(d.x * d.x + d.y * d.y - 1) < 1e-9)
    }

    /// Corrupt gradients (infinite, not a number) are no edges: no trap, and the horizon is found.
    @Test func nonFiniteGradientsAreIgnored() throws {
        var map = Scene.seascape(tilt: 2).edgeMap()
        map.gx[1000] = .infinity
        map.gy[5] = .nan
        map.gx[70_000] = -.infinity
        map.gy[70_001] = 3e20
        let analysis = HorizonEstimator().analyse(map)
        let estimate = try #require(analysis.estimate)
        #expect(abs(estimate.angleDegrees - 2) < 0.05)
        #expect(analysis.confidence.isFinite)
        for candidate in analysis.candidates { #expect(candidate.confidence.isFinite) }
    }

    /// Every candidate has one feature per name and one coefficient per feature and intercept.
    @Test func modelsMatchTheirFeatures() {
        for model in [HorizonEstimator.lineModel.cueNames, HorizonEstimator.vanishingPointModel.cueNames] {
            #expect(!model.isEmpty)
        }
        #expect(
            ConfidenceModel.coefficients(.horizonLine, names: HorizonEstimator.lineModel.cueNames).count
                == HorizonEstimator.lineModel.cues.count + 1)
        let analysis = HorizonEstimator().analyse(VerticalsTests.street(roll: 2).edgeMap())
        for candidate in analysis.candidates { #expect(candidate.features.count == candidate.featureNames.count) }
    }

    /// A segment that misses the point by about the inlier limit (1.5°) barely moves the roll, on
    /// either side of the limit: a resized or turned copy that tips it across the limit must not
    /// read a different roll. With an all-or-nothing inlier set the roll jumps at the limit.
    @Test func segmentAtTheInlierLimitDoesNotMoveTheRoll() throws {
        let width = 1024.0, height = 683.0, roll = 2.0
        let r = roll * .pi / 180, distance = 4000.0
        // Verticals lean towards a point above and to the left when the horizon rises to the right.
        let point = (x: width / 2 - distance * sin(r), y: height / 2 - distance * cos(r))
        // A segment of `length` whose middle is at (x, y), pointing `miss` degrees off the point.
        func segment(_ x: Double, _ y: Double, length: Double, miss: Double) -> EdgeSegment {
            let towards = atan2(point.x - x, y - point.y) + miss * .pi / 180
            let dx = 0.5 * length * sin(towards), dy = 0.5 * length * cos(towards)
            return EdgeSegment(
                x1: x + dx, y1: y - dy, x2: x - dx, y2: y + dy, length: length, width: 2, gradientAngle: 0)
        }
        // Edges of a facade, each a few hundredths of a degree off (a real picture's are).
        let misses = [0.04, -0.03, 0.02, -0.05, 0.03, -0.02, 0.05, -0.04]
        let facade = misses.enumerated().map { i, miss in
            segment(120 + 110 * Double(i), 300 + 20 * Double(i % 3), length: 220, miss: miss)
        }
        var rolls: [Double] = []
        for miss in [1.40, 1.45, 1.49, 1.51, 1.55, 1.60] {
            let stray = segment(600, 420, length: 200, miss: miss)
            let fit = try #require(
                fitVerticalVanishingPoint(facade + [stray], width: width, height: height, maxTilt: 30))
            rolls.append(fit.rollDegrees)
        }
        let spread = rolls.max()! - rolls.min()!
        #expect(spread < 0.01, "rolls \(rolls)")
        for read in rolls { #expect(abs(read - roll) < 0.05, "roll \(read)°") }
    }

    @Test func smallestEigenvectorOfAKnownMatrix() {
        // diag(3, 1, 2) turned: the eigenvector of 1 is the second axis.
        let v = smallestEigenvector([[3, 0, 0], [0, 1, 0], [0, 0, 2]])
        #expect(abs(abs(v[1]) - 1) < 1e-12 && abs(v[0]) < 1e-12 && abs(v[2]) < 1e-12)
        let w = smallestEigenvector([[2, 1, 0], [1, 2, 0], [0, 0, 5]])  // eigenvalues 1, 3, 5
        #expect(abs(abs(w[0]) - 0.5.squareRoot()) < 1e-9 && abs(w[0] + w[1]) < 1e-9)
    }
}
