import Testing

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lineContrast`: the median, along the line, of the strongest gradient across it, over the edge
/// threshold, so that a faint stretch lowers it gradually instead of dropping out of the coverage.
@Suite struct LineContrastTests {
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

    private func level(at y: Double, width: Double = 200) -> HorizonLineEvidence {
        HorizonLineEvidence(
            angleDegrees: 0, confidence: 1, coverage: 1, rivalRatio: 2, rivalAngleDegrees: nil, residual: 0.2,
            line: LineSegment(start: ImagePoint(x: 0, y: y), end: ImagePoint(x: width, y: y)))
    }

    @Test func evenLineReadsItsGradientOverTheThreshold() {
        let map = rowMap(strong: 10, faint: 10, strongShare: 1)
        let contrast = HorizonEstimator().lineContrast(map, line: level(at: 50.5), edgeThreshold: 5)
        #expect(abs(contrast - log(3)) < 1e-9)
    }

    @Test func faintStretchesLowerTheMedianNotTheCount() {
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

    @Test func gradientMoreThanTwoPixelsAwayIsNotTheLines() {
        let map = rowMap(strong: 10, faint: 10, strongShare: 1)
        #expect(HorizonEstimator().lineContrast(map, line: level(at: 53.6), edgeThreshold: 5) == 0)
        #expect(HorizonEstimator().lineContrast(map, line: level(at: 52.4), edgeThreshold: 5) > 1)
    }

    @Test func turnedLineReadsTheGradientAcrossIt() throws {
        // A scene's horizon tilted 4°, and the same scene level: the same contrast within a few per cent.
        let tilted = Scene.seascape(width: 400, height: 300, tilt: 4, offset: 0).edgeMap()
        let level = Scene.seascape(width: 400, height: 300, tilt: 0, offset: 0).edgeMap()
        let estimator = HorizonEstimator()
        let a = try #require(estimator.analyse(tilted).candidates.first { $0.evidence == .horizonLine })
        let b = try #require(estimator.analyse(level).candidates.first { $0.evidence == .horizonLine })
        let index = try #require(ConfidenceModel.lineFeatureNames.firstIndex(of: "line_contrast"))
        #expect(a.features[index] > 1)
        #expect(abs(a.features[index] - b.features[index]) < 0.05 * b.features[index])
    }
}
