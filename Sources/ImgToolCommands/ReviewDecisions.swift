import Foundation
import HorizonKit
import ToolSupport

/// The decisions file the review page saves (`imgtool horizon --review`) and `--decisions` reads:
/// `{"version": 1, "photos": [{"file": PATH, "decision": "accept" | "reject", "angle": DEGREES}]}`.
/// An accepted photo's angle (as found, or nudged in the review) is applied as given; a rejected
/// photo is left alone; photos the file does not name are detected as usual.
struct ReviewDecisions: Sendable, Codable, Equatable {
    struct Photo: Sendable, Codable, Equatable {
        var file: String
        var decision: String
        var angle: Double?
    }

    var version = 1
    var photos: [Photo]
    /// Each photo's last entry by its path as written and as an absolute path (built by `read`).
    private var byPath: [String: Photo] = [:]
    private var byAbsolutePath: [String: Photo] = [:]

    enum CodingKeys: String, CodingKey { case version, photos }

    init(photos: [Photo]) {
        self.photos = photos
        indexPaths()
    }

    private mutating func indexPaths() {
        byPath = [:]
        byAbsolutePath = [:]
        for photo in photos {
            byPath[photo.file] = photo
            byAbsolutePath[HorizonReview.absolute(photo.file)] = photo
        }
    }

    /// Reads and checks a decisions file (one-line errors: exit 64, it is a command-line input).
    static func read(_ path: String) throws(ToolFailure) -> ReviewDecisions {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ToolFailure("--decisions \(path): cannot read it", status: ExitStatus.usage)
        }
        var decisions: ReviewDecisions
        do {
            decisions = try JSONDecoder().decode(ReviewDecisions.self, from: data)
        } catch {
            throw ToolFailure(
                "--decisions \(path): not a decisions file (JSON {\"version\": 1, \"photos\": [...]}, as the review page saves)",
                status: ExitStatus.usage)
        }
        // A later page's file may mean something this version does not read: never guessed at.
        guard decisions.version == 1 else {
            throw ToolFailure(
                "--decisions \(path): version \(decisions.version) is not one this imgtool reads (1): save the decisions from this version's review page",
                status: ExitStatus.usage)
        }
        for photo in decisions.photos {
            switch photo.decision {
            case "accept":
                guard let angle = photo.angle, angle.isFinite, Swift.abs(angle) <= 45 else {
                    throw ToolFailure(
                        "--decisions \(path): \(photo.file) is accepted without an angle from -45 to 45 degrees",
                        status: ExitStatus.usage)
                }
            case "reject": break
            default:
                throw ToolFailure(
                    "--decisions \(path): \(photo.file): decision must be accept or reject, not \"\(photo.decision)\"",
                    status: ExitStatus.usage)
            }
        }
        decisions.indexPaths()
        return decisions
    }

    /// The photo's entry: the same path as given, or the same file as an absolute path (the page
    /// names photos absolutely, so decisions apply from any working folder).
    private func entry(for file: String) -> Photo? {
        byPath[file] ?? byAbsolutePath[HorizonReview.absolute(file)]
    }

    /// The accepted angle for `file`, nil when it was not accepted or not reviewed.
    func angle(for file: String) -> Double? {
        guard let photo = entry(for: file), photo.decision == "accept" else { return nil }
        return photo.angle
    }

    /// The files the decisions name that are none of `inputs` (moved, renamed, or not given).
    func unmatched(_ inputs: [String]) -> [String] {
        let given = Set(inputs), absolute = Set(inputs.map(HorizonReview.absolute))
        return photos.map(\.file).filter { !given.contains($0) && !absolute.contains(HorizonReview.absolute($0)) }
    }

    /// Whether the review rejected `file`.
    func isRejected(_ file: String) -> Bool {
        entry(for: file)?.decision == "reject"
    }
}
