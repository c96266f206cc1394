#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named reading of what the estimator found: a cue (a measurement a confidence model reads, by
/// the name `--evidence` reports and ConfidenceModel.json fits) or a cap rule (whether the estimator
/// holds a candidate's confidence at its kind's cap; `--evidence` lists the rules that did as `capped_by`).
struct NamedReading<Found, Value>: Sendable {
    let name: String
    let read: @Sendable (Found) -> Value

    init(_ name: String, _ read: @escaping @Sendable (Found) -> Value) {
        self.name = name
        self.read = read
    }
}

typealias ConfidenceCue<Found> = NamedReading<Found, Double>
typealias CapRule<Found> = NamedReading<Found, Bool>

/// One kind of candidate's model: its cues (the features, in the fitted coefficients' order), the
/// rules that cap it and the cap. A new cue is one row in `cues`, its name and expected sign in
/// ConfidenceModel.json, and a refit (bench/horizon/fit.sh) that writes its coefficient there.
struct CandidateModel<Found>: Sendable {
    let evidence: HorizonEstimate.Evidence
    let cues: [ConfidenceCue<Found>]
    let capRules: [CapRule<Found>]
    /// The confidence at most of a candidate a rule holds back, below any threshold a user would choose.
    let cap: Double

    var cueNames: [String] { cues.map(\.name) }

    /// The candidate at `angle` from `found`: its features, their model's probability, held at
    /// `cap` when a rule applies.
    func candidate(angle: Double, _ found: Found) -> HorizonCandidate {
        let features = cues.map { $0.read(found) }
        let probability = ConfidenceModel.probability(features, ConfidenceModel.coefficients(evidence, names: cueNames))
        let held = capRules.filter { $0.read(found) }.map(\.name)
        return HorizonCandidate(
            evidence: evidence, angleDegrees: angle, features: features, featureNames: cueNames,
            confidence: held.isEmpty ? probability : min(probability, cap), cappedBy: held, cap: cap)
    }
}

/// What the horizon line's cues read: the line, the vertical vanishing point as it agrees or not,
/// and the picture's edges.
struct LineFindings: Sendable {
    let line: HorizonLineEvidence
    /// The vanishing point when it agrees with the line, and when it disagrees (one of them or neither).
    let agreeingPoint: VanishingPointEvidence?
    let disagreeingPoint: VanishingPointEvidence?
    /// Share of the line's edges with the opposite polarity (`HorizonEstimator.polarityBalance`).
    let twins: Double
    let map: EdgeMap
    let edgeThreshold: Float
    let estimator: HorizonEstimator

    /// The row of the line's middle over the height.
    var centreRow: Double { line.line.midpoint.y / Double(map.height) }
}

/// What the vertical vanishing point's cues read: the point, the line as it agrees or not, and the
/// Hough verticals' score when they agree.
struct VanishingPointFindings: Sendable {
    let point: VanishingPointEvidence
    let agreeingLine: HorizonLineEvidence?
    let disagreeingLine: HorizonLineEvidence?
    let longVerticalsScore: Double
}

extension HorizonEstimator {
    /// Below this ratio of support, a rival line is as good as the best one.
    static let ambiguousRivalRatio = 1.25
    /// Share of the width a horizon line must cover to answer on its own.
    static let minLineCoverage = 0.35
    /// A line whose row at the centre column (`findHorizonLine`) or whose clipped middle (the cap
    /// rule "border") lies farther than this share of the height from the centre row (within 4 % of
    /// the top or bottom edge) is a border or a frame, not a horizon.
    static let borderRow = 0.46
    /// Verticals must stand in at least this many of twenty columns across the picture.
    static let minVerticalStructures = 3

    /// The horizon line's model. A rival line as strong (two horizons, or a fan of planks in
    /// perspective) makes the picture ambiguous, a line across a third of the picture or less is too
    /// little of it, and a line along the picture's top or bottom edge is a border (a backstop: such
    /// lines are no candidates, measured at the centre column, but a steep one's clipped middle may
    /// lie there): such a line does not answer. Agreeing verticals answer with their own confidence,
    /// and the line is drawn. (These rules and constants were set on the development half.)
    static let lineModel = CandidateModel<LineFindings>(
        evidence: .horizonLine,
        cues: [
            ConfidenceCue("coverage") { $0.line.coverage },
            ConfidenceCue("log_rival_ratio") { log(max($0.line.rivalRatio, 1)) },
            ConfidenceCue("residual") { $0.line.residual },
            ConfidenceCue("vp_agrees") { $0.agreeingPoint == nil ? 0 : 1 },
            ConfidenceCue("vp_disagrees_strength") { $0.disagreeingPoint?.logSupport ?? 0 },
            ConfidenceCue("twin_share") { $0.twins },
            ConfidenceCue("centre_row") { $0.centreRow },
            ConfidenceCue("texture_contrast_near") {
                $0.estimator.textureContrast($0.map, line: $0.line, reach: 0.08 * Double($0.map.height))
            },
            ConfidenceCue("texture_contrast_far") {
                $0.estimator.textureContrast($0.map, line: $0.line, reach: Double($0.map.height))
            },
            ConfidenceCue("gate_score") { $0.line.confidence },
            // Agreeing verticals weigh by their support and columns (a building's many long edges,
            // not a tree's few); disagreeing ones by their support.
            ConfidenceCue("vp_agrees_support") { $0.agreeingPoint?.logSupport ?? 0 },
            ConfidenceCue("vp_agrees_structures") { $0.agreeingPoint?.logStructures ?? 0 },
            ConfidenceCue("mirror") { $0.estimator.mirrorSymmetry($0.map, line: $0.line) },
            ConfidenceCue("line_contrast") {
                $0.estimator.lineContrast($0.map, line: $0.line, edgeThreshold: $0.edgeThreshold)
            },
        ],
        capRules: [
            CapRule("rival") { $0.line.rivalRatio < ambiguousRivalRatio },
            CapRule("coverage") { $0.line.coverage < minLineCoverage },
            CapRule("border") { abs($0.centreRow - 0.5) > borderRow },
        ],
        cap: 0.15)

    /// The vertical vanishing point's model. Verticals in one or two narrow columns are one object (a
    /// pole, a tree), which may lean.
    static let vanishingPointModel = CandidateModel<VanishingPointFindings>(
        evidence: .verticals,
        cues: [
            ConfidenceCue("log_inlier_length") { $0.point.logSupport },
            ConfidenceCue("share") { $0.point.share },
            ConfidenceCue("spread") { $0.point.spread },
            ConfidenceCue("log_structures") { $0.point.logStructures },
            ConfidenceCue("residual") { $0.point.residualDegrees },
            ConfidenceCue("nearness") { $0.point.nearness },
            ConfidenceCue("log_rival_ratio") { log(max($0.point.rivalRatio, 1)) },
            ConfidenceCue("line_agrees") { $0.agreeingLine == nil ? 0 : 1 },
            ConfidenceCue("line_disagrees_coverage") { $0.disagreeingLine?.coverage ?? 0 },
            // The long verticals of the Hough search, when they agree: their gates' score.
            ConfidenceCue("long_verticals_agree") { $0.longVerticalsScore },
            ConfidenceCue("line_agrees_coverage") { $0.agreeingLine?.coverage ?? 0 },
        ],
        capRules: [CapRule("columns") { $0.point.structures < minVerticalStructures }],
        cap: 0.4)

    /// The horizon line and the vertical vanishing point as candidates, each scored by its model;
    /// the other candidate's agreement is one of each one's features.
    func candidates(
        _ horizon: HorizonLineEvidence?, _ point: VanishingPointEvidence?,
        _ verticals: VerticalsEvidence?, edges: EdgeSamples, edgeThreshold: Float, map: EdgeMap
    ) -> [HorizonCandidate] {
        let agree = { (a: Double, b: Double) in abs(a - b) <= configuration.agreementTolerance }
        // Whether the line and the vanishing point agree, once for both (nil unless both were found).
        let pairAgrees = horizon.flatMap { h in point.map { agree($0.angleDegrees, h.angleDegrees) } }
        var result: [HorizonCandidate] = []
        if let h = horizon {
            let found = LineFindings(
                line: h, agreeingPoint: pairAgrees == true ? point : nil,
                disagreeingPoint: pairAgrees == false ? point : nil, twins: polarityBalance(edges, line: h), map: map,
                edgeThreshold: edgeThreshold, estimator: self)
            result.append(Self.lineModel.candidate(angle: h.angleDegrees, found))
        }
        if let p = point {
            let found = VanishingPointFindings(
                point: p, agreeingLine: pairAgrees == true ? horizon : nil,
                disagreeingLine: pairAgrees == false ? horizon : nil,
                longVerticalsScore: verticals.map { agree($0.angleDegrees, p.angleDegrees) ? $0.confidence : 0 } ?? 0)
            result.append(Self.vanishingPointModel.candidate(angle: p.angleDegrees, found))
        }
        return result
    }
}
