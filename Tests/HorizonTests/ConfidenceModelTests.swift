import Foundation
import TestSupport
import Testing

@testable import Horizon

/// The confidence models: the cue tables, the coefficients the fit wrote (Sources/Horizon/ConfidenceModel.json)
/// and the caps, as the estimator applies them.
@Suite(.tags(.fast)) struct ConfidenceModelTests {
    /// The file as bench/horizon/fit_confidence.py writes it, read from the source tree (not the bytes
    /// compiled in), so a refit that was not built shows here.
    static func written() throws -> [String: ConfidenceModel.Fitted] {
        let url = Fixtures.root.appendingPathComponent("Sources/Horizon/ConfidenceModel.json")
        return try JSONDecoder().decode([String: ConfidenceModel.Fitted].self, from: Data(contentsOf: url))
    }

    /// Each table names the file's cues, in its order: a cue added to a table without its row in the
    /// file (name and expected sign, then a refit) fails here, not in a user's run.
    @Test func tablesNameTheFittedCues() throws {
        let file = try Self.written()
        #expect(file["horizon_line"]?.cues.map(\.name) == HorizonEstimator.lineModel.cueNames)
        #expect(file["verticals"]?.cues.map(\.name) == HorizonEstimator.vanishingPointModel.cueNames)
        #expect(Set(file.keys) == ["horizon_line", "verticals"])
        // The compiled-in bytes are the file's.
        #expect(ConfidenceModel.fitted == file)
    }

    /// The fit leaves out (sets to 0) a cue whose coefficient contradicts its expected sign.
    @Test func coefficientsFollowTheirSigns() throws {
        for (kind, model) in try Self.written() {
            for cue in model.cues {
                #expect(Double(cue.sign) * cue.coefficient >= 0, "\(kind).\(cue.name): \(cue.coefficient)")
                #expect([-1, 0, 1].contains(cue.sign))
            }
        }
    }

    /// A candidate's confidence is the logistic of its features under the file's coefficients, held
    /// at its cap when a rule applies (computed here from the file, apart from the engine's sum).
    @Test func confidenceIsTheFittedLogistic() throws {
        let file = try Self.written()
        let analysis = HorizonEstimator().analyse(Scene.seascape(width: 400, height: 300, tilt: 3, offset: 0).edgeMap())
        #expect(analysis.candidates.contains { $0.evidence == .horizonLine })
        for candidate in analysis.candidates {
            let model = try #require(file[candidate.evidence.rawValue])
            #expect(candidate.featureNames == model.cues.map(\.name))
            let z = zip(candidate.features, model.cues).reduce(model.intercept) { $0 + $1.0 * $1.1.coefficient }
            let probability = 1 / (1 + exp(-z))
            let expected = candidate.capped ? min(probability, candidate.cap) : probability
            #expect(abs(candidate.confidence - expected) < 1e-12)
        }
    }

    /// A line across a fifth of the width is held at the line's cap by the "coverage" rule, and says so.
    @Test func shortLineIsCappedByCoverage() throws {
        let map = Scene.seascape(width: 400, height: 300, tilt: 0, offset: 0).edgeMap()
        // The horizon's edges kept only in the left fifth of the picture.
        var gx = map.gx, gy = map.gy
        for y in 0..<map.height {
            for x in 80..<map.width {
                gx[y * map.width + x] = 0
                gy[y * map.width + x] = 0
            }
        }
        let short = EdgeMap(width: map.width, height: map.height, gx: gx, gy: gy)
        let line = try #require(HorizonEstimator().analyse(short).candidates.first { $0.evidence == .horizonLine })
        #expect(line.cappedBy.contains("coverage"))
        #expect(line.cap == 0.15 && line.confidence <= 0.15)
    }
}
