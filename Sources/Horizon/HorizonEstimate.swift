#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in continuous pixel coordinates (image covers [0, width] × [0, height], y down).
public struct ImagePoint: Sendable, Equatable, Hashable {
    /// Horizontal position, pixels from the left edge.
    public var x: Double
    /// Vertical position, pixels from the top edge.
    public var y: Double

    /// A point at (x, y).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A straight segment between two points in continuous pixel coordinates.
public struct LineSegment: Sendable, Equatable, Hashable {
    /// One end (the left one for a detected horizon).
    public var start: ImagePoint
    /// The other end.
    public var end: ImagePoint

    /// A segment from `start` to `end`.
    public init(start: ImagePoint, end: ImagePoint) {
        self.start = start
        self.end = end
    }

    /// The point halfway between the ends.
    public var midpoint: ImagePoint {
        ImagePoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2)
    }

    /// Tilt in degrees, project convention: positive when the segment rises to the right.
    public var angleDegrees: Double {
        let (from, to) = start.x <= end.x ? (start, end) : (end, start)
        return atan2(from.y - to.y, to.x - from.x) * degreesPerRadian
    }

    func scaled(x sx: Double, y sy: Double) -> LineSegment {
        LineSegment(
            start: ImagePoint(x: start.x * sx, y: start.y * sy),
            end: ImagePoint(x: end.x * sx, y: end.y * sy))
    }
}

/// The detected tilt of a picture.
public struct HorizonEstimate: Sendable, Equatable {
    /// What the angle was measured on.
    public enum Evidence: String, Sendable, Equatable {
        /// One long straight near-horizontal line (sea, lake, plain).
        case horizonLine = "horizon_line"
        /// Several near-vertical lines (buildings, interiors) that agree on the camera's roll.
        case verticals
        /// Not measured: a tilt the user gave (`--angle`) or accepted on a review page, its line
        /// drawn through the picture's centre.
        case given
    }

    /// Tilt of the horizon as seen on screen, degrees: positive when it rises to the right
    /// (counter-clockwise). Straightening turns the picture by the opposite amount.
    public var angleDegrees: Double
    /// 0…1; see `HorizonEstimator` for what it measures. ≥ `minConfidence` when returned as found.
    public var confidence: Double
    /// The horizon across the analysed image, clipped to it, left end first. For `.verticals`
    /// it is the level line implied by the verticals, drawn through the image centre.
    public var line: LineSegment
    /// What the angle was measured on: a horizon line or verticals.
    public var evidence: Evidence
    /// Size of the image the estimate refers to (its `line` is in these pixel coordinates).
    public var imageWidth: Double
    /// Height of that image (see `imageWidth`).
    public var imageHeight: Double

    /// An estimate from its parts; the estimator builds these, tests and callers may too.
    public init(
        angleDegrees: Double, confidence: Double, line: LineSegment, evidence: Evidence,
        imageWidth: Double, imageHeight: Double
    ) {
        self.angleDegrees = angleDegrees
        self.confidence = confidence
        self.line = line
        self.evidence = evidence
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }

    /// `angleDegrees` in radians.
    public var angleRadians: Double { angleDegrees / degreesPerRadian }

    /// The same estimate for the same picture at another size (e.g. the full-resolution original
    /// of the analysed thumbnail): the line's end points scale. With equal scale factors the angle
    /// is unchanged; when rounding made the thumbnail's proportions differ slightly (1024×683 for
    /// 6000×4003) the angle follows exactly, a few thousandths of a degree at most.
    public func scaled(toWidth width: Double, height: Double) -> HorizonEstimate {
        let sx = width / imageWidth, sy = height / imageHeight
        var copy = self
        copy.imageWidth = width
        copy.imageHeight = height
        let tilt = tan(angleDegrees / degreesPerRadian)
        switch evidence {
        case .horizonLine, .given:
            // A direction (cos θ, −sin θ) becomes (sx·cos θ, −sy·sin θ).
            copy.line = line.scaled(x: sx, y: sy)
            if sx != sy { copy.angleDegrees = atan(tilt * sy / sx) * degreesPerRadian }
        case .verticals:
            // Upright edges (sin φ, cos φ) become (sx·sin φ, sy·cos φ); the level line is redrawn.
            if sx != sy { copy.angleDegrees = atan(tilt * sx / sy) * degreesPerRadian }
            copy.line = levelLine(angle: copy.angleDegrees, width: width, height: height)
        }
        return copy
    }

    /// `scaled(toWidth:height:)` for whole-pixel sizes.
    public func scaled(toWidth width: Int, height: Int) -> HorizonEstimate {
        scaled(toWidth: Double(width), height: Double(height))
    }
}

/// Evidence from the best near-horizontal line, reported even when it is not convincing.
public struct HorizonLineEvidence: Sendable, Equatable {
    /// Tilt in degrees, positive when it rises to the right: the best line's, averaged with the lines
    /// beside it (`HorizonEstimator`). Coverage, rivals and residual are the best line's own.
    public var angleDegrees: Double
    /// 0…1, the weaker of the coverage and distinctness scores.
    public var confidence: Double
    /// Share of the image width in which the line has edge support.
    public var coverage: Double
    /// Support of this line ÷ support of its strongest rival (both refined alike): the best line
    /// more than `rivalSeparation` away, or the second of a perspective fan 0.5°…`rivalSeparation`
    /// away. Near 1: candidates compete.
    public var rivalRatio: Double
    /// Tilt of the best line more than `rivalSeparation` away, if there was one.
    public var rivalAngleDegrees: Double?
    /// RMS distance of the supporting edges to the fitted line, pixels.
    public var residual: Double
    /// The line across the image at `angleDegrees`, through the best line's row at the centre column.
    public var line: LineSegment
}

/// Evidence from near-vertical lines: each one's tilt is the camera roll it implies.
public struct VerticalsEvidence: Sendable, Equatable {
    /// Roll implied by the agreeing verticals in degrees, in the horizon's sign convention.
    public var angleDegrees: Double
    /// 0…1, the weaker of the agreeing-length and agreement scores, capped (see `HorizonEstimator`).
    public var confidence: Double
    /// The vertical lines found, in image coordinates, strongest first.
    public var lines: [LineSegment]
    /// Roll implied by each line, same order (positive = top leans left = picture turned CCW).
    public var lineAngles: [Double]
    /// How many lines agree with the weighted median within `agreementTolerance`.
    public var agreeingCount: Int
    /// Groups of agreeing lines at least 5 % of the image width apart (the sides of one pole are one).
    public var structureCount: Int
    /// Summed coverage of the agreeing lines, in image heights.
    public var agreeingLength: Double
    /// Support of the agreeing lines ÷ support of all lines.
    public var agreement: Double
}

/// Everything the estimator found; `estimate` is nil when it abstains.
public struct HorizonAnalysis: Sendable, Equatable {
    /// The answer, or nil: no horizon found (abstained), like Vision returning no observation.
    public var estimate: HorizonEstimate?
    /// The best guess whether or not it passed the threshold (for diagnostics and JSON confidence).
    public var candidate: HorizonEstimate?
    /// The horizon-line evidence, nil when no near-horizontal line was found.
    public var horizonLine: HorizonLineEvidence?
    /// The verticals evidence, nil when disabled or none were found.
    public var verticals: VerticalsEvidence?
    /// Edge pixels that took part (after thinning and thresholding).
    public var strongEdgeCount: Int
    /// The vanishing point of the verticals, nil when disabled or not found.
    public var vanishingPoint: VanishingPointEvidence?
    /// Every answer considered, with the features behind its confidence.
    public var candidates: [HorizonCandidate] = []

    /// Evidence from its parts (the estimator fills `vanishingPoint` and `candidates` afterwards).
    public init(
        estimate: HorizonEstimate?, candidate: HorizonEstimate?, horizonLine: HorizonLineEvidence?,
        verticals: VerticalsEvidence?, strongEdgeCount: Int
    ) {
        self.estimate = estimate
        self.candidate = candidate
        self.horizonLine = horizonLine
        self.verticals = verticals
        self.strongEdgeCount = strongEdgeCount
    }

    /// True when the estimator did not abstain.
    public var found: Bool { estimate != nil }
    /// Confidence of the best guess; 0 when there was nothing to go on.
    public var confidence: Double { candidate?.confidence ?? 0 }
}
