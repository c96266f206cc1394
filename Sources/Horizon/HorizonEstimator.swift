#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Estimates how much a picture is tilted, from its edge map, or abstains.
///
/// Candidates
/// 1. Horizon line: edges are gradient ridges (non-maximum suppression) above `minMagnitude`, twice
///    the median magnitude and `relativeThreshold` × the 90th-percentile ridge, located to sub-pixel
///    precision; a Hough accumulator over tilts within ±`maxAngle` (each edge voting only near the
///    tilt its gradient implies) proposes the twelve strongest separate lines, each refined by
///    weighted total least squares through the edges of one polarity near it. Lines within 4 % of
///    the top or bottom edge (at the centre column) are frames, not candidates. The best supported
///    line wins, unless a parallel one as straight and with half its support lies higher (ground
///    lines in perspective tilt more the farther below the horizon they are). Its angle is the
///    support-weighted mean of itself and the lines beside it (within `consensusRows` of the height
///    and `consensusDegrees`, weighted less the farther they lie), drawn through its row at the centre
///    column: when near-equal lines along one horizon take turns as the best in copies of a photo, the
///    answer moves by a fraction of their difference instead of all of it.
/// 2. Vertical vanishing point: line segments (region growing on the gradient direction, as LSD,
///    each refitted through its edge's sub-pixel centres) within `maxAngle` of vertical propose
///    vanishing points pairwise; the best supported one, refined by least squares, gives the roll
///    as its direction from the image centre, which perspective does not bias (the mean tilt of
///    converging verticals is biased).
///    The older Hough verticals (`verticals`) are still reported for diagnostics.
///
/// Confidence: each candidate's probability of being within 1° of the truth, from a logistic model
/// of its measurements (coverage, distinctness from rivals, straightness, how the two candidates
/// agree and how strong the agreeing one is, and for a line whether it separates a smooth side from a
/// busy one, whether it is a thin line with edges of both polarities, like a waterline or a cable,
/// and how strong it is along its whole length). The models
/// were fitted on the development half of the corpus in bench/horizon (see `ConfidenceModel`). The
/// most confident candidate is the answer and gives the angle; a line that agrees with it within
/// `agreementTolerance` only shows where the horizon is. Below `minConfidence` the estimator abstains.
public struct HorizonEstimator: Sendable {
    /// Tuning of the estimator; the defaults are what `imgtool horizon` uses.
    public struct Configuration: Sendable, Equatable {
        /// Search range, degrees either side of level.
        public var maxAngle: Double
        /// Hough angle bin, degrees (the fit refines far below it).
        public var angleStep: Double
        /// How far, in degrees, a line may deviate from the direction an edge's gradient implies
        /// and still receive that edge's vote.
        public var gradientTolerance: Double
        /// Absolute floor for an edge, grey levels (0…255) per pixel. Low on purpose (a foggy horizon
        /// rises by 1–8 grey levels); noise is handled by the adaptive floor, 2 × the median magnitude.
        public var minMagnitude: Float
        /// Edge threshold relative to the 90th-percentile ridge magnitude.
        public var relativeThreshold: Float
        /// Rival peaks are sought at least this many degrees from the best one.
        public var rivalSeparation: Double
        /// Below this confidence the estimator abstains.
        public var minConfidence: Double
        /// Use near-vertical lines as a second source of evidence.
        public var useVerticals: Bool
        /// Degrees within which two estimates count as agreeing.
        public var agreementTolerance: Double

        /// The defaults, or any setting changed (see each property).
        public init(
            maxAngle: Double = 30, angleStep: Double = 0.2, gradientTolerance: Double = 3,
            minMagnitude: Float = 0.5, relativeThreshold: Float = 0.1,
            rivalSeparation: Double = 2, minConfidence: Double = 0.50,
            useVerticals: Bool = true, agreementTolerance: Double = 1
        ) {
            self.maxAngle = maxAngle
            self.angleStep = angleStep
            self.gradientTolerance = gradientTolerance
            self.minMagnitude = minMagnitude
            self.relativeThreshold = relativeThreshold
            self.rivalSeparation = rivalSeparation
            self.minConfidence = minConfidence
            self.useVerticals = useVerticals
            self.agreementTolerance = agreementTolerance
        }
    }

    /// The settings in force, after clamping.
    public var configuration: Configuration

    /// Degrees within which near-horizontal lines count as one parallel family.
    static let parallelTolerance = 0.5

    /// Out-of-range settings are clamped rather than trapped on: `maxAngle` to 0.5…45° (beyond 45°
    /// "near horizontal" and "near vertical" swap), `angleStep` to 0.01…1°.
    public init(configuration: Configuration = Configuration()) {
        var config = configuration
        config.angleStep = min(max(config.angleStep.isFinite ? config.angleStep : 0.2, 0.01), 1)
        config.maxAngle = min(max(config.maxAngle.isFinite ? config.maxAngle : 30, 0.5), 45)
        config.gradientTolerance = min(max(config.gradientTolerance, config.angleStep), 15)
        self.configuration = config
    }

    /// The default configuration with another search range (`--max-angle`).
    public init(maxAngle: Double) {
        self.init(configuration: Configuration(maxAngle: maxAngle))
    }

    /// The tilt, or nil when the evidence is missing or ambiguous.
    public func estimate(_ map: EdgeMap) -> HorizonEstimate? {
        analyse(map).estimate
    }

    /// The estimate (or abstention) with all the evidence behind it, for diagnostics and JSON.
    public func analyse(_ map: EdgeMap) -> HorizonAnalysis {
        analyse(map, searchesAtOnce: true)
    }

    /// The same, with the two searches that only read the map (the edges with the lines found in
    /// them; the line segments with their vanishing point) run at the same time or one after the
    /// other: the analysis is the same either way.
    func analyse(_ map: EdgeMap, searchesAtOnce: Bool) -> HorizonAnalysis {
        let config = configuration
        let width = Double(map.width), height = Double(map.height)
        let magnitudes = gradientMagnitudes(map)  // read by the edges and by the segments
        let lineSearch = { @Sendable in
            let edges = selectEdges(
                map, magnitudes: magnitudes, familyLimit: min(config.maxAngle + config.gradientTolerance, 89),
                minMagnitude: config.minMagnitude,
                relativeThreshold: config.relativeThreshold)
            let horizon = findHorizonLine(edges.horizontal, width: width, height: height)
            let verticals = config.useVerticals ? findVerticals(edges.vertical, width: width, height: height) : nil
            return (edges, horizon, verticals)
        }
        let vanishingPointSearch = { @Sendable in
            let segments = detectSegmentsRobustly(
                map, magnitudes: magnitudes, minMagnitude: Self.segmentMagnitude,
                minLength: max(10, 0.015 * max(width, height)))
            return fitVerticalVanishingPoint(
                segments, width: width, height: height,
                maxTilt: config.maxAngle
            ).map(VanishingPointEvidence.init)
        }
        let searches: ((EdgeSelection, HorizonLineEvidence?, VerticalsEvidence?), VanishingPointEvidence?) =
            switch (config.useVerticals, searchesAtOnce) {
            case (false, _): (lineSearch(), nil)
            case (true, true): concurrently(lineSearch, vanishingPointSearch)
            case (true, false): (lineSearch(), vanishingPointSearch())
            }
        let ((edges, horizon, verticals), vanishingPoint) = searches
        var analysis = HorizonAnalysis(
            estimate: nil, candidate: nil, horizonLine: horizon,
            verticals: verticals, strongEdgeCount: edges.strongEdgeCount)
        analysis.vanishingPoint = vanishingPoint
        analysis.candidates = candidates(
            horizon, vanishingPoint, verticals, edges: edges.horizontal, edgeThreshold: edges.threshold, map: map)
        if let best = analysis.candidates.max(by: { $0.confidence < $1.confidence }) {
            // The most confident candidate is the answer, and gives the angle. When the verticals win
            // and the line agrees, the line still shows where the horizon is, drawn at their angle.
            // (Reporting an agreeing line's angle instead moved the answer by up to the agreement
            // tolerance between copies of a photo, as one candidate or the other came out on top.)
            let angle = best.angleDegrees
            var drawn: LineSegment?
            if let h = horizon, abs(h.angleDegrees - angle) <= config.agreementTolerance {
                drawn =
                    best.evidence == .horizonLine
                    ? h.line : line(through: h.line.midpoint, angle: angle, width: width, height: height)
            }
            analysis.candidate = HorizonEstimate(
                angleDegrees: angle, confidence: best.confidence,
                line: drawn ?? levelLine(angle: angle, width: width, height: height),
                evidence: best.evidence, imageWidth: width, imageHeight: height)
        }
        if let candidate = analysis.candidate, candidate.confidence >= config.minConfidence {
            analysis.estimate = candidate
        }
        return analysis
    }

    /// Gradient floor for line segments, grey levels per pixel.
    static let segmentMagnitude: Float = 3

    /// How strong the line is along its whole length, whether or not its edges cleared the edge
    /// threshold: log(1 + the median, over 4-px steps along the clipped line, of the strongest
    /// gradient across it at half-pixel offsets up to 2 px either side (each read from the pixel it
    /// falls in) ÷ `edgeThreshold`). Coverage counts the 4-px bins of the width that hold an edge
    /// above the threshold, so a faint stretch counts all or nothing and the count moves between
    /// copies of a photo; the median moves with the contrast itself. A horizon faint in places keeps
    /// a strong median; a line whose edge runs along less than half of the picture's width has a weak
    /// one. Over the threshold, the contrast is relative to the picture's own edges (the threshold
    /// follows its strongest ridges, so a strong distractor lowers it).
    func lineContrast(_ map: EdgeMap, line: HorizonLineEvidence, edgeThreshold: Float) -> Double {
        guard let frame = LineFrame(line.line), frame.length > 8, edgeThreshold > 0 else { return 0 }
        var steps: [Double] = []
        steps.reserveCapacity(Int(frame.length / 4) + 1)
        var t = 2.0
        while t < frame.length - 2 {
            var strongest = 0.0
            for k in -4...4 {  // across the line, half-pixel steps
                if let g = frame.gradient(in: map, at: t, offset: Double(k) * 0.5) {
                    strongest = max(strongest, abs(g.across))
                }
            }
            steps.append(strongest)
            t += 4
        }
        guard !steps.isEmpty else { return 0 }
        steps.sort()
        return log1p(steps[steps.count / 2] / Double(edgeThreshold))
    }

    /// How much busier the picture is below a line than above it, within `reach` pixels (leaving
    /// 3 px either side of it): log((1 + mean gradient below) / (1 + mean gradient above)). Sky over
    /// ground or water is smooth above and textured below; a cable has the same on both sides.
    func textureContrast(_ map: EdgeMap, line: HorizonLineEvidence, reach: Double) -> Double {
        let w = map.width, h = map.height
        let x0 = line.line.start.x, y0 = line.line.start.y
        let slope = (line.line.end.y - y0) / max(line.line.end.x - x0, 1e-9)
        let step = max(1, min(w, h) / 256)
        var above = 0.0, below = 0.0, nAbove = 0, nBelow = 0
        for y in stride(from: 0, to: h, by: step) {
            for x in stride(from: 0, to: w, by: step) {
                let offset = Double(y) + 0.5 - (y0 + slope * (Double(x) + 0.5 - x0))
                guard abs(offset) >= 3 && abs(offset) <= reach else { continue }
                let i = y * w + x
                let m = Double((map.gx[i] * map.gx[i] + map.gy[i] * map.gy[i]).squareRoot())
                guard m.isFinite else { continue }
                if offset < 0 { above += m; nAbove += 1 } else { below += m; nBelow += 1 }
            }
        }
        guard nAbove > 0 && nBelow > 0 else { return 0 }
        return log((1 + below / Double(nBelow)) / (1 + above / Double(nAbove)))
    }

    /// How much the picture mirrors itself in the line, as still water mirrors a shore: gradients
    /// at `reach` pixels above and below it (2 px steps, sampled every `step` px along it) compared
    /// as a mirror would make them (the same along the line, opposite across it). 1: a perfect
    /// mirror; near 0: sky over sea, mountains, foliage, texture.
    func mirrorSymmetry(_ map: EdgeMap, line: HorizonLineEvidence, reach: Int = 24, step: Double = 2) -> Double {
        guard let frame = LineFrame(line.line) else { return 0 }
        var agreement = 0.0, energy = 0.0
        var t = 0.5
        while t < frame.length {
            for d in stride(from: 2, through: reach, by: 2) {
                let o = Double(d)
                guard let above = frame.gradient(in: map, at: t, offset: -o),
                    let below = frame.gradient(in: map, at: t, offset: o)
                else { continue }
                agreement += above.along * below.along - above.across * below.across
                energy +=
                    0.5
                    * (above.along * above.along + above.across * above.across
                        + below.along * below.along + below.across * below.across)
            }
            t += step
        }
        return energy > 0 ? agreement / energy : 0
    }

    /// Edges along a line, by polarity: the weaker side's share of the stronger. A boundary between
    /// sky and ground has one polarity (near 0); a thin line, a bright waterline or a dark cable, has
    /// both (near 1). Which of these helps is left to the fitted model.
    func polarityBalance(_ edges: EdgeSamples, line: HorizonLineEvidence, band: Float = 4) -> Double {
        let angle = line.angleDegrees / degreesPerRadian
        let s = Float(sin(angle)), c = Float(cos(angle))
        let r = Float(line.line.start.x) * s + Float(line.line.start.y) * c
        let check = Float(2 * configuration.gradientTolerance), a = Float(line.angleDegrees)
        var positive: Float = 0, negative: Float = 0
        for i in 0..<edges.count
        where abs(edges.x[i] * s + edges.y[i] * c - r) <= band
            && abs(edges.angle[i] - a) <= check
        {
            if edges.weight[i] > 0 { positive += edges.weight[i] } else { negative -= edges.weight[i] }
        }
        let strongest = max(positive, negative)
        return strongest > 0 ? Double(min(positive, negative) / strongest) : 0
    }

    /// Best near-horizontal line with its confidence.
    func findHorizonLine(_ edges: EdgeSamples, width: Double, height: Double) -> HorizonLineEvidence? {
        let config = configuration
        guard edges.count >= max(16, Int(0.05 * width)) else { return nil }
        var hough = HoughAccumulator(
            width: width, height: height, maxAngle: config.maxAngle,
            angleStep: config.angleStep)
        hough.vote(edges, tolerance: config.gradientTolerance)
        // The strongest separate lines, each claiming its edges (as for verticals).
        let peaks = hough.peaks(minimum: Float(0.05 * width), limit: 12, angleSeparation: 1, rhoSeparation: 4)
        var lines: [FittedLine] = []
        var unexplained = edges
        for peak in peaks {
            guard
                let fit = refineLine(
                    unexplained, angle: hough.angle(atBin: Double(peak.angleBin)),
                    rho: hough.rhoOfWindow(peak.rhoBin),
                    tolerance: config.gradientTolerance, frameWidth: width)
            else { continue }
            lines.append(fit)
            claimInliers(of: fit, in: &unexplained, tolerance: config.gradientTolerance)
        }
        let centreRow = { (line: FittedLine) in
            (line.rho - 0.5 * width * sin(line.angle / degreesPerRadian)) / cos(line.angle / degreesPerRadian)
        }
        // A line along the picture's top or bottom edge is a border or a frame, not a horizon, nor a
        // rival of one: it is no candidate, so that the horizon inside the picture is one. (Only
        // capped, it won over the horizon on photos with a frame, and its copies turned and cropped
        // without the frame answered where the photo did not.)
        lines.removeAll { abs(centreRow($0) / height - 0.5) > Self.borderRow }
        guard let strongest = lines.max(by: { $0.support < $1.support }) else { return nil }
        // Parallel lines (within `parallelTolerance`) with at least half the strongest one's support
        // and gate coverage are one family, e.g. the planks of a pier or furrows: in perspective they
        // tilt more the farther below the horizon they lie, so the one highest in the picture (the
        // farthest edge, nearest the horizon) is measured.
        let fit =
            lines.filter {
                abs($0.angle - strongest.angle) <= Self.parallelTolerance && $0.support >= 0.5 * strongest.support
                    && $0.coverage >= 0.45 && $0.residual <= strongest.residual + 0.1
            }.min { centreRow($0) < centreRow($1) } ?? strongest
        // The lines beside it (the two edges of a band, a horizon and the water line under it) measure
        // the same horizon: its angle is their consensus, so that which of two near-equal ones comes
        // out the stronger in a copy of the photo moves the answer by a fraction of their difference.
        let row = centreRow(fit)
        let angle = Self.consensusAngle(
            of: fit, among: lines, rowDistance: { abs(centreRow($0) - row) / height })
        guard abs(angle) <= config.maxAngle else { return nil }
        let line = line(through: ImagePoint(x: 0.5 * width, y: row), angle: angle, width: width, height: height)

        // Rivals, compared by fitted support (unlike raw Hough windows, it does not favour a crisp
        // short edge over a long one whose ridge wanders by a pixel):
        // - the best line more than `rivalSeparation` away: a competing horizon;
        // - the second-best line 0.5°…`rivalSeparation` away: lines that are neither parallel to
        //   the winner nor clearly apart come in numbers from a perspective fan (planks, rails,
        //   furrows converging on a vanishing point), which says nothing about the roll. One such
        //   line alone (a shore at a slight angle) does not count.
        let separation = { (other: FittedLine) in abs(other.angle - fit.angle) }
        let rival = lines.filter { separation($0) > config.rivalSeparation }.max { $0.support < $1.support }
        let fan =
            lines.filter { separation($0) > 0.5 && separation($0) <= config.rivalSeparation }
            .map(\.support).sorted(by: >).dropFirst().first ?? 0
        let ratio = strongest.support / max(rival?.support ?? 0, fan, 1)

        let confidence = min(
            gateScore(fit.coverage, zero: 0.15, half: 0.45, one: 0.85),
            gateScore(ratio, zero: 1, half: 1.25, one: 2))
        return HorizonLineEvidence(
            angleDegrees: angle, confidence: confidence,
            coverage: fit.coverage, rivalRatio: ratio,
            rivalAngleDegrees: rival?.angle, residual: fit.residual, line: line)
    }

    /// Rows (share of the height, at the centre column) and degrees within which a line counts towards
    /// the horizon line's angle, its weight fading linearly to nothing at these distances (set on the
    /// development half).
    static let consensusRows = 0.05
    static let consensusDegrees = 1.0

    /// The support-weighted mean angle of `line` and the lines near it in position and angle, each
    /// weighted less the farther it lies (no line enters or leaves the mean with a step).
    static func consensusAngle(
        of line: FittedLine, among lines: [FittedLine], rowDistance: (FittedLine) -> Double
    ) -> Double {
        var weightSum = 0.0, angleSum = 0.0
        for other in lines {
            let nearness =
                max(0, 1 - rowDistance(other) / Self.consensusRows)
                * max(0, 1 - abs(other.angle - line.angle) / Self.consensusDegrees)
            let weight = other.support * nearness
            weightSum += weight
            angleSum += weight * other.angle
        }
        return weightSum > 0 ? angleSum / weightSum : line.angle
    }

    /// Near-vertical lines and the roll they agree on. Works in the transposed frame
    /// (x = image y), where a vertical leaning its top to the left by φ has tilt −φ.
    func findVerticals(_ edges: EdgeSamples, width: Double, height: Double) -> VerticalsEvidence? {
        let config = configuration
        let frameWidth = height, frameHeight = width
        guard edges.count >= max(16, Int(0.05 * frameWidth)) else { return nil }
        var hough = HoughAccumulator(
            width: frameWidth, height: frameHeight,
            maxAngle: config.maxAngle, angleStep: config.angleStep)
        hough.vote(edges, tolerance: config.gradientTolerance)
        let peaks = hough.peaks(
            minimum: Float(0.1 * frameWidth), limit: 16,
            angleSeparation: 1.5, rhoSeparation: 6)
        var fits: [FittedLine] = []
        var unexplained = edges
        for peak in peaks {
            guard
                let fit = refineLine(
                    unexplained, angle: hough.angle(atBin: Double(peak.angleBin)),
                    rho: hough.rhoOfWindow(peak.rhoBin),
                    tolerance: config.gradientTolerance, frameWidth: frameWidth),
                fit.coverage >= 0.15, abs(fit.angle) <= config.maxAngle
            else { continue }
            fits.append(fit)
            claimInliers(of: fit, in: &unexplained, tolerance: config.gradientTolerance)
        }
        // Keep only lines that cross the frame (always, in practice) so segments and angles align.
        let crossing = fits.compactMap { fit in
            clipLine(angle: fit.angle, rho: fit.rho, width: frameWidth, height: frameHeight).map { (fit, $0) }
        }
        fits = crossing.map(\.0)
        guard !fits.isEmpty else { return nil }

        let rolls = fits.map { -$0.angle }
        let supports = fits.map(\.support)
        let median = weightedMedian(rolls, weights: supports)
        let agreeing = fits.indices.filter { abs(rolls[$0] - median) <= config.agreementTolerance }
        let agreeingSupport = agreeing.reduce(0) { $0 + supports[$1] }
        let angle = agreeing.reduce(0) { $0 + rolls[$1] * supports[$1] } / agreeingSupport
        let agreement = agreeingSupport / supports.reduce(0, +)
        let length = agreeing.reduce(0) { $0 + fits[$1].coverage }
        // Separate structures: the two sides of one pole are two lines but one piece of evidence.
        let positions = agreeing.map { fits[$0].rho }.sorted()
        let gap = 0.05 * frameHeight
        let structures = 1 + zip(positions, positions.dropFirst()).filter { $1 - $0 > gap }.count

        var confidence = min(
            gateScore(length, zero: 0.3, half: 0.8, one: 2),
            gateScore(agreement, zero: 0.5, half: 0.7, one: 0.9))
        if structures < 2 { confidence = min(confidence, 0.4) }
        confidence = min(confidence, 0.9)

        let segments = crossing.map { _, segment in  // back from the transposed frame, top end first
            LineSegment(
                start: ImagePoint(x: segment.start.y, y: segment.start.x),
                end: ImagePoint(x: segment.end.y, y: segment.end.x))
        }
        return VerticalsEvidence(
            angleDegrees: angle, confidence: confidence, lines: segments,
            lineAngles: rolls, agreeingCount: agreeing.count,
            structureCount: structures, agreeingLength: length, agreement: agreement)
    }
}

/// A segment's own frame, for reading the picture's gradients along and across it: its start, its
/// unit direction u and its unit normal n (u turned a quarter turn, towards +y for a level line).
struct LineFrame {
    let origin: ImagePoint
    let ux: Double, uy: Double
    let nx: Double, ny: Double
    let length: Double

    /// Nil for a segment of no length.
    init?(_ segment: LineSegment) {
        let a = segment.start, b = segment.end
        length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 0 else { return nil }
        origin = a
        ux = (b.x - a.x) / length
        uy = (b.y - a.y) / length
        nx = -uy
        ny = ux
    }

    /// The gradient `t` px along the segment and `offset` px across it (along n), read from the pixel
    /// the point falls in, as its components along u and along n; nil off the picture or where the
    /// gradient is not finite.
    func gradient(in map: EdgeMap, at t: Double, offset: Double) -> (along: Double, across: Double)? {
        let x = origin.x + t * ux + offset * nx, y = origin.y + t * uy + offset * ny
        let xi = Int(x.rounded(.down)), yi = Int(y.rounded(.down))
        guard xi >= 0, yi >= 0, xi < map.width, yi < map.height else { return nil }
        let i = yi * map.width + xi
        let gx = Double(map.gx[i]), gy = Double(map.gy[i])
        guard gx.isFinite, gy.isFinite else { return nil }
        return (gx * ux + gy * uy, gx * nx + gy * ny)
    }
}

/// The line at `angle` through the image centre, clipped to the image.
func levelLine(angle: Double, width: Double, height: Double) -> LineSegment {
    line(through: ImagePoint(x: width / 2, y: height / 2), angle: angle, width: width, height: height)
}

/// The line at `angle` through `point`, clipped to the picture.
func line(through point: ImagePoint, angle: Double, width: Double, height: Double) -> LineSegment {
    let s = sin(angle / degreesPerRadian), c = cos(angle / degreesPerRadian)
    let rho = point.x * s + point.y * c
    return clipLine(angle: angle, rho: rho, width: width, height: height)
        ?? LineSegment(start: ImagePoint(x: 0, y: point.y), end: ImagePoint(x: width, y: point.y))
}

func weightedMedian(_ values: [Double], weights: [Double]) -> Double {
    let order = values.indices.sorted { values[$0] < values[$1] }
    let half = weights.reduce(0, +) / 2
    var running = 0.0
    for i in order {
        running += weights[i]
        if running >= half { return values[i] }
    }
    return values[order.last!]
}
