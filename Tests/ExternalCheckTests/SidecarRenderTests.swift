import Foundation
import TestSupport
import Testing

/// The sidecars `imgtool horizon --sidecar` writes, applied by the editors themselves: RawTherapee
/// (`rawtherapee-cli`) and darktable (`darktable-cli`, headless) render the photo, and the render's
/// horizon is measured again. exiftool reads the Lightroom sidecar's sign. The photo's bytes never
/// change. The editors come from scripts/install-deps.sh; without them these tests fail.
@Suite(.serialized, .tags(.external)) struct SidecarRenderTests {
    static let dng = Fixtures.asset("tilted-lake.dng")
    static let cr2 = "/usr/share/doc/rawtran/IMG_5952.CR2"

    /// The horizon angle imgtool reads on a rendered picture, whatever its confidence: the horizon
    /// line's when one is seen, so that renders compared with each other are measured with the same
    /// ruler (at low confidence the answer may come from the line on one render and from the trees'
    /// vanishing point on the other).
    static func measured(_ path: String) throws -> Double {
        let result = try run("imgtool", ["horizon", path, "--min-confidence", "0", "--json", "--evidence"])
        let record = try #require(try result.jsonLines().first, "\(result.stderr)")
        let evidence = record["evidence"] as? [[String: Any]] ?? []
        if let line = evidence.first(where: { $0["evidence"] as? String == "horizon_line" }),
            let angle = line["angle"] as? Double
        {
            return angle
        }
        return try #require(record["angle"] as? Double, "no angle on \(path): \(result.text)")
    }

    /// rawtherapee-cli with the profile given, into a PNG; the output path.
    static func rawTherapee(_ photo: String, profile: String, into folder: URL, name: String) throws -> String {
        let output = folder.appendingPathComponent(name + ".png").path
        let result = try run(
            "rawtherapee-cli", ["-p", profile, "-o", output, "-n", "-Y", "-q", "-c", photo], timeout: 300)
        #expect(result.status == 0, "rawtherapee-cli: \(result.stderr)")
        return output
    }

    /// darktable-cli with the sidecar given (or none), headless, a fresh configuration and an
    /// in-memory library; output at most `width` wide.
    static func darktable(
        _ photo: String, sidecar: String?, into folder: URL, name: String, width: Int = 0
    ) throws
        -> String
    {
        let output = folder.appendingPathComponent(name + ".png").path
        let config = folder.appendingPathComponent("dt-\(name)").path
        var arguments = [photo] + (sidecar.map { [$0] } ?? []) + [output]
        if width > 0 { arguments += ["--width", "\(width)", "--hq", "true"] }
        arguments += ["--core", "--configdir", config, "--library", ":memory:"]
        let result = try run("darktable-cli", arguments, timeout: 300)
        #expect(result.status == 0, "darktable-cli: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output), "darktable-cli wrote nothing: \(result.stderr)")
        return output
    }

    /// The render's size and whether each corner pixel shows the picture (not the black of a
    /// crop reaching past the turned picture's edge).
    static func corners(_ path: String) throws -> (width: Int, height: Int, shown: [Bool]) {
        func header(_ field: String) throws -> Int {
            try #require(
                Int(try run("vipsheader", ["-f", field, path]).text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let width = try header("width"), height = try header("height")
        let shown = try [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].map { x, y in
            let values = try run("vips", ["getpoint", path, "\(x)", "\(y)"]).text.split(separator: " ")
            return values.compactMap { Double($0) }.reduce(0, +) > 24
        }
        return (width, height, shown)
    }

    static func placed(_ source: String, to folder: URL, as name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// The DNG made from tilted-lake.jpg (horizon +4.0°): detected, the three sidecars written, and
    /// both editors' renders come out level within 0.3°; Lightroom's CropAngle is minus the angle.
    @Test func dngDetectedAndLevelledByBothEditors() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Self.placed(Self.dng, to: folder, as: "lake.dng")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let result = try run("imgtool", ["horizon", photo, "--sidecar", "rawtherapee,darktable,lightroom", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let angle = try #require(record["angle"] as? Double)
        #expect(abs(angle - 4.0) < 0.3, "detected \(angle)")
        let outputs = (record["outputs"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        #expect(outputs == [photo + ".pp3", photo + ".xmp", folder.appendingPathComponent("lake.xmp").path])
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before, "the photo's bytes changed")

        let rt = try Self.rawTherapee(photo, profile: photo + ".pp3", into: folder, name: "rt")
        // darktable also imports a Lightroom PHOTO.xmp the first time it develops a photo: each
        // sidecar is rendered alone, the other put aside. The Lightroom one is read by darktable's
        // own Lightroom import (the only Camera Raw reader on Linux).
        let lightroomPath = folder.appendingPathComponent("lake.xmp").path,
            aside = folder.appendingPathComponent("aside").path
        try FileManager.default.moveItem(atPath: lightroomPath, toPath: aside)
        let dt = try Self.darktable(photo, sidecar: photo + ".xmp", into: folder, name: "dt")
        try FileManager.default.moveItem(atPath: aside, toPath: lightroomPath)
        try FileManager.default.moveItem(atPath: photo + ".xmp", toPath: aside)
        let lr = try Self.darktable(photo, sidecar: nil, into: folder, name: "lr")
        try FileManager.default.moveItem(atPath: aside, toPath: photo + ".xmp")
        let afterRT = try Self.measured(rt), afterDT = try Self.measured(dt), afterLR = try Self.measured(lr)
        #expect(abs(afterRT) < 0.3, "RawTherapee render tilted \(afterRT)°")
        #expect(abs(afterDT) < 0.3, "darktable render tilted \(afterDT)°")
        #expect(abs(afterLR) < 0.3, "darktable's render of the Lightroom sidecar tilted \(afterLR)°")
        // The crop keeps the photo's proportions (922 × 576 → about 1.6) in every render.
        for path in [rt, dt, lr] {
            let size = try run("vipsheader", ["-f", "width", path]).text,
                rows = try run("vipsheader", ["-f", "height", path]).text
            let ratio =
                Double(size.trimmingCharacters(in: .whitespacesAndNewlines))!
                / Double(rows.trimmingCharacters(in: .whitespacesAndNewlines))!
            // (RawTherapee's picture of this Bayer raw is 8 px smaller each way, 914 × 568 → 1.609.)
            #expect(abs(ratio - 922.0 / 576.0) < 0.015, "\(path): \(ratio)")
            // The crop stays inside the turned picture: RawTherapee's picture of a Bayer raw leaves
            // out 4 pixels on each side, which its crop is counted in.
            #expect(try Self.corners(path).shown == [true, true, true, true], "\(path) has a black corner")
        }

        // Lightroom: CropAngle positive turns counter-clockwise, so it is minus the horizon's angle.
        let exif = try run("exiftool", ["-j", "-n", "-XMP-crs:all", lightroomPath])
        let tags = try #require(
            (try JSONSerialization.jsonObject(with: exif.stdout) as? [[String: Any]])?.first, "\(exif.stderr)")
        let cropAngle = try #require(tags["CropAngle"] as? Double)
        #expect(abs(cropAngle + angle) < 0.001, "CropAngle \(cropAngle) for a horizon of \(angle)")
        #expect(tags["HasCrop"] as? Bool == true)
        let left = try #require(tags["CropLeft"] as? Double), right = try #require(tags["CropRight"] as? Double)
        #expect(left > 0 && left < 0.2 && abs(left + right - 1) < 0.0001, "crop box centred: \(left) \(right)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before, "the photo's bytes changed")
    }

    /// A portrait raw stored on its side (Orientation 6, LibRaw flip 6): detected as the JPEG it was
    /// made from, and the three sidecars render it upright, level and cropped to its proportions.
    @Test func portraitRawIsStraightenedUprightByBothEditors() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Self.placed(Fixtures.asset("portrait-lighthouse.dng"), to: folder, as: "tower.dng")
        let result = try run("imgtool", ["horizon", photo, "--sidecar", "rawtherapee,darktable,lightroom", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect(record["width"] as? Int == 424 && record["height"] as? Int == 640)
        let angle = try #require(record["angle"] as? Double)
        #expect(abs(angle + 7.39) < 0.3, "detected \(angle)")
        let lightroomPath = folder.appendingPathComponent("tower.xmp").path,
            aside = folder.appendingPathComponent("aside").path
        let rt = try Self.rawTherapee(photo, profile: photo + ".pp3", into: folder, name: "rt")
        try FileManager.default.moveItem(atPath: lightroomPath, toPath: aside)
        let dt = try Self.darktable(photo, sidecar: photo + ".xmp", into: folder, name: "dt")
        try FileManager.default.moveItem(atPath: aside, toPath: lightroomPath)
        try FileManager.default.moveItem(atPath: photo + ".xmp", toPath: aside)
        let lr = try Self.darktable(photo, sidecar: nil, into: folder, name: "lr")
        for path in [rt, dt, lr] {
            let tilt = try Self.measured(path)
            #expect(abs(tilt) < 0.3, "\(path) tilted \(tilt)°")
            let render = try Self.corners(path)
            // Upright (taller than wide, as the JPEG), about the tool's own 355 × 537 crop, no black corner.
            #expect(abs(Double(render.width) / Double(render.height) - 424.0 / 640) < 0.01, "\(path) \(render)")
            #expect(render.height > 500 && render.shown == [true, true, true, true], "\(path) \(render)")
        }
    }

    /// The real Canon CR2: a known angle (--angle 3) written over existing sidecars. Each editor's
    /// render turns by 3° against its render without the straightening, within 0.3°; the user's
    /// own settings in the sidecars survive (RawTherapee's resize and exposure, Lightroom's exposure
    /// and keywords, darktable's keywords; an earlier run's darktable steps are replaced, not
    /// repeated) and the CR2's bytes do not change.
    @Test func cr2KnownAngleOverExistingSidecars() throws {
        try #require(FileManager.default.fileExists(atPath: Self.cr2), "apt-get install rawtran-doc")
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try Self.placed(Self.cr2, to: folder, as: "towers.CR2")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        // The user's settings: RawTherapee resizes to half and brightens; Lightroom has exposure
        // and keywords; darktable's sidecar holds an earlier run's steps (--angle 7) and keywords.
        let userProfile = """
            [Version]
            AppVersion=5.9
            Version=346

            [Exposure]
            Compensation=0.5

            [Resize]
            Enabled=true
            Scale=0.5
            AppliesTo=Cropped area
            Method=Lanczos
            DataSpecified=0

            """
        try userProfile.write(toFile: photo + ".pp3", atomically: true, encoding: .utf8)
        let neutral = folder.appendingPathComponent("neutral.pp3").path
        try userProfile.write(toFile: neutral, atomically: true, encoding: .utf8)
        let lightroom = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" crs:Exposure2012="+0.50" crs:CropAngle="7">
            <dc:subject><rdf:Bag><rdf:li>towers</rdf:li><rdf:li>forest</rdf:li></rdf:Bag></dc:subject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let lightroomPath = folder.appendingPathComponent("towers.xmp").path
        try lightroom.write(toFile: lightroomPath, atomically: true, encoding: .utf8)

        let earlier = try run("imgtool", ["horizon", photo, "--angle", "7", "--sidecar", "darktable"])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        var darktableText = try String(contentsOfFile: photo + ".xmp", encoding: .utf8)
        darktableText = darktableText.replacingOccurrences(
            of: "<darktable:history>",
            with:
                "<dc:subject xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><rdf:Bag><rdf:li>towers</rdf:li></rdf:Bag></dc:subject><darktable:history>"
        )
        try darktableText.write(toFile: photo + ".xmp", atomically: true, encoding: .utf8)

        let result = try run(
            "imgtool",
            ["horizon", photo, "--angle", "3", "--sidecar", "rawtherapee", "--sidecar", "darktable,lightroom"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before, "the photo's bytes changed")

        let profile = try String(contentsOfFile: photo + ".pp3", encoding: .utf8)
        for kept in ["Compensation=0.5", "[Resize]", "Scale=0.5", "Method=Lanczos"] {
            #expect(profile.contains(kept), "RawTherapee setting lost: \(kept)")
        }
        #expect(profile.contains("Degree=-3"))
        let exif = try run("exiftool", ["-j", "-n", "-XMP-crs:all", "-XMP-dc:Subject", lightroomPath])
        let tags = try #require((try JSONSerialization.jsonObject(with: exif.stdout) as? [[String: Any]])?.first)
        #expect(tags["CropAngle"] as? Double == -3)
        #expect(tags["Exposure2012"] as? String == "+0.50")
        #expect((tags["Subject"] as? [String]) == ["towers", "forest"])
        let darktableTags = try run("exiftool", ["-j", "-XMP-darktable:all", "-XMP-dc:Subject", photo + ".xmp"])
        let history = try #require(
            (try JSONSerialization.jsonObject(with: darktableTags.stdout) as? [[String: Any]])?.first)
        #expect("\(history["History_end"] ?? "")" == "2", "the earlier run's steps were repeated: \(history)")
        #expect("\(history["Subject"] ?? "")" == "towers")

        // RawTherapee: the user's half-size profile without, then with, the straightening.
        let rt0 = try Self.rawTherapee(photo, profile: neutral, into: folder, name: "rt0")
        let rt = try Self.rawTherapee(photo, profile: photo + ".pp3", into: folder, name: "rt")
        // The ruler is a faint line in a forest (confidence about 0.2), read on two renders of
        // different demosaicing, good to a few tenths of a degree. 0.5° still tells every way a
        // sidecar goes wrong apart: not applied (0°), the wrong sign (+3°), applied twice (−6°).
        let turnRT = try Self.measured(rt) - Self.measured(rt0)
        #expect(abs(turnRT + 3) < 0.5, "RawTherapee turned the horizon by \(turnRT)°, not -3°")

        // darktable-cli reads PHOTO.xmp beside the photo by itself: the plain render is of a copy.
        let plainFolder = folder.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plainFolder, withIntermediateDirectories: true)
        let plain = try Self.placed(Self.cr2, to: plainFolder, as: "towers.CR2")
        let dt0 = try Self.darktable(plain, sidecar: nil, into: folder, name: "dt0", width: 1800)
        // The Lightroom sidecar put aside: darktable would apply it too (see the DNG test).
        try FileManager.default.moveItem(atPath: lightroomPath, toPath: lightroomPath + ".aside")
        let dt = try Self.darktable(photo, sidecar: photo + ".xmp", into: folder, name: "dt", width: 1800)
        let turnDT = try Self.measured(dt) - Self.measured(dt0)
        #expect(abs(turnDT + 3) < 0.5, "darktable turned the horizon by \(turnDT)°, not -3°")
    }
}
