#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One answer the estimator considered, with the measurements its confidence was computed from.
public struct HorizonCandidate: Sendable, Equatable {
    /// What the angle was measured on.
    public var evidence: HorizonEstimate.Evidence
    /// Tilt, degrees, positive when the horizon rises to the right.
    public var angleDegrees: Double
    /// The model's features, in `featureNames` order.
    public var features: [Double]
    /// Names of `features`, for reports and for the fitting script in bench/horizon.
    public var featureNames: [String]
    /// Probability that the angle is within 1° of the truth, from the fitted model.
    public var confidence: Double
}

/// Evidence from the vanishing point of the verticals.
public struct VanishingPointEvidence: Sendable, Equatable {
    /// Roll implied, degrees, the horizon's sign convention.
    public var angleDegrees: Double
    /// Number of supporting segments.
    public var inlierCount: Int
    /// Their summed length over the image diagonal.
    public var inlierLength: Double
    /// Their length over that of every near-vertical segment.
    public var share: Double
    /// Length-weighted spread of their positions, in image widths.
    public var spread: Double
    /// Columns a twentieth of the picture wide that hold them.
    public var structures: Int
    /// Their length-weighted RMS angle to the direction of the point, degrees.
    public var residualDegrees: Double
    /// Image diagonal ÷ the point's distance from the centre (0: at infinity, a level camera).
    public var nearness: Double
    /// Support of the point ÷ support of the best point implying a roll more than 2° away.
    public var rivalRatio: Double
    /// The supporting segments, longest first, in image coordinates.
    public var segments: [LineSegment]
}

extension VanishingPointEvidence {
    init(_ fit: VerticalVanishingPoint) {
        angleDegrees = fit.rollDegrees
        inlierCount = fit.inliers.count
        inlierLength = fit.inlierLength
        share = fit.share
        spread = fit.spread
        structures = fit.structures
        residualDegrees = fit.residualDegrees
        nearness = fit.nearness
        rivalRatio = fit.rivalRatio
        segments = fit.inliers.sorted { $0.length > $1.length }.map {
            LineSegment(start: ImagePoint(x: $0.x1, y: $0.y1), end: ImagePoint(x: $0.x2, y: $0.y2))
        }
    }
}

/// Logistic models of "this candidate is within 1° of the truth", one per kind of evidence.
///
/// The coefficients were fitted by bench/horizon/fit_confidence.py on the development half of the
/// corpus only (see bench/horizon/LABELLING.md); the test half was never used to choose them.
enum ConfidenceModel {
    static let lineFeatureNames = [
        "coverage", "log_rival_ratio", "residual", "abs_angle", "vp_agrees", "vp_disagrees_strength",
        "twin_share", "centre_row", "texture_contrast_near", "texture_contrast_far",
        "gate_score",
    ]
    static let vanishingPointFeatureNames = [
        "log_inlier_length", "share", "spread", "log_structures", "residual", "nearness",
        "log_rival_ratio", "abs_angle", "line_agrees", "line_disagrees_coverage", "long_verticals_agree",
    ]
    static let lineCoefficients: [Double] = [-0.9508, 0.7738, 0.0976, -0.7047, -1.1244, 1.6472, -1.1398, 0.7316, 1.3634, 0.0000, 1.4759, 1.9449]
    static let vanishingPointCoefficients: [Double] = [-4.6032, 1.2691, 2.1348, 0.0000, 0.4097, 0.0000, -1.2663, 0.0000, -0.4494, 3.8489, 0.2851, 1.0440]

    static func probability(_ features: [Double], _ coefficients: [Double]) -> Double {
        var z = coefficients[0]
        for (f, c) in zip(features, coefficients.dropFirst()) { z += f * c }
        return 1 / (1 + exp(-z))
    }
}
