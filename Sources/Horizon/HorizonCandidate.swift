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
    /// Probability that the angle is within 1° of the truth, from the fitted model, or less where
    /// a rule caps it (`capped`).
    public var confidence: Double
    /// Whether one of the estimator's rules capped the model's confidence (an ambiguous or short
    /// line, or one along the picture's top or bottom edge; verticals in too few columns).
    public var capped = false
}

extension HorizonCandidate {
    /// A candidate whose confidence is its model's probability, held at `cap` when a rule applies.
    static func scored(
        _ evidence: HorizonEstimate.Evidence, angle: Double, features: [Double], names: [String],
        coefficients: [Double], cap: Double?
    ) -> HorizonCandidate {
        let probability = ConfidenceModel.probability(features, coefficients)
        return HorizonCandidate(
            evidence: evidence, angleDegrees: angle, features: features, featureNames: names,
            confidence: cap.map { min(probability, $0) } ?? probability, capped: cap != nil)
    }
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
    /// The support as the confidence models read it, log(1 + 10 × inlier length).
    var logSupport: Double { log1p(10 * inlierLength) }
    /// The columns holding the verticals, as the models read them (log; never below one).
    var logStructures: Double { log(Double(max(structures, 1))) }

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
/// The coefficients were fitted by bench/horizon/fit.sh (fit_confidence.py) on the development half
/// of the corpus only (see bench/horizon/LABELLING.md); the test half was never used to choose them.
/// Pictures are analysed at the fixed 1024-px working size. The tilt itself is not a feature, so a
/// turned photo keeps its confidence. A coefficient of 0 is a feature whose fitted sign contradicted
/// its expected effect, left out. The fit's output and the threshold's out-of-fold table are in
/// bench/horizon/RESULTS.md.
enum ConfidenceModel {
    static let lineFeatureNames = [
        "coverage", "log_rival_ratio", "residual", "vp_agrees", "vp_disagrees_strength", "twin_share",
        "centre_row", "texture_contrast_near", "texture_contrast_far", "gate_score", "vp_agrees_support",
        "vp_agrees_structures", "mirror", "line_contrast",
    ]
    static let vanishingPointFeatureNames = [
        "log_inlier_length", "share", "spread", "log_structures", "residual", "nearness",
        "log_rival_ratio", "line_agrees", "line_disagrees_coverage", "long_verticals_agree",
        "line_agrees_coverage",
    ]
    static let lineCoefficients: [Double] = [
        -6.0757, 3.0605, 0.1151, -0.8805, 0.0437, -0.3295, 0.5344, 1.2548, 0.0000, 1.5888, 2.9620, 1.1044, 0.2367,
        1.1137, 0.4571,
    ]
    static let vanishingPointCoefficients: [Double] = [
        -7.0412, 1.1694, 2.6201, 0.0000, 0.9878, -0.1209, -0.9560, 0.5044, 1.5840, 0.8023, 0.9822, 3.9524,
    ]

    static func probability(_ features: [Double], _ coefficients: [Double]) -> Double {
        precondition(features.count + 1 == coefficients.count, "one coefficient per feature and an intercept")
        var z = coefficients[0]
        for (f, c) in zip(features, coefficients.dropFirst()) { z += f * c }
        return z.isNaN ? 0 : 1 / (1 + exp(-z))  // NaN (a corrupt measurement): no confidence
    }
}
