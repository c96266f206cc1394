#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
    /// The estimator's rules that held the model's confidence back (`CandidateModel.capRules`: an
    /// ambiguous, short or border line; verticals in too few columns), by name; empty when none did.
    public var cappedBy: [String] = []
    /// The confidence at most of a candidate of this kind that a rule holds back (below any
    /// threshold a user would choose), whether or not one did.
    public var cap: Double

    /// Whether one of the estimator's rules capped the model's confidence.
    public var capped: Bool { !cappedBy.isEmpty }
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

/// Logistic models of "this candidate is within 1° of the truth", one per kind of evidence, their
/// coefficients read from ConfidenceModel.json (compiled into the module as bytes, so the binary
/// carries them wherever it is copied).
///
/// The coefficients are fitted by bench/horizon/fit.sh (fit_confidence.py), which writes that file,
/// on the development half of the corpus only (see bench/horizon/LABELLING.md); the test half was
/// never used to choose them. Pictures are analysed at the fixed 1024-px working size. The tilt
/// itself is not a feature, so a turned photo keeps its confidence. A coefficient of 0 is a feature
/// whose fitted sign contradicted its expected `sign`, left out. The fit's output and the
/// threshold's out-of-fold table are in bench/horizon/RESULTS.md.
enum ConfidenceModel {
    /// One kind of candidate's fitted model, as ConfidenceModel.json holds it.
    struct Fitted: Decodable, Equatable {
        struct Cue: Decodable, Equatable {
            var name: String
            /// The direction in which the cue may only move the chance of being right (+1 raises,
            /// −1 lowers, 0 either): the fit sets a coefficient of the other sign to 0.
            var sign: Int
            var coefficient: Double
        }
        var intercept: Double
        var cues: [Cue]
    }

    /// The fitted models by kind of evidence ("horizon_line", "verticals").
    static let fitted: [String: Fitted] = {
        do {
            return try JSONDecoder().decode([String: Fitted].self, from: Data(PackageResources.ConfidenceModel_json))
        } catch {
            preconditionFailure("Sources/Horizon/ConfidenceModel.json does not read: \(error)")
        }
    }()

    /// The intercept and one coefficient per cue of `names`, for the `evidence` kind's model; the
    /// file must name the same cues in the same order (ConfidenceModelTests checks it).
    static func coefficients(_ evidence: HorizonEstimate.Evidence, names: [String]) -> [Double] {
        guard let model = fitted[evidence.rawValue], model.cues.map(\.name) == names else {
            preconditionFailure("ConfidenceModel.json's \(evidence.rawValue) cues are not \(names): refit")
        }
        return [model.intercept] + model.cues.map(\.coefficient)
    }

    static func probability(_ features: [Double], _ coefficients: [Double]) -> Double {
        precondition(features.count + 1 == coefficients.count, "one coefficient per feature and an intercept")
        var z = coefficients[0]
        for (f, c) in zip(features, coefficients.dropFirst()) { z += f * c }
        return z.isNaN ? 0 : 1 / (1 + exp(-z))  // NaN (a corrupt measurement): no confidence
    }
}
