import Foundation
import Horizon
import TestSupport
import Testing
import Vips

@testable import HorizonKit

/// The review page's files (real files in Sources/HorizonKit/Review, compiled into the binary and
/// parsed by a JavaScript engine) and the folder `HorizonReview` writes. The page itself runs in
/// headless Chromium in EndToEndTests/HorizonReviewTests.
@Suite(.tags(.fast)) struct HorizonReviewFolderTests {
    static let folder = Fixtures.root.appendingPathComponent("Sources/HorizonKit/Review")

    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theBinaryCarriesTheFilesAsTheyAre() throws {
        #expect(HorizonReviewFiles.page == (try Self.source("index.html")))
        #expect(HorizonReviewFiles.style == (try Self.source("review.css")))
        #expect(HorizonReviewFiles.script == (try Self.source("review.js")))
        // The page loads only its own files: nothing from the network.
        for file in [HorizonReviewFiles.page, HorizonReviewFiles.style, HorizonReviewFiles.script] {
            // (SVG's namespace is a name, never fetched.)
            let text = file.replacingOccurrences(of: "'http://www.w3.org/2000/svg'", with: "")
            #expect(!text.contains("http://") && !text.contains("https://"), "\(text.prefix(80))")
        }
    }

    /// node parses the script without running it; a script with a syntax error is refused.
    @Test func theScriptParses() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("review.js")
        try Data(HorizonReviewFiles.script.utf8).write(to: script)
        let checked = try run("node", ["--check", script.path])
        #expect(checked.status == 0, "node --check review.js: \(checked.stderr)")
        let broken = scratch.appendingPathComponent("broken.js")
        try Data((HorizonReviewFiles.script + "\n(function () {\n").utf8).write(to: broken)
        #expect(try run("node", ["--check", broken.path]).status != 0)
    }

    /// A detection without an answer, with a guess of `confidence` at `angle` (or none at all).
    static func unanswered(angle: Double?, confidence: Double, width: Int, height: Int) -> HorizonDetection {
        let guess = angle.map {
            var estimate = HorizonDetection.given(angleDegrees: $0, width: width, height: height).estimate!
            estimate.confidence = confidence
            return estimate
        }
        let analysis = HorizonAnalysis(
            estimate: nil, candidate: guess, horizonLine: nil, verticals: nil, strongEdgeCount: 0)
        return HorizonDetection(
            width: width, height: height, analysis: analysis, analysedWidth: width, analysedHeight: height)
    }

    @Test func photosWithoutAnAnswerComeFirstAndTheFolderIsKnownAgain() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = try Image(
            bytes: [UInt8](repeating: 128, count: 1600 * 1200 * 3), width: 1600, height: 1200, bands: 3)
        let inputs = ["a.jpg", "b.jpg", "c.jpg", "d.cr2"]
        let review = try HorizonReview(folder: scratch.path, inputs: inputs)
        try review.add(
            file: "a.jpg", raw: false, detection: .given(angleDegrees: 2, width: 1600, height: 1200), picture: picture)
        try review.add(
            file: "b.jpg", raw: false, detection: Self.unanswered(angle: 3, confidence: 0.4, width: 1600, height: 1200),
            picture: picture)
        try review.add(
            file: "c.jpg", raw: false, detection: Self.unanswered(angle: nil, confidence: 0, width: 1600, height: 1200),
            picture: picture)
        try review.add(
            file: "d.cr2", raw: true, detection: Self.unanswered(angle: -1, confidence: 0.4, width: 1600, height: 1200),
            picture: picture)
        try review.finish()
        let listed = review.listed
        // Without an answer first, by rising confidence; ties in input order.
        #expect(listed.map(\.file) == ["c.jpg", "b.jpg", "d.cr2", "a.jpg"])
        #expect(listed.map(\.found) == [false, false, false, true])
        #expect(listed[0].angle == nil && listed[0].line == nil && listed[1].angle == 3 && listed[3].angle == 2)
        #expect(listed.allSatisfy { $0.path.hasPrefix("/") && $0.path.hasSuffix("/" + $0.file) })
        // Previews at most 1024 px, the line in their pixels: the guess of b through the centre.
        let b = listed[1]
        #expect(b.previewWidth == 1024 && b.previewHeight == 768)
        let line = try #require(b.line)
        #expect(abs((line[0][1] + line[1][1]) / 2 - 384) < 0.01 && line[1][0] == 1024)
        let preview = try Image.load(scratch.appendingPathComponent(b.preview).path)
        #expect(preview.width == 1024 && preview.height == 768)
        // photos.js is the JSON of the list behind one assignment.
        let script = try String(contentsOf: scratch.appendingPathComponent("photos.js"), encoding: .utf8)
        #expect(script.hasPrefix("window.horizonReview = {") && script.hasSuffix("};\n"))
        let json = String(script.dropFirst("window.horizonReview = ".count).dropLast(2))
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let photos = try #require(data["photos"] as? [[String: Any]])
        #expect(photos.map { $0["file"] as? String } == listed.map(\.file))
        #expect(photos[2]["raw"] as? Bool == true && photos[0]["angle"] is NSNull)
        // A review may be written over; a folder holding anything else may not.
        #expect(HorizonReview.isReview(scratch.path))
        try Data().write(to: scratch.appendingPathComponent("notes.txt"))
        #expect(!HorizonReview.isReview(scratch.path))
    }
}
