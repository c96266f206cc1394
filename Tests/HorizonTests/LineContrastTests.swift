import TestSupport
import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lineContrast`: the median, along the line, of the strongest gradient across it, over the edge
/// threshold, so that a faint stretch lowers it gradually instead of dropping out of the coverage.
@Suite(.tags(.fast)) struct LineContrastTests {
    /// A row of vertical gradients: `strong` on the left `strongShare` of the width, `faint` beyond.
    private func rowMap(
        width: Int = 200, height: Int = 100, row: Int = 50, strong: Float, faint: Float, strongShare: Double
    )
        -> EdgeMap
    {
        let points = (0..<width).map { x in
            EdgePoint(x: x, y: row, gx: 0, gy: Double(x) < strongShare * Double(width) ? strong : faint)
        }
        return EdgeMap(width: width, height: height, points: points)
    }

    /// A confident line's evidence along `line`; `lineContrast` reads only the segment.
    private func evidence(_ line: LineSegment, angle: Double = 0) -> HorizonLineEvidence {
        HorizonLineEvidence(
            angleDegrees: angle, confidence: 1, coverage: 1, rivalRatio: 2, rivalAngleDegrees: nil, residual: 0.2,
            line: line)
    }

    private func level(at y: Double, width: Double = 200) -> HorizonLineEvidence {
        evidence(LineSegment(start: ImagePoint(x: 0, y: y), end: ImagePoint(x: width, y: y)))
    }

    @Test func evenLineReadsItsGradientOverTheThreshold() {
        let map = rowMap(strong: 10, faint: 10, strongShare: 1)
        let contrast = HorizonEstimator().lineContrast(map, line: level(at: 50.5), edgeThreshold: 5)
        #expect(abs(contrast - log(3)) < 1e-9)
    }

    @Test func medianStepDecides() {
        let estimator = HorizonEstimator()
        // Strong on 40 % of the width: the median step is faint.
        let mostlyFaint = estimator.lineContrast(
            rowMap(strong: 10, faint: 2.5, strongShare: 0.4), line: level(at: 50.5), edgeThreshold: 5)
        #expect(abs(mostlyFaint - log1p(0.5)) < 1e-9)
        // Strong on 60 %: the median step is strong, however faint the rest.
        let mostlyStrong = estimator.lineContrast(
            rowMap(strong: 10, faint: 0, strongShare: 0.6), line: level(at: 50.5), edgeThreshold: 5)
        #expect(abs(mostlyStrong - log(3)) < 1e-9)
    }

    /// The farthest sample, 2 px below the line, falls in the edge's row (50) for a line at 52.9 and
    /// in the next row for a line at 53.1.
    @Test func readsTwoPixelsEitherSide() {
        let map = rowMap(strong: 10, faint: 10, strongShare: 1)
        let estimator = HorizonEstimator()
        #expect(abs(estimator.lineContrast(map, line: level(at: 52.9), edgeThreshold: 5) - log(3)) < 1e-9)
        #expect(estimator.lineContrast(map, line: level(at: 53.1), edgeThreshold: 5) == 0)
        #expect(abs(estimator.lineContrast(map, line: level(at: 48.1), edgeThreshold: 5) - log(3)) < 1e-9)
        #expect(estimator.lineContrast(map, line: level(at: 47.9), edgeThreshold: 5) == 0)
    }

    /// A uniform gradient of 6 grey levels per pixel at a 30° line: across it, the full 6; along it,
    /// nothing.
    @Test func onlyTheGradientAcrossTheLineCounts() {
        let angle = 30 / degreesPerRadian, magnitude: Float = 6
        let (s, c) = (Float(sin(angle)), Float(cos(angle)))
        let line = evidence(
            LineSegment(
                start: ImagePoint(x: 20, y: 150),
                end: ImagePoint(x: 20 + 150 * cos(angle), y: 150 - 150 * sin(angle))),
            angle: 30)
        let across = EdgeMap(
            width: 200, height: 200, gx: Array(repeating: magnitude * s, count: 40_000),
            gy: Array(repeating: magnitude * c, count: 40_000))
        let along = EdgeMap(
            width: 200, height: 200, gx: Array(repeating: magnitude * c, count: 40_000),
            gy: Array(repeating: -magnitude * s, count: 40_000))
        let estimator = HorizonEstimator()
        #expect(abs(estimator.lineContrast(across, line: line, edgeThreshold: 3) - log(3)) < 1e-6)
        #expect(estimator.lineContrast(along, line: line, edgeThreshold: 3) < 1e-6)
    }

    /// Degenerate inputs read 0 or skip what cannot be read: a line of 8 px or less, no threshold,
    /// a corrupt gradient, a line running mostly off the picture.
    @Test func degenerateInputs() {
        let map = rowMap(strong: 10, faint: 10, strongShare: 1)
        let estimator = HorizonEstimator()
        #expect(estimator.lineContrast(map, line: level(at: 50.5, width: 8), edgeThreshold: 5) == 0)
        #expect(estimator.lineContrast(map, line: level(at: 50.5), edgeThreshold: 0) == 0)
        var corrupt = map
        for x in [2, 6, 10] { corrupt.gy[50 * 200 + x] = .nan }  // three of the 49 steps
        #expect(abs(estimator.lineContrast(corrupt, line: level(at: 50.5), edgeThreshold: 5) - log(3)) < 1e-9)
        // 75 of its 124 steps lie off the picture and read nothing.
        let mostlyOff = evidence(LineSegment(start: ImagePoint(x: -300, y: 50.5), end: ImagePoint(x: 200, y: 50.5)))
        #expect(estimator.lineContrast(map, line: mostlyOff, edgeThreshold: 5) == 0)
    }

    @Test func turnedLineReadsTheGradientAcrossIt() throws {
        // A scene's horizon tilted 4°, and the same scene level: the same contrast within a few per cent.
        let tilted = Scene.seascape(width: 400, height: 300, tilt: 4, offset: 0).edgeMap()
        let level = Scene.seascape(width: 400, height: 300, tilt: 0, offset: 0).edgeMap()
        let estimator = HorizonEstimator()
        let a = try #require(estimator.analyse(tilted).candidates.first { $0.evidence == .horizonLine })
        let b = try #require(estimator.analyse(level).candidates.first { $0.evidence == .horizonLine })
        let index = try #require(HorizonEstimator.lineModel.cueNames.firstIndex(of: "line_contrast"))
        #expect(a.features[index] > 1)
        #expect(abs(a.features[index] - b.features[index]) < 0.05 * b.features[index])
    }
}
