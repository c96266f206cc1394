import Foundation
import TestSupport
import Testing

/// `imgtool horizon --review DIR/`: the page it writes, loaded from file:// in headless Chromium,
/// decided on with keys and the mouse as a photographer would, its decisions file downloaded and
/// applied with `--decisions`: the photos come out levelled (and their sidecars turned) as decided.
@Suite(.serialized, .timeLimit(.minutes(4)), .tags(.external)) struct HorizonReviewTests {
    /// Photos with and without an answer, a raw one among them.
    static let photos = [
        "tilted-lake.jpg", "no-horizon-maze.jpg", "horizon-people-shore.jpg", "no-horizon-sky.jpg", "tilted-lake.dng",
    ]

    /// A scratch folder holding photos/ (copies of the fixtures) and the review written of them
    /// from the scratch folder with relative paths, as a user in that folder would.
    static func writeReview(in scratch: Scratch) throws -> (records: [[String: Any]], page: URL) {
        let photos = scratch.folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in Self.photos {
            try FileManager.default.copyItem(
                atPath: Fixtures.asset(name), toPath: photos.appendingPathComponent(name).path)
        }
        let result = try run(
            "imgtool", ["horizon", "photos", "--review", "review/", "--json"], currentDirectory: scratch.folder)
        // Two photos have no horizon: exit 2, and the page is written all the same.
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("review of 5 photos (2 without an answer)"), "\(result.stderr)")
        return (try result.jsonLines(), scratch.folder.appendingPathComponent("review/index.html"))
    }

    /// The list as the page shows it: each item's file name and its state text.
    static func listed(_ browser: Browser) throws -> [(name: String, state: String)] {
        let rows = try #require(
            try browser.run(
                "return [...document.querySelectorAll('#photos li')].map(li => [li.querySelector('.name').title, li.querySelector('.state').textContent])"
            ) as? [[String]])
        return rows.map { ($0[0], $0[1]) }
    }

    static func current(_ browser: Browser) throws -> String {
        try #require(try browser.run("return document.getElementById('photo-name').textContent") as? String)
    }

    static func state(_ browser: Browser, _ index: Int) throws -> (angle: Double, decision: String?) {
        let state = try #require(try browser.run("return window.horizonReviewPage.states[\(index)]") as? [String: Any])
        return (try #require(state["angle"] as? Double), state["decision"] as? String)
    }

    @Test func decisionsMadeOnThePageAreAppliedByDecisions() throws {
        let scratch = try Scratch()
        let (records, page) = try Self.writeReview(in: scratch)
        let detected = Dictionary(
            uniqueKeysWithValues: records.compactMap { record in
                (record["file"] as? String).map { ($0, record) }
            })
        let downloads = scratch.folder.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        let browser = try Browser(width: 1280, height: 860, lifetime: 200, downloads: downloads)
        defer { browser.close() }
        try browser.open(page)
        try browser.wait(
            until:
                "return document.getElementById('original').complete && document.getElementById('original').naturalWidth > 0",
            "the first preview")

        // Every photo is listed, those without an answer first, then by rising confidence.
        let listed = try Self.listed(browser)
        #expect(Set(listed.map(\.name)) == Set(Self.photos.map { "photos/" + $0 }))
        #expect(listed.allSatisfy { $0.state == "to decide" })
        let order = listed.map { name, _ in
            (
                found: detected[name]?["found"] as? Bool ?? false,
                confidence: detected[name]?["confidence"] as? Double ?? -1
            )
        }
        #expect(order.prefix(2).allSatisfy { !$0.found } && order.suffix(3).allSatisfy(\.found), "\(listed)")
        #expect(order.suffix(3).map(\.confidence) == order.suffix(3).map(\.confidence).sorted(), "\(order)")
        #expect(order.prefix(2).map(\.confidence) == order.prefix(2).map(\.confidence).sorted(), "\(order)")
        let names = listed.map(\.name)
        func index(_ photo: String) throws -> Int { try #require(names.firstIndex(of: "photos/" + photo)) }

        // The first photo without an answer: rejected with R, and the next one is shown.
        #expect(try Self.current(browser) == names[0])
        try browser.press(character: "r")
        #expect(try Self.state(browser, 0).decision == "reject")
        #expect(try Self.current(browser) == names[1])

        // The second: its horizon drawn with the mouse along a line of known slope on the photo as shot.
        let frame = try #require(
            try browser.run(
                "const r = document.getElementById('original-frame').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]"
            ) as? [Double])
        let start = (x: Int(frame[0] + frame[2] * 0.1), y: Int(frame[1] + frame[3] * 0.6))
        let end = (x: Int(frame[0] + frame[2] * 0.9), y: Int(frame[1] + frame[3] * 0.45))
        try browser.drag(from: start, to: end)
        // Rising to the right: a positive tilt, measured in the picture's own proportions.
        let drawn = atan2(Double(start.y - end.y), Double(end.x - start.x)) * 180 / .pi
        let second = try Self.state(browser, 1)
        #expect(second.decision == "accept" && abs(second.angle - drawn) < 0.2, "drew \(drawn)°, got \(second)")
        try browser.press(.arrowDown, shift: false)

        // The lake: nudged with the keys (→ 3 × 0.1°, Shift+← 1°) and accepted with A.
        let lake = try index("tilted-lake.jpg")
        try browser.run("window.horizonReviewPage.select(\(lake))")
        let found = try #require(detected["photos/tilted-lake.jpg"]?["angle"] as? Double)
        #expect(try Self.state(browser, lake).angle == found)
        for _ in 0..<3 { try browser.press(.arrowRight, shift: false) }
        try browser.press(.arrowLeft, shift: true)
        let chosen = ((found + 0.3 - 1) * 1000).rounded() / 1000
        #expect(try Self.state(browser, lake).angle == chosen)
        // The levelled preview turns by the chosen angle.
        let turn = try #require(
            try browser.run("return document.getElementById('levelled-turn').style.transform") as? String)
        #expect(turn.hasPrefix("rotate(\(chosen)deg)"), "\(turn)")
        try browser.press(character: "a")
        #expect(try Self.state(browser, lake).decision == "accept")

        // The raw photo: accepted as found with a click.
        let raw = try index("tilted-lake.dng")
        try browser.run("window.horizonReviewPage.select(\(raw))")
        try browser.click("#accept")
        let rawFound = try #require(detected["photos/tilted-lake.dng"]?["angle"] as? Double)
        #expect(try Self.state(browser, raw).decision == "accept")
        // people-shore is left undecided: it is detected again when the decisions are applied.

        // Decisions survive a reload (kept in the browser), then are saved with the button.
        let before = try Self.listed(browser).map(\.state)
        #expect(before.filter { $0.hasPrefix("accepted") }.count == 3 && before.filter { $0 == "rejected" }.count == 1)
        try browser.run("location.reload()")
        try browser.wait(until: "return window.horizonReviewPage !== undefined", "the page again")
        #expect(try Self.listed(browser).map(\.state) == before)
        #expect(try Self.state(browser, lake).angle == chosen && (try Self.state(browser, 0).decision) == "reject")
        try browser.click("#save")
        let saved = downloads.appendingPathComponent("decisions.json")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: saved.path) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let data = try Data(contentsOf: saved)
        let shown = try #require(try browser.run("return document.getElementById('decisions-text').value") as? String)
        #expect(String(decoding: data, as: UTF8.self) == shown)
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(file["version"] as? Int == 1)
        let decided = try #require(file["photos"] as? [[String: Any]])
        #expect(decided.count == 4, "\(decided)")
        #expect(decided.allSatisfy { ($0["file"] as? String)?.hasPrefix("/") == true }, "absolute paths")
        // "Only photos without an answer" narrows the list to those two.
        try browser.click("#unanswered-only")
        let visible = try #require(
            try browser.run(
                "return [...document.querySelectorAll('#photos li')].filter(li => !li.hidden).map(li => li.querySelector('.name').title)"
            ) as? [String])
        #expect(visible == Array(names.prefix(2)), "\(visible)")

        // Applied from another folder, with relative paths: levelled copies and sidecars as decided.
        let photos = scratch.folder.appendingPathComponent("photos")
        let result = try run(
            "imgtool",
            [
                "horizon", ".", "--decisions", saved.path, "--fix", "-o", "../out/", "--sidecar", "rawtherapee",
                "--json",
            ], currentDirectory: photos)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("not among the inputs"), "\(result.stderr)")
        let out = scratch.folder.appendingPathComponent("out")
        func degree(_ photo: String) throws -> Double? {
            let text = try String(contentsOf: photos.appendingPathComponent(photo + ".pp3"), encoding: .utf8)
            return text.split(separator: "\n").first { $0.hasPrefix("Degree=") }.flatMap { Double($0.dropFirst(7)) }
        }
        // Rejected: nothing written for it.
        let rejected = String(names[0].dropFirst("photos/".count))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(rejected).path))
        #expect(!FileManager.default.fileExists(atPath: photos.appendingPathComponent(rejected + ".pp3").path))
        // Drawn: turned by the drawn angle.
        let drawnPhoto = String(names[1].dropFirst("photos/".count))
        #expect(abs(try #require(try degree(drawnPhoto)) + drawn) < 0.2)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(drawnPhoto).path))
        // Nudged: the sidecar turns by the chosen angle, and the copy keeps what was left of the tilt.
        #expect(abs(try #require(try degree("tilted-lake.jpg")) + chosen) < 0.001)
        let copy = try run("imgtool", ["horizon", out.appendingPathComponent("tilted-lake.jpg").path, "--json"])
        let left = try #require(try copy.jsonLines().first?["angle"] as? Double)
        #expect(abs(left - (found - chosen)) < 0.3, "left \(left)°, expected \(found - chosen)°")
        // The raw photo: its angle as found, a developed copy.
        #expect(abs(try #require(try degree("tilted-lake.dng")) + rawFound) < 0.001)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("tilted-lake.tif").path))
        // Decisions for photos not given (moved, renamed) are named in a note.
        let one = try run(
            "imgtool",
            [
                "horizon", "tilted-lake.jpg", "--decisions", saved.path, "--fix", "-o",
                out.appendingPathComponent("one.jpg").path,
            ],
            currentDirectory: photos)
        #expect(one.status == 0 && one.stderr.contains("3 photos in \(saved.path) are not among the inputs"))
        // Undecided: detected as usual.
        let shore = try #require(detected["photos/horizon-people-shore.jpg"]?["angle"] as? Double)
        #expect(abs(try #require(try degree("horizon-people-shore.jpg")) + shore) < 0.01)
    }
}

/// The review folder's rules, without a browser: refused before any photo is read when it holds
/// other files, written over when it holds an earlier review, and options that cannot go with it.
@Suite(.tags(.tools)) struct HorizonReviewFolderRuleTests {
    @Test func aFolderOfOtherFilesIsRefusedAndAnEarlierReviewReplaced() throws {
        let scratch = try Scratch()
        let photo = scratch.path("lake.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.asset("tilted-lake.jpg"), toPath: photo)
        let folder = scratch.path("review")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let refused = try run("imgtool", ["horizon", photo, "--review", folder + "/"])
        #expect(refused.status == 1 && refused.stderr.contains("holds other files"), "\(refused.stderr)")
        #expect(refused.text.isEmpty, "no photo is read")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        try FileManager.default.removeItem(atPath: folder + "/notes.txt")
        for _ in 0..<2 {
            let written = try run("imgtool", ["horizon", photo, "--review", folder, "-q"])
            #expect(written.status == 0, "\(written.stderr)")
            #expect(written.stderr.isEmpty)
            let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
            #expect(names == ["index.html", "review.js", "review.css", "photos.js", "previews", "thumbs"])
        }
        // Nothing is left beside it (the hidden folder it was written in was renamed into place).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).sorted() == ["lake.jpg", "review"])
    }

    @Test func optionsThatCannotGoWithAReviewAreRefused() throws {
        for (arguments, words) in [
            (["--angle", "2"], "without --angle or --decisions"), (["-"], "give files, not standard input"),
        ] {
            let result = try run(
                "imgtool", ["horizon", Fixtures.asset("tilted-lake.jpg"), "--review", "r/"] + arguments)
            #expect(result.status == 64 && result.stderr.contains(words), "\(result.stderr)")
        }
    }
}
