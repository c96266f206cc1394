import Foundation
import Horizon
import HorizonKit
import ImageTestSupport
import TestSupport
import Testing
import Vips

/// `imgtool horizon` run as a user runs it.
@Suite(.tags(.tools)) struct HorizonCommandTests {
    @Test func textLineAndExitStatus() throws {
        let found = try run("imgtool", ["horizon", Fixtures.asset("horizon-lake.jpg")])
        #expect(found.status == 0, "\(found.stderr)")
        let line = found.text.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix(Fixtures.asset("horizon-lake.jpg") + ": horizon tilted +0.0"), "\(line)")
        #expect(line.range(of: #"° \(confidence (0|1)\.\d\d\)$"#, options: .regularExpression) != nil, "\(line)")

        let none = try run("imgtool", ["horizon", Fixtures.asset("no-horizon-sky.jpg")])
        #expect(none.status == 2)
        // The best guess's confidence, low: a probability of being within 1° of the truth.
        #expect(
            none.text.range(
                of: #"no-horizon-sky\.jpg: no horizon found \(confidence 0\.[0-2]\d\)\n$"#,
                options: .regularExpression) != nil, "\(none.text)")
    }

    /// --evidence lists the candidates with the features behind their confidence; the answer is
    /// the most confident one.
    @Test func evidenceListsTheCandidates() throws {
        let result = try run(
            "imgtool", ["horizon", "--json", "--evidence", Fixtures.asset("horizon-towers-rails.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let candidates = try #require(record["evidence"] as? [[String: Any]])
        let kinds = Set(candidates.compactMap { $0["evidence"] as? String })
        #expect(kinds == ["horizon_line", "verticals"])
        let verticals = try #require(candidates.first { $0["evidence"] as? String == "verticals" })
        let features = try #require(verticals["features"] as? [String: Double])
        #expect(features["share"] != nil && features["log_inlier_length"] != nil)
        let best = candidates.compactMap { $0["confidence"] as? Double }.max() ?? -1
        #expect(abs(best - (record["confidence"] as? Double ?? 0)) < 0.001)
        #expect(try run("imgtool", ["horizon", "--evidence", Fixtures.asset("horizon-lake.jpg")]).status == 64)
    }

    /// --min-confidence moves the line between an answer and an abstention.
    @Test func minConfidenceDecidesWhatIsAnswered() throws {
        let lake = Fixtures.asset("horizon-lake.jpg"), sky = Fixtures.asset("no-horizon-sky.jpg")
        #expect(try run("imgtool", ["horizon", lake]).status == 0)
        #expect(try run("imgtool", ["horizon", "--min-confidence", "1", lake]).status == 2)
        #expect(try run("imgtool", ["horizon", sky]).status == 2)
        #expect(try run("imgtool", ["horizon", "--min-confidence", "0", sky]).status == 0)
        for bad in ["1.5", "-0.1", "nan"] {
            #expect(try run("imgtool", ["horizon", "--min-confidence", bad, lake]).status == 64, "\(bad)")
        }
    }

    /// Exactly the documented keys, nulls when not found, results in input order with -j.
    @Test func jsonKeysAndOrder() throws {
        let files = ["horizon-lake.jpg", "no-horizon-leaf.jpg", "horizon-portrait.jpg", "exif-rotated.jpg"].map(
            Fixtures.asset)
        let result = try run("imgtool", ["horizon", "--json", "-j", "3"] + files)
        #expect(result.status == 2, "\(result.stderr)")
        let records = try result.jsonLines()
        try #require(records.count == 4)
        #expect(records.map { $0["file"] as? String } == files)
        let keys: Set = [
            "file", "width", "height", "found", "angle", "angle_radians", "confidence", "line", "transform", "crop",
            "outputs", "level", "pages",
        ]
        for record in records { #expect(Set(record.keys) == keys) }
        let lake = records[0], leaf = records[1], sideways = records[3]
        #expect(lake["found"] as? Bool == true)
        let angle = try #require(lake["angle"] as? Double), radians = try #require(lake["angle_radians"] as? Double)
        #expect(abs(angle) < 0.3 && abs(radians - angle * .pi / 180) < 1e-5)
        let line = try #require(lake["line"] as? [[Double]])
        #expect(line.count == 2 && line[0][0] < line[1][0] && abs(line[0][1] - 428) < 6)
        #expect((lake["transform"] as? [Double])?.count == 6)
        let crop = try #require(lake["crop"] as? [String: Int])
        #expect(Set(crop.keys) == ["x", "y", "width", "height"] && crop["width"]! > 1000)
        #expect(leaf["found"] as? Bool == false)
        for key in ["angle", "angle_radians", "line", "transform", "crop"] { #expect(leaf[key] is NSNull, "\(key)") }
        #expect((leaf["confidence"] as? Double ?? 1) < 0.5)
        #expect(sideways["width"] as? Int == 640 && sideways["height"] as? Int == 400)
    }

    /// --fix writes a level copy of the right size beside the input, keeps ICC, EXIF (GPS) and
    /// XMP, resets the orientation, keeps the JPEG quality, and leaves the input alone.
    @Test(.tags(.sanitizerSmoke)) func fixKeepsMetadataAndQuality() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        // The sideways-stored photo with all its metadata, tilted by 5° as displayed, saved at Q 88.
        let upright = try Image.load(Fixtures.asset("exif-rotated.jpg")).copiedToMemory()
        let input = folder.appendingPathComponent("tilted.jpg").path
        try HorizonTestImages.tilted(upright, by: 5).save(to: input, options: "[Q=88]")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))

        let result = try run("imgtool", ["horizon", "--fix", "--json", input])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let output = folder.appendingPathComponent("tilted-level.jpg").path
        let written = try #require((record["outputs"] as? [[String: Any]])?.first)
        #expect(written["path"] as? String == output)
        #expect(record["level"] as? Bool == false)
        // The output's pixel size is the crop's.
        let kept = try #require(record["crop"] as? [String: Int])
        #expect(written["width"] as? Int == kept["width"] && written["height"] as? Int == kept["height"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "the input was modified")

        let fixed = try Image.load(output, autorotate: false)
        let crop = try #require(record["crop"] as? [String: Int])
        #expect(fixed.width == crop["width"] && fixed.height == crop["height"])
        let tilted = try Image.load(input)
        let expected = CropRect.sameAspect(width: Double(tilted.width), height: Double(tilted.height), angleDegrees: 5)
        // One pixel in from each side of the optimum (bicubic's margin), rounded inward.
        #expect(
            abs(Double(fixed.width) - expected.width) <= 4.5 && abs(Double(fixed.height) - expected.height) <= 4.5,
            "\(fixed.width)×\(fixed.height) for \(expected.width)×\(expected.height)")
        #expect(fixed.orientation == 1)
        #expect(fixed.hasField("icc-profile-data") && fixed.hasField("xmp-data"))
        #expect(fixed.string(field: "exif-ifd3-GPSLatitudeRef")?.hasPrefix("N") == true)
        #expect(fixed.string(field: "exif-ifd0-Artist")?.hasPrefix("Jane Example") == true)
        #expect(JPEGQuality.estimate(path: output) == 88)

        let again = try #require(try HorizonDetector.detect(file: output, estimator: HorizonEstimator()).estimate)
        #expect(abs(again.angleDegrees) < 0.2, "re-detected \(again.angleDegrees)°")
    }

    /// A tilted photo stored sideways (EXIF orientation 6): the copy is stored upright, orientation 1.
    /// The level exif-rotated.jpg itself (−0.01°) is copied unchanged, orientation tag and all.
    @Test func fixOfExifRotatedPhotoIsStoredUpright() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        let upright = try HorizonTestImages.tilted("horizon-lake.jpg", by: 3)
        let sideways = try Operation.call("rot", [("in", .image(upright)), ("angle", .string("d270"))]).image()
            .settingInt(6, field: "orientation")
        let input = folder.appendingPathComponent("sideways.jpg").path
        try sideways.save(to: input, options: "[Q=90]")
        try #require(try Image.load(input, autorotate: false).orientation == 6)
        let output = folder.appendingPathComponent("level.jpg").path
        let result = try run("imgtool", ["horizon", "--fix", "-o", output, input])
        #expect(result.status == 0, "\(result.stderr)")
        let fixed = try Image.load(output, autorotate: false)
        #expect(fixed.width > fixed.height && fixed.orientation == 1)
        #expect(fixed.string(field: "exif-ifd0-Orientation")?.hasPrefix("1") != false)

        let levelCopy = folder.appendingPathComponent("copy.jpg").path
        let copied = try run("imgtool", ["horizon", "--fix", "-o", levelCopy, Fixtures.asset("exif-rotated.jpg")])
        #expect(copied.status == 0 && copied.text.contains("unchanged"), "\(copied.text)\(copied.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: levelCopy))
                == Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("exif-rotated.jpg"))))

        let stripped = folder.appendingPathComponent("stripped.png").path
        let strip = try run(
            "imgtool", ["horizon", "--fix", "--strip", "-o", stripped, Fixtures.asset("exif-rotated.jpg")])
        #expect(strip.status == 0, "\(strip.stderr)")
        let bare = try Image.load(stripped)
        #expect(bare.loader?.hasPrefix("pngload") == true)
        #expect(!bare.hasField("exif-data") && !bare.hasField("icc-profile-data") && !bare.hasField("xmp-data"))
    }

    /// Never over the input without --in-place; --in-place replaces it whole; no horizon, no file.
    @Test func inputsAreProtected() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        let input = folder.appendingPathComponent("lake.jpg").path
        try HorizonTestImages.tilted("horizon-lake.jpg", by: -3).save(to: input, options: "[Q=90]")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))

        let onto = try run("imgtool", ["horizon", "--fix", "-o", input, input])
        // A named output that is the input is the command line's mistake, found before any work.
        #expect(onto.status == 64 && onto.stderr.contains("inputs are never overwritten"), "\(onto.stderr)")
        let intoOwnFolder = try run("imgtool", ["horizon", "--fix", "-o", folder.path + "/", input])
        #expect(intoOwnFolder.status == 64, "\(intoOwnFolder.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)

        let inPlace = try run("imgtool", ["horizon", "--fix", "--in-place", input])
        #expect(inPlace.status == 0, "\(inPlace.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) != before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["lake.jpg"], "\(leftovers)")
        let level = try #require(try HorizonDetector.detect(file: input, estimator: HorizonEstimator()).estimate)
        #expect(abs(level.angleDegrees) < 0.2)

        let sky = try run(
            "imgtool", ["horizon", "--fix", "-o", folder.path + "/out/", Fixtures.asset("no-horizon-sky.jpg")])
        #expect(sky.status == 2 && sky.text.contains("no horizon found") && sky.text.contains("nothing written"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")) ?? [] == [])
    }

    /// Several inputs into a folder on two threads: one line per input, in input order.
    @Test func manyInputsIntoAFolder() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        var inputs: [String] = []
        for (name, tilt) in [("a", 2.0), ("b", -4.0), ("c", 7.0)] {
            let path = folder.appendingPathComponent("\(name).png").path
            try HorizonTestImages.tilted("horizon-lake.jpg", by: tilt).save(to: path)
            inputs.append(path)
        }
        let out = folder.appendingPathComponent("out").path + "/"
        let result = try run("imgtool", ["horizon", "--fix", "-j", "2", "-o", out] + inputs)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 3)
        for (line, input) in zip(lines, inputs) { #expect(line.hasPrefix(input + ": horizon tilted")) }
        for name in ["a.png", "b.png", "c.png"] {
            #expect(FileManager.default.fileExists(atPath: out + name), "\(name) missing")
        }
    }

    /// The overlay is the picture, as displayed, with a red line along the detected horizon.
    @Test func overlayDrawsTheLine() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        let path = folder.appendingPathComponent("seen.png").path
        let result = try run("imgtool", ["horizon", "--json", "--overlay", path, Fixtures.asset("exif-rotated.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(try result.jsonLines().first?["line"] as? [[Double]])
        let overlay = try Image.load(path)
        #expect(overlay.width == 640 && overlay.height == 400 && overlay.bands == 3)
        let pixels = try overlay.bytes()
        let x = 320, y = Int((line[0][1] + line[1][1]) / 2)
        let onLine = Array(pixels[(y * 640 + x) * 3..<(y * 640 + x) * 3 + 3])
        #expect(onLine[0] > 200 && onLine[1] < 80 && onLine[2] < 80, "pixel on the line: \(onLine)")
    }

    @Test func usageErrors() throws {
        #expect(try run("imgtool", ["horizon", "-o", "x.jpg", Fixtures.asset("horizon-lake.jpg")]).status == 64)
        #expect(
            try run("imgtool", ["horizon", "--fix", "--crop", "square", Fixtures.asset("horizon-lake.jpg")]).status
                == 64)
        #expect(
            try run(
                "imgtool",
                [
                    "horizon", "--fix", "-o", "one.jpg", Fixtures.asset("horizon-lake.jpg"),
                    Fixtures.asset("horizon-fog.jpg"),
                ]
            ).status == 64)
        let missing = try run("imgtool", ["horizon", "/nonexistent/x.jpg"])
        #expect(
            missing.status == 1 && missing.stderr == "imgtool: /nonexistent/x.jpg: no such file\n", "\(missing.stderr)")
    }
}

@Suite(.tags(.tools)) struct HorizonPipeTests {
    /// stdin → stdout: the straightened JPEG on stdout, the report on stderr.
    @Test func standardInputToStandardOutput() throws {
        let tilted = try HorizonPipeTests.tiltedJPEG(degrees: 3)
        let result = try run("imgtool", ["horizon", "-", "--fix", "-o", "-"], stdin: tilted)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: [0xFF, 0xD8]))
        #expect(
            result.stderr.contains("horizon tilted -3.0") || result.stderr.contains("horizon tilted -2.9"),
            "\(result.stderr)")
        let again = try run("imgtool", ["horizon", "--json", "-"], stdin: result.stdout)
        let angle = try #require(try again.jsonLines().first?["angle"] as? Double)
        #expect(abs(angle) < 0.2)
    }

    @Test func standardOutputTakesOneInput() throws {
        let result = try run(
            "imgtool",
            ["horizon", Fixtures.asset("horizon-lake.jpg"), Fixtures.asset("horizon-fog.jpg"), "--fix", "-o", "-"])
        #expect(result.status == 64)
    }

    static func tiltedJPEG(degrees: Double) throws -> Data {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("tilted.jpg").path
        // vips similarity turns clockwise on screen for a positive angle: the horizon falls.
        let made = try run("vips", ["similarity", Fixtures.asset("horizon-lake.jpg"), path, "--angle", "\(degrees)"])
        #expect(made.status == 0, "\(made.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A batch run twice beside the photos: the second run turns nothing and names nothing
    /// -level-level; a level photo is never turned, and a named output gets its bytes unchanged.
    @Test func runningFixTwiceChangesNothing() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        try HorizonTestImages.tilted("horizon-lake.jpg", by: -3).save(
            to: folder.appendingPathComponent("tilted.jpg").path, options: "[Q=90]")
        try FileManager.default.copyItem(
            atPath: Fixtures.asset("horizon-lake.jpg"), toPath: folder.appendingPathComponent("calm.jpg").path)
        let first = try run("imgtool", ["horizon", folder.path, "--fix", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let records = try first.jsonLines()
        let calm = try #require(records.first { ($0["file"] as? String)?.hasSuffix("calm.jpg") == true })
        #expect(calm["level"] as? Bool == true && (calm["outputs"] as? [Any])?.isEmpty == true, "\(calm)")
        let listing = { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }
        #expect(try listing() == ["calm.jpg", "tilted-level.jpg", "tilted.jpg"])
        let copy = try Data(contentsOf: folder.appendingPathComponent("tilted-level.jpg"))

        let second = try run("imgtool", ["horizon", folder.path, "--fix"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("1 input left out"), "\(second.stderr)")
        #expect(try listing() == ["calm.jpg", "tilted-level.jpg", "tilted.jpg"])
        // The copy made by the first run is level: measured again, it would not be turned.
        let measured = try run(
            "imgtool", ["horizon", folder.appendingPathComponent("tilted-level.jpg").path, "--json"])
        let angle = try #require(try measured.jsonLines().first?["angle"] as? Double)
        #expect(abs(angle) < 0.1, "the levelled copy measures \(angle)°")
        let unchanged = try run(
            "imgtool", ["horizon", folder.appendingPathComponent("tilted-level.jpg").path, "--fix", "-o", "-"])
        #expect(unchanged.status == 0 && unchanged.stdout == copy, "\(unchanged.stderr)")
    }
}
