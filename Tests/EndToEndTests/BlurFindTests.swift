import Foundation
import TestSupport
import Testing
import Vips

/// `imgtool blur --find text`, `--secure`, `--cover` and regions in shares, run as a user runs them.
@Suite(.tags(.tools)) struct BlurFindTests {
    static let dialog = Fixtures.asset("screens/gnucash-vendor.png")
    static let dark = Fixtures.asset("screens/openshot-export-profiles.jpg")

    static func blur(
        _ input: String, _ arguments: [String], output name: String = "out.png", in folder: URL
    ) throws -> (RunResult, String) {
        let output = folder.appendingPathComponent(name).path
        return (try run("imgtool", ["blur", input, "-o", output] + arguments), output)
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The boxes `--find text --json` reports (x, y, width, height).
    static func found(_ input: String, _ extra: [String] = []) throws -> [(Int, Int, Int, Int)] {
        let result = try run("imgtool", ["blur", input, "--find", "text", "--json"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let text = try #require(record["text"] as? [[String: Any]])
        return text.map {
            ($0["x"] as? Int ?? -1, $0["y"] as? Int ?? -1, $0["width"] as? Int ?? -1, $0["height"] as? Int ?? -1)
        }
    }

    /// A copy of `input` (8-bit, alpha dropped) whose pixels where `inside(x, y)` are random noise.
    static func noisy(_ input: String, to path: String, seed: UInt64, inside: (Int, Int) -> Bool) throws {
        var image = try Image.load(input)
        if image.hasAlpha { image = try image.extractBand(0, count: image.bands - 1) }
        var pixels = try image.bytes()
        var random = SplitMix64(state: seed)
        let bands = image.bands
        for y in 0..<image.height {
            for x in 0..<image.width where inside(x, y) {
                for band in 0..<bands {
                    pixels[(y * image.width + x) * bands + band] = UInt8.random(in: 0...255, using: &random)
                }
            }
        }
        try Image(bytes: pixels, width: image.width, height: image.height, bands: bands).interpreted(as: .srgb).save(
            to: path)
    }

    /// The input as a plain 8-bit PNG (the noisy copies are too), so both runs start from the same kind of file.
    static func plain(_ input: String, to path: String) throws {
        try noisy(input, to: path, seed: 0) { _, _ in false }
    }

    // MARK: --secure: nothing inside a hidden area can change the output

    @Test func secureRegionsIgnoreTheirInside() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let regions = [(20, 60, 200, 40), (150, 300, 180, 120)]
        let inside = { (x: Int, y: Int) in
            regions.contains { x >= $0.0 && x < $0.0 + $0.2 && y >= $0.1 && y < $0.1 + $0.3 }
        }
        let clean = folder.appendingPathComponent("clean.png").path,
            noise = folder.appendingPathComponent("noise.png").path
        try Self.plain(Self.dialog, to: clean)
        try Self.noisy(Self.dialog, to: noise, seed: 16, inside: inside)
        let arguments = regions.flatMap { ["--region", "\($0.0),\($0.1),\($0.2),\($0.3)"] }
        for style in ["light", "dark"] {
            let (a, first) = try Self.blur(
                clean, arguments + ["--secure", "--style", style], output: "a.png", in: folder)
            let (b, second) = try Self.blur(
                noise, arguments + ["--secure", "--style", style], output: "b.png", in: folder)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
            #expect(a.text.contains("secure"))
            #expect(try Self.bytes(first) == Self.bytes(second), "\(style): a pixel inside a region changed the output")
        }
        // Without --secure the frost is made from the inside: the noise shows (the test can fail).
        let (_, first) = try Self.blur(clean, arguments, output: "a.png", in: folder)
        let (_, second) = try Self.blur(noise, arguments, output: "b.png", in: folder)
        #expect(try Self.bytes(first) != Self.bytes(second))
    }

    @Test func secureMaskIgnoresItsInside() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = try Image.load(Self.dialog)
        // White where hidden, a grey band that blends, black elsewhere.
        var mask = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                if x > 40 && x < 300 && y > 100 && y < 220 { mask[y * size.width + x] = 255 }
                if x > 40 && x < 300 && y >= 220 && y < 240 { mask[y * size.width + x] = 128 }
            }
        }
        let maskPath = folder.appendingPathComponent("mask.png").path
        try Image(bytes: mask, width: size.width, height: size.height, bands: 1).interpreted(as: .grey).save(
            to: maskPath)
        let clean = folder.appendingPathComponent("clean.png").path,
            noise = folder.appendingPathComponent("noise.png").path
        try Self.plain(Self.dialog, to: clean)
        try Self.noisy(Self.dialog, to: noise, seed: 7) { x, y in mask[y * size.width + x] > 0 }
        let (a, first) = try Self.blur(clean, ["--mask", maskPath, "--secure"], output: "a.png", in: folder)
        let (b, second) = try Self.blur(noise, ["--mask", maskPath, "--secure"], output: "b.png", in: folder)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(try Self.bytes(first) == Self.bytes(second), "a pixel under the mask changed the output")
        let (_, insecure) = try Self.blur(noise, ["--mask", maskPath], output: "c.png", in: folder)
        #expect(try Self.bytes(insecure) != Self.bytes(first))
    }

    /// Found text is frosted securely by default: the output is the secure frost of the boxes
    /// found, and noise inside those boxes does not change it.
    @Test func foundTextIsFrostedFromItsSurroundings() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for input in [Self.dialog, Self.dark] {
            let clean = folder.appendingPathComponent("clean.png").path,
                noise = folder.appendingPathComponent("noise.png").path
            try Self.plain(input, to: clean)
            let boxes = try Self.found(clean)
            #expect(boxes.count >= 10, "\(input): \(boxes.count) boxes")
            let inside = { (x: Int, y: Int) in
                boxes.contains { x >= $0.0 && x < $0.0 + $0.2 && y >= $0.1 && y < $0.1 + $0.3 }
            }
            try Self.noisy(input, to: noise, seed: 3, inside: inside)
            let regions = boxes.flatMap { ["--region", "\($0.0),\($0.1),\($0.2),\($0.3)"] }
            let (found, foundPath) = try Self.blur(clean, ["--find", "text"], output: "found.png", in: folder)
            let (a, first) = try Self.blur(clean, regions + ["--secure"], output: "a.png", in: folder)
            let (b, second) = try Self.blur(noise, regions + ["--secure"], output: "b.png", in: folder)
            #expect(found.status == 0 && a.status == 0 && b.status == 0, "\(found.stderr)\(a.stderr)\(b.stderr)")
            #expect(found.text.contains("\(boxes.count) regions, secure"), "\(found.text)")
            #expect(
                try Self.bytes(foundPath) == Self.bytes(first),
                "\(input): --find text is not the secure frost of its boxes")
            #expect(
                try Self.bytes(first) == Self.bytes(second), "\(input): a pixel inside found text changed the output")
        }
    }

    // MARK: --find text

    @Test func jsonWithoutOutputReportsTheTextAndWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run("imgtool", ["blur", Self.dialog, "--find", "text", "--json"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect(record["output"] == nil)
        #expect(record["note"] as? String == "text found; no image written")
        let text = try #require(record["text"] as? [[String: Any]])
        #expect(text.count == record["regions"] as? Int)
        for box in text {
            let confidence = try #require(box["confidence"] as? Double)
            #expect(confidence > 0 && confidence <= 1)
            #expect((box["width"] as? Int ?? 0) > 0 && (box["height"] as? Int ?? 0) > 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// One Tesseract handle per image: images found in parallel give what they give one by one.
    @Test func findInsideRegionsOnly() throws {
        let all = try Self.found(Self.dialog)
        let top = try Self.found(Self.dialog, ["--region", "0,0,100%,25%"])
        #expect(!top.isEmpty && top.count < all.count)
        let size = try Image.load(Self.dialog)
        let limit = Int((Double(size.height) * 0.25).rounded())
        #expect(top.allSatisfy { $0.1 + $0.3 <= limit })
    }

    @Test func darkThemeTextIsFound() throws {
        // Light text on the dark Qt theme of OpenShot: found as well as dark text on light.
        #expect(try Self.found(Self.dark).count >= 10)
        #expect(try Self.found(Fixtures.asset("screens/aptitude-info.png")).count >= 15)
    }

    // MARK: --cover and regions in shares

    @Test func coverPaintsOpaqueBoxes() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (black, blackPath) = try Self.blur(
            Self.dialog, ["--region", "10,20,100,30", "--cover", "black"], in: folder)
        #expect(black.status == 0, "\(black.stderr)")
        #expect(
            black.text.contains("covered with #000000") && black.text.contains("nothing of the covered areas is kept"),
            "\(black.text)")
        let out = try Image.load(blackPath)
        #expect(try out.extractArea(x: 10, y: 20, width: 100, height: 30).bytes().allSatisfy { $0 == 0 })
        let original = try Image.load(Self.dialog)
        #expect(
            try out.extractArea(x: 0, y: 60, width: out.width, height: 100).bytes()
                == original.extractArea(x: 0, y: 60, width: out.width, height: 100).bytes())
        // average: one flat colour per box, taken from around it.
        let (average, averagePath) = try Self.blur(
            Self.dialog, ["--find", "text", "--cover", "average"], output: "avg.png", in: folder)
        #expect(average.status == 0, "\(average.stderr)")
        let boxes = try Self.found(Self.dialog)
        let covered = try Image.load(averagePath)
        // Overlapping boxes are painted one after the other, in the order reported: the last one
        // is painted over nothing (text is found in every direction and polarity, and some box
        // overlaps every other on this dialog).
        let (x, y, w, h) = try #require(boxes.last)
        let patch = try covered.extractArea(x: x, y: y, width: w, height: h).bytes()
        #expect(Set(stride(from: 0, to: patch.count, by: 3).map { patch[$0] }).count == 1)
    }

    @Test func regionsInSharesOfTheImage() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, path) = try Self.blur(Self.dialog, ["--region", "0,0,100%,10%", "--cover", "#ff0000"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try Image.load(path)
        let bar = try out.extractArea(x: 0, y: 0, width: out.width, height: Int((Double(out.height) * 0.1).rounded()))
            .bytes()
        #expect(
            stride(from: 0, to: bar.count, by: 3).allSatisfy { bar[$0] == 255 && bar[$0 + 1] == 0 && bar[$0 + 2] == 0 })
    }

    @Test func metadataIsStrippedWhenFindingText() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, path) = try Self.blur(
            Fixtures.asset("exif-rotated.jpg"), ["--find", "text"], output: "o.jpg", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try run("imgtool", ["info", "--json", path]).jsonLines().first
        #expect(after?["metadata"] as? [String] == [])
    }

    @Test(arguments: [
        (["--lang", "deu"], "--lang applies to --find only"),
        (["--secure"], "--secure needs what to hide"),
        (["--cover", "black"], "--cover needs what to hide"),
        (["--find", "faces"], "cannot be found: --find takes text"),
        (["--find", "text", "--cover", "black@0.5"], "a cover is opaque"),
        (["--find", "text", "--mask", "m.png"], "--mask and --find cannot be combined"),
        (["--region", "0,0,120%,5"], "not a percentage from 0% to 100%"),
        (
            ["--find", "text", "--lang", "xyz", "-o", "/tmp/never.png"],
            "--lang xyz: no Tesseract data for it is installed"
        ),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try run("imgtool", ["blur", Self.dialog] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

/// `--find text` over a folder of four screenshots (a terminal, a light and a dark dialog, a JPEG),
/// with one job and with two: layout analysis over several documents, twice, the reports in input
/// order (the external tier; the single-image cases above stay in the tools tier).
@Suite(.tags(.external)) struct BlurFindFolderTests {
    static let screens = [
        "aptitude-info.png", "gnucash-vendor.png", "openshot-file-menu.jpg", "gnucash-tip-of-the-day.png",
    ]

    @Test func parallelBatchesFindTheSameText() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for screen in Self.screens {
            try FileManager.default.copyItem(
                atPath: Fixtures.asset("screens/" + screen), toPath: folder.appendingPathComponent(screen).path)
        }
        let one = try run("imgtool", ["blur", folder.path, "--find", "text", "--json", "-j", "1"])
        let two = try run("imgtool", ["blur", folder.path, "--find", "text", "--json", "-j", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        #expect(try one.jsonLines().count == Self.screens.count)
        #expect(one.text == two.text)
    }
}
