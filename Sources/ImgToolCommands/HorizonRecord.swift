import CommandSupport
import CoreTypes
import Foundation
import Horizon
import HorizonKit

/// One input's result, as printed: a line of text or one JSON object whose keys docs/JSON.md lists
/// (pinned by JSONRecordPinTests). Absent values are written as null, never left out.
public struct HorizonRecord: Encodable, Sendable, Equatable {
    public var file: String
    /// Displayed size (after EXIF orientation).
    public var width: Int
    public var height: Int
    public var found: Bool
    /// Degrees, positive when the horizon rises to the right.
    @NullWhenAbsent public var angle: Double?
    @NullWhenAbsent public var angleRadians: Double?
    /// 0…1; the best guess's confidence also when nothing was found (low there).
    public var confidence: Double
    /// Two end points [[x, y], [x, y]], left first, in displayed pixel coordinates (y down).
    @NullWhenAbsent public var line: [[Double]]?
    /// [a, b, c, d, tx, ty]: displayed pixel (x, y) → levelled canvas (a·x + c·y + tx, b·x + d·y + ty).
    @NullWhenAbsent public var transform: [Double]?
    /// The kept rectangle in the levelled canvas, whole pixels: the output's size when fixing.
    @NullWhenAbsent public var crop: PixelRect?
    /// The straightened copy written with `--fix` (nil when nothing was written), for the text line.
    public var output: String?
    /// Every file written for this photo (the `--fix` copy, the `--overlay` drawing), with pixel sizes.
    public var outputs: [WrittenOutput] = []
    /// With `--fix`: whether the tilt is within `Levelling.levelTolerance` (0.1°), so that nothing
    /// was turned; nil (null) without `--fix`.
    @NullWhenAbsent public var level: Bool?
    /// Frames or pages in the file (only the first is measured and written).
    public var pages = 1
    /// Sidecars written (`--sidecar`), for the text line; also in `outputs`.
    public var sidecars: [String] = []
    /// Where a tilt not measured came from (`--angle`, or accepted on the review page), for the
    /// text line instead of a confidence; nil when measured.
    var angleSource: String?
    /// Whether anything was to be written (`--fix`, `--sidecar`).
    var includesOutput: Bool { level != nil }
    /// With `--evidence`: every candidate with the features behind its confidence (the key is
    /// left out without it).
    var evidence: [Candidate]?

    /// One candidate answer, as `--evidence` writes it.
    public struct Candidate: Encodable, Sendable, Equatable {
        public var evidence: String
        public var angle: Double
        public var confidence: Double
        public var features: [String: Double]
        /// Whether a rule of the estimator capped the model's confidence.
        public var capped: Bool
        /// The rules that capped it, by name (`rival`, `coverage`, `border`; `columns`).
        public var cappedBy: [String]
        /// The confidence at most of a capped candidate of this kind.
        public var cap: Double

        init(_ candidate: HorizonCandidate) {
            evidence = candidate.evidence.rawValue
            angle = rounded(candidate.angleDegrees, 3)
            confidence = rounded(candidate.confidence, 4)
            features = Dictionary(
                uniqueKeysWithValues: zip(candidate.featureNames, candidate.features.map { rounded($0, 5) }))
            capped = candidate.capped
            cappedBy = candidate.cappedBy
            cap = candidate.cap
        }
    }

    init(file: String, detection: HorizonDetection, levelling: Levelling?, crop: CropRect?) {
        self.file = file
        width = detection.width
        height = detection.height
        confidence = rounded(detection.analysis.confidence, 3)
        guard let estimate = detection.estimate, let levelling, let crop else {
            found = false
            return
        }
        found = true
        angle = rounded(estimate.angleDegrees, 3)
        angleRadians = rounded(estimate.angleRadians, 6)
        line = [
            [rounded(estimate.line.start.x, 2), rounded(estimate.line.start.y, 2)],
            [rounded(estimate.line.end.x, 2), rounded(estimate.line.end.y, 2)],
        ]
        transform = levelling.transform.components.enumerated().map { rounded($1, $0 < 4 ? 9 : 4) }
        self.crop = PixelRect(x: Int(crop.x), y: Int(crop.y), width: Int(crop.width), height: Int(crop.height))
    }

    enum CodingKeys: String, CodingKey {
        case file, width, height, found, angle, angleRadians, confidence, line, transform, crop,
            outputs, level, pages
        case evidence
    }

    /// `photo.jpg: horizon tilted +2.31° (confidence 0.87)`, and what was written.
    public var text: String {
        let name = file == "-" ? "<stdin>" : file
        let confidenceText = String(format: "%.2f", confidence)
        guard found, let angle else {
            var line = "\(name): no horizon found (confidence \(confidenceText))"
            if includesOutput { line += ", nothing written" }
            return line
        }
        let why = angleSource ?? "confidence \(confidenceText)"
        var line = "\(name): horizon tilted \(String(format: "%+.2f", angle))° (\(why))"
        if level == true {
            line += ", level within \(Levelling.levelTolerance)°: not turned"
            line += output.map { " → \($0) unchanged" } ?? ", nothing written"
            return line
        }
        if let output, let crop { line += " → \(output) \(crop.width)×\(crop.height)" }
        if !sidecars.isEmpty { line += " → " + sidecars.joined(separator: ", ") }
        return line
    }
}

/// JSON-friendly rounding: 2.31 rather than 2.3100000000000001.
private func rounded(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    let result = (value * scale).rounded() / scale
    return result == 0 ? 0 : result  // no "-0"
}
