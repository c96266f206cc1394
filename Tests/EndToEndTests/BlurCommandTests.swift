import Foundation
import TestSupport
import Testing
import Vips

/// `imgtool blur` run as a user runs it.
@Suite(.tags(.tools)) struct BlurCommandTests {
    static let screenshot = Fixtures.asset("screenshot-text.png")

    /// Runs imgtool blur writing into a fresh folder; returns the result and the output's pixels.
    static func blur(
        _ arguments: [String], input: String = screenshot, output name: String = "out.png",
        in folder: URL
    ) throws -> (RunResult, String) {
        let output = folder.appendingPathComponent(name).path
        return (try run("imgtool", ["blur", input, "-o", output] + arguments), output)
    }

    static func pixels(_ path: String) throws -> (bytes: [UInt8], width: Int, height: Int, bands: Int) {
        let image = try Image.load(path)
        return (try image.bytes(), image.width, image.height, image.bands)
    }

    @Test func writesTheFileAndSaysBlurObscures() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, output) = try Self.blur(["--style", "dark"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("dark, radius 20 pt × scale 1 (box 39 px), 642×730"))
        #expect(result.text.contains("it does not redact"))
        let written = try Self.pixels(output)
        #expect(written.width == 642 && written.height == 730 && written.bands == 3)
        // No temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    /// A grey JPEG tagged with an RGB profile: libvips cannot apply it, so the frost reads the
    /// grey as it is and says so on stderr (once, not with -q), instead of a silent colour shift.
    @Test func aProfileThatCannotBeAppliedIsSaid() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("grey-p3.jpg").path
        try Image.constant(width: 40, height: 30, colour: [90]).save(to: input, options: "[profile=p3]")
        let (result, output) = try Self.blur(["--region", "0,0,10,10"], input: input, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.components(separatedBy: "its ICC profile could not be applied").count == 2, "\(result.stderr)"
        )
        #expect(try Self.pixels(output).width == 40)
        let (quiet, _) = try Self.blur(["-q"], input: input, output: "quiet.png", in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test(.tags(.sanitizerSmoke)) func standardInputToStandardOutputIsPNG() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Data(contentsOf: URL(fileURLWithPath: Self.screenshot))
        let piped = try run("imgtool", ["blur", "--style", "light"], stdin: input)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.isEmpty)
        #expect(piped.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not PNG")
        let decoded = try Image.load(bytes: Array(piped.stdout))
        let (_, output) = try Self.blur(["--style", "light"], in: folder)
        #expect(try decoded.bytes() == Self.pixels(output).bytes)
        // --format picks another encoding for the pipe.
        let jpeg = try run("imgtool", ["blur", "-", "--format", "jpg"], stdin: input)
        #expect(jpeg.status == 0 && jpeg.stdout.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func refusesToWriteImageDataToATerminal() throws {
        let imgtool = Fixtures.binFolder.appendingPathComponent("imgtool").path
        // script(1) gives the command a pseudo-terminal as standard output.
        let result = try run("/usr/bin/script", ["-qec", "'\(imgtool)' blur '\(Self.screenshot)'", "/dev/null"])
        #expect(result.status == 64)
        #expect(result.text.contains("imgtool: refusing to write image data to a terminal: give -o FILE or redirect"))
        #expect(!result.text.contains("PNG"))
    }

    @Test func metadataIsStrippedUnlessKept() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Fixtures.asset("exif-rotated.jpg")
        let before = try run("imgtool", ["info", "--json", photo]).jsonLines().first?["metadata"] as? [String] ?? []
        try #require(
            before.contains("gps") && before.contains("exif-thumbnail"), "fixture lost its metadata: \(before)")

        let (stripped, strippedPath) = try Self.blur([], input: photo, output: "stripped.jpg", in: folder)
        #expect(stripped.status == 0, "\(stripped.stderr)")
        let after = try run("imgtool", ["info", "--json", strippedPath]).jsonLines().first
        #expect(after?["metadata"] as? [String] == [])
        // Upright as displayed: the EXIF orientation was applied before blurring.
        #expect(after?["width"] as? Int == 640 && after?["orientation"] as? Int == 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: strippedPath))
        #expect(bytes.count(of: [0xFF, 0xD8, 0xFF]) == 1, "an embedded thumbnail survived")
        #expect(bytes.range(of: Data("Jane Example".utf8)) == nil, "XMP survived")

        let (kept, keptPath) = try Self.blur(["--keep-metadata"], input: photo, output: "kept.jpg", in: folder)
        #expect(kept.status == 0)
        #expect(kept.text.contains("metadata kept"))
        let keptKinds =
            try run("imgtool", ["info", "--json", keptPath]).jsonLines().first?["metadata"] as? [String] ?? []
        #expect(keptKinds.contains("exif") && keptKinds.contains("gps") && keptKinds.contains("xmp"), "\(keptKinds)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")))
    func pngTextChunksAreStripped() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tagged = folder.appendingPathComponent("tagged.png").path
        let tagging = try run(
            "/usr/bin/exiftool", ["-q", "-PNG:Comment=secret-location-note", "-o", tagged, Self.screenshot])
        try #require(tagging.status == 0, "\(tagging.stderr)")
        let (stripped, strippedPath) = try Self.blur([], input: tagged, output: "stripped.png", in: folder)
        #expect(stripped.status == 0)
        // libvips writes text chunks compressed, so look at what a reader decodes, not at raw bytes.
        func comments(_ path: String) throws -> [String] {
            let image = try Image.load(path)
            return image.fieldNames.filter { $0.hasPrefix("png-comment-") }.compactMap { image.string(field: $0) }
        }
        try #require(try comments(tagged) == ["secret-location-note"])
        #expect(try comments(strippedPath).isEmpty)
        let (_, keptPath) = try Self.blur(["--keep-metadata"], input: tagged, output: "kept.png", in: folder)
        #expect(try comments(keptPath) == ["secret-location-note"])
    }

    /// Alpha stays a band and is frosted with the colour: a smooth ramp comes out nearly the same
    /// (transparent corner still transparent, opaque half opaque), while sharp edges in it are not kept.
    @Test func alphaIsKeptAndFrosted() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opaque = try Image.load(Self.screenshot)
        // A real screenshot with a diagonal alpha ramp, fully transparent in one corner.
        let alpha = (0..<(opaque.width * opaque.height)).map { index -> UInt8 in
            let x = index % opaque.width, y = index / opaque.width
            return UInt8(min(255, (x + y) * 255 / (opaque.width + opaque.height) * 2))
        }
        let withAlpha = try Image.bandjoin([
            opaque, try Image(bytes: alpha, width: opaque.width, height: opaque.height, bands: 1),
        ])
        let input = folder.appendingPathComponent("alpha.png").path
        try withAlpha.save(to: input)
        let (result, output) = try Self.blur([], input: input, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Image.load(output)
        #expect(written.bands == 4)
        let frostedAlpha = try written.extractBand(3).bytes()
        #expect((frostedAlpha.first ?? 255) < 20 && frostedAlpha.last == 255)
        let difference = zip(frostedAlpha, alpha).map { abs(Int($0) - Int($1)) }
        #expect(Double(difference.reduce(0, +)) / Double(alpha.count) < 3, "the ramp's alpha moved too far")
        // A sharp-edged alpha (text drawn on transparency) is not kept sharp.
        let step = alpha.map { $0 < 128 ? UInt8(0) : 255 }
        let stepped = try Image.bandjoin([
            opaque, try Image(bytes: step, width: opaque.width, height: opaque.height, bands: 1),
        ])
        let stepInput = folder.appendingPathComponent("step.png").path
        try stepped.save(to: stepInput)
        let (stepResult, stepOutput) = try Self.blur([], input: stepInput, output: "step-out.png", in: folder)
        #expect(stepResult.status == 0, "\(stepResult.stderr)")
        let between = try Image.load(stepOutput).extractBand(3).bytes().filter { $0 > 10 && $0 < 245 }.count
        #expect(between > opaque.width, "the alpha edge stayed sharp: \(between) pixels between")
    }

    @Test func maskLeavesBlackPixelsBitIdentical() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Self.pixels(Self.screenshot)
        let width = original.width, height = original.height
        // Black left, white right, a grey band between.
        let mask = (0..<(width * height)).map { index -> UInt8 in
            let x = index % width
            return x < 250 ? 0 : x < 300 ? 128 : 255
        }
        let maskPath = folder.appendingPathComponent("mask.png").path
        try Image(bytes: mask, width: width, height: height, bands: 1).save(to: maskPath)
        let (masked, maskedPath) = try Self.blur(["--mask", maskPath], in: folder)
        #expect(masked.status == 0, "\(masked.stderr)")
        let (_, fullPath) = try Self.blur([], output: "full.png", in: folder)
        let out = try Self.pixels(maskedPath).bytes, full = try Self.pixels(fullPath).bytes
        var untouched = true, frosted = true, blended = true
        for index in 0..<out.count {
            let x = (index / 3) % width
            if x < 250 {
                untouched = untouched && out[index] == original.bytes[index]
            } else if x >= 300 {
                frosted = frosted && out[index] == full[index]
            } else {
                let low = min(original.bytes[index], full[index]), high = max(original.bytes[index], full[index])
                blended = blended && out[index] >= low &- 1 && out[index] <= high &+ 1
            }
        }
        #expect(untouched, "pixels under black changed")
        #expect(frosted, "pixels under white differ from the frosted image")
        #expect(blended, "grey does not blend")
    }

    @Test func aSmallerMaskIsStretched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let maskPath = folder.appendingPathComponent("tiny.png").path
        try Image(bytes: [0, 255], width: 2, height: 1, bands: 1).save(to: maskPath)
        let (result, output) = try Self.blur(["--mask", maskPath], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let original = try Self.pixels(Self.screenshot), out = try Self.pixels(output)
        let width = original.width
        let leftUnchanged = (0..<out.bytes.count).allSatisfy {
            ($0 / 3) % width >= 150 || out.bytes[$0] == original.bytes[$0]
        }
        #expect(leftUnchanged)
        #expect(out.bytes != original.bytes)
    }

    @Test func regionsChangeOnlyTheirInside() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let regions = [(20, 90, 170, 120), (190, 280, 440, 40)]
        let arguments = ["--style", "dark"] + regions.flatMap { ["--region", "\($0.0),\($0.1),\($0.2),\($0.3)"] }
        let (result, output) = try Self.blur(arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("2 regions"))
        let (_, fullPath) = try Self.blur(["--style", "dark"], output: "full.png", in: folder)
        let original = try Self.pixels(Self.screenshot), out = try Self.pixels(output).bytes,
            full = try Self.pixels(fullPath).bytes
        var outside = true, inside = true
        for index in 0..<out.count {
            let x = (index / 3) % original.width, y = index / 3 / original.width
            let isInside = regions.contains { x >= $0.0 && x < $0.0 + $0.2 && y >= $0.1 && y < $0.1 + $0.3 }
            // Inside, every pixel, edges included, is the whole-image frost: no sharp pixel stays.
            if isInside {
                inside = inside && out[index] == full[index]
            } else {
                outside = outside && out[index] == original.bytes[index]
            }
        }
        #expect(outside, "a pixel outside the regions changed")
        #expect(inside, "a pixel inside a region is not frosted")
    }

    /// The help's advice where secrecy matters: an opaque tint leaves nothing of the inside.
    @Test func opaqueTintCoversARegionCompletely() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, output) = try Self.blur(["--region", "20,90,300,200", "--tint", "black@1"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try Image.load(output).extractArea(x: 20, y: 90, width: 300, height: 200).bytes()
        #expect(out.allSatisfy { $0 == 0 })
    }

    /// A camera JPEG with an sRGB profile, EXIF rotation and GPS: outside the region the decoded,
    /// upright pixels come through untouched (no profile transform nudges them).
    @Test func taggedPhotoKeepsItsPixelsOutsideTheRegion() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = Fixtures.asset("exif-rotated.jpg")
        let (result, output) = try Self.blur(["--region", "100,50,300,120"], input: photo, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let original = try Self.pixels(photo), out = try Self.pixels(output)
        try #require(out.width == original.width && out.height == original.height)
        var outside = true, changedInside = false
        for index in 0..<out.bytes.count {
            let x = (index / 3) % out.width, y = index / 3 / out.width
            if x >= 100 && x < 400 && y >= 50 && y < 170 {
                changedInside = changedInside || out.bytes[index] != original.bytes[index]
            } else {
                outside = outside && out.bytes[index] == original.bytes[index]
            }
        }
        #expect(outside)
        #expect(changedInside)
    }

    @Test func regionsAreClippedToTheImageButNotIgnored() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (clipped, _) = try Self.blur(["--region", "600,700,500,500"], in: folder)
        #expect(clipped.status == 0, "\(clipped.stderr)")
        let (outside, path) = try Self.blur(["--region", "700,0,10,10"], output: "never.png", in: folder)
        // One image: the command line's mistake (64); in a batch that image fails alone (ValueCheckTests).
        #expect(outside.status == 64)
        #expect(outside.stderr == "imgtool: \(Self.screenshot): region 700,0,10,10 lies outside the 642×730 image\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: [
        (["--tint", "bleu"], "is not a colour: unknown colour name"),
        (["--tint", "#12"], "a # colour needs 3, 4, 6 or 8 hex digits"),
        (["--tint", "rgba(1,2,3)"], "rgba() takes 4 values"),
        (["--region", "1,2,3"], "is not a region: it needs 4 numbers, found 3"),
        (["--region", "0,0,0,5"], "width and height must be at least 1"),
        (["--style", "frosty"], "is not a style"),
        (["--style", "tint"], "--style tint needs a colour"),
        (["--radius=-3"], "--radius must be from 0"),
        (["--scale", "0"], "--scale must be above 0"),
        (["--mask", "m.png", "--region", "1,1,5,5"], "cannot be combined"),
        (["--json"], "--json needs -o FILE"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try run("imgtool", ["blur", Self.screenshot] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func decompressionBombsAreRefusedBeforeDecoding() throws {
        let bomb = Fixtures.asset("bomb.png")
        let refused = try run("imgtool", ["blur", bomb, "-o", "/tmp/never-written.png"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("imgtool: \(bomb): image is 100000×100000 pixels"), "\(refused.stderr)")
        let tight = try run(
            "imgtool", ["blur", Self.screenshot, "--max-pixels", "1000", "-o", "/tmp/never-written.png"])
        #expect(tight.status == 1 && tight.stderr.contains("over the limit"), "\(tight.stderr)")
    }

    @Test func outputProblemsAreReported() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let compressionOnJPEG = try Self.blur(["--png-compression", "1"], output: "x.jpg", in: folder).0
        #expect(compressionOnJPEG.status == 64 && compressionOnJPEG.stderr.contains("PNG output only"))
        let noSuffix = try Self.blur([], output: "plain", in: folder).0
        #expect(noSuffix.status == 64 && noSuffix.stderr.contains("no suffix"))
        let missingFolder = try run("imgtool", ["blur", Self.screenshot, "-o", "/nonexistent-dir/out.png"])
        #expect(missingFolder.status == 1)
        #expect(missingFolder.stderr == "imgtool: /nonexistent-dir/out.png: folder /nonexistent-dir does not exist\n")
        let missingInput = try run(
            "imgtool", ["blur", "/nonexistent.png", "-o", folder.appendingPathComponent("o.png").path])
        #expect(missingInput.status == 1)
        #expect(missingInput.stderr == "imgtool: /nonexistent.png: no such file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func pngCompressionIsExposed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (fastResult, fast) = try Self.blur(["--png-compression", "0"], output: "fast.png", in: folder)
        let (smallResult, small) = try Self.blur([], output: "small.png[compression=9]", in: folder)
        #expect(fastResult.status == 0 && smallResult.status == 0, "\(fastResult.stderr)\(smallResult.stderr)")
        let size = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        #expect(try size(fast) > 2 * size(folder.appendingPathComponent("small.png").path))
        #expect(!FileManager.default.fileExists(atPath: small), "brackets are options, not part of the name")
        #expect(try Self.pixels(fast).bytes == Self.pixels(folder.appendingPathComponent("small.png").path).bytes)
    }

    @Test func jsonDescribesTheResult() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, output) = try Self.blur(
            ["--json", "--scale", "2", "--tint", "white@0.5", "--radius", "12"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect(record["style"] as? String == "tint")
        #expect(record["box_width"] as? Int == 45)
        #expect(record["tint"] as? String == "#ffffff@0.50")
        let written = try #require((record["outputs"] as? [[String: Any]])?.first)
        #expect(written["path"] as? String == output)
        #expect(
            written["width"] as? Int == record["width"] as? Int && written["height"] as? Int == record["height"] as? Int
        )
        // Metadata as imgtool info lists it: the kinds the output carries, none when stripped.
        #expect(record["metadata"] as? [String] == [])
        // Absent values are null, not left out.
        #expect(record["cover"] is NSNull && record["secure"] is NSNull && record["text"] is NSNull)
        #expect(record["note"] as? String == "blur obscures; it does not redact")
        let quiet = try Self.blur(["-q"], output: "q.png", in: folder).0
        #expect(quiet.status == 0 && quiet.text.isEmpty && quiet.stderr.isEmpty)
    }

    @Test func noLeakedVipsObjects() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("o.png").path
        let result = try run(
            "imgtool", ["blur", Self.screenshot, "-o", output, "--region", "10,10,50,50"],
            environment: ["VIPS_LEAK": "1"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("memory: high-water mark"), "leak check did not run: \(result.stderr)")
        #expect(!result.stderr.lowercased().contains("leak"), "\(result.stderr)")
    }
}
