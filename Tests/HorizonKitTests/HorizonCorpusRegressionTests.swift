import Horizon
import HorizonKit
import ImageTestSupport
import TestSupport
import Testing

/// Small copies of development-corpus photos from the classes the first detector failed on
/// (bench/horizon/manifest.csv; Assets/LICENSES.md says which): each with its measured truth.
@Suite(.tags(.fast)) struct HorizonCorpusRegressionTests {
    let estimator = HorizonEstimator()

    /// (asset, truth in degrees, largest error accepted): a sea horizon broken up by people in
    /// front of it, a portrait photo levelled by a lighthouse's verticals, and transmission towers
    /// above diagonal rails turned by 11.3°.
    @Test(arguments: [
        ("horizon-people-shore.jpg", 5.51, 0.3),
        ("horizon-lighthouse-portrait.jpg", -6.97, 1.0),
        ("horizon-towers-rails.jpg", -11.59, 1.0),
    ])
    func answersWithinItsTruth(asset: String, truth: Double, tolerance: Double) throws {
        let detection = try HorizonDetector.detect(file: Fixtures.asset(asset), estimator: estimator)
        let estimate = try #require(
            detection.estimate, "\(asset): no horizon found (confidence \(detection.analysis.confidence))")
        #expect(
            abs(estimate.angleDegrees - truth) < tolerance,
            "\(asset): measured \(estimate.angleDegrees)°, truth \(truth)°")
    }

    /// A maze of hedges seen from above, turned by 3°: straight lines everywhere, no level reference.
    @Test func mazeFromAboveAbstains() throws {
        let detection = try HorizonDetector.detect(file: Fixtures.asset("no-horizon-maze.jpg"), estimator: estimator)
        #expect(detection.estimate == nil, "reported \(detection.estimate.map { "\($0.angleDegrees)°" } ?? "")")
    }
}
