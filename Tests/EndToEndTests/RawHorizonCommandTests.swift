import Foundation
import TestSupport
import Testing

/// `imgtool horizon` and `imgtool info` on raw photos, with sidecars, known angles and reviewed
/// decisions, run as a user runs them. (The editors' own renders of the sidecars are checked in
/// ExternalCheckTests/SidecarRenderTests.)
@Suite(.tags(.tools)) struct RawHorizonCommandTests {
    static let dng = Fixtures.asset("tilted-lake.dng")
    static let cr2 = "/usr/share/doc/rawtran/IMG_5952.CR2"

    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func infoDescribesRawPhotos() throws {
        let text = try run("imgtool", ["info", Self.dng])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.text.contains("raw dng 922×576") && text.text.contains("no preview"), "\(text.text)")
        try #require(FileManager.default.fileExists(atPath: Self.cr2), "apt-get install rawtran-doc")
        let json = try run("imgtool", ["info", "--json", Self.cr2])
        let record = try #require(try json.jsonLines().first)
        #expect(record["width"] as? Int == 3522 && record["height"] as? Int == 2348)
        let raw = try #require(record["raw"] as? [String: Any])
        #expect(raw["make"] as? String == "Canon" && raw["model"] as? String == "EOS 30D")
        #expect(raw["iso"] as? Double == 640 && raw["preview_width"] as? Int == 1728)
    }

    /// The DNG's horizon (+4.0°) is found on its half-size demosaic (it has no preview); the CR2's
    /// horizon line read on its preview and on its demosaic agree within a degree. (Its demosaic is
    /// not answered: its line and its verticals both have a confidence near 0.16, and which of the
    /// two is the best guess says nothing about the raw reading.)
    @Test func detectsOnRawPhotos() throws {
        let result = try run("imgtool", ["horizon", Self.dng, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect(abs((record["angle"] as? Double ?? 99) - 4) < 0.3)
        #expect(record["width"] as? Int == 922)
        try #require(FileManager.default.fileExists(atPath: Self.cr2), "apt-get install rawtran-doc")
        var angles: [Double] = []
        for source in ["preview", "half-size"] {
            let guess = try run(
                "imgtool",
                ["horizon", Self.cr2, "--raw-analysis", source, "--min-confidence", "0", "--json", "--evidence"])
            let candidates = try #require(
                try guess.jsonLines().first?["evidence"] as? [[String: Any]], "\(guess.stderr)")
            let line = try #require(candidates.first { $0["evidence"] as? String == "horizon_line" })
            angles.append(try #require(line["angle"] as? Double))
        }
        #expect(abs(angles[0] - angles[1]) < 1, "\(angles)")
    }

    /// --fix on a raw photo develops it (full demosaic, 16 bits in TIFF) and straightens it;
    /// --in-place is refused with a pointer to --sidecar; the raw photo is never changed.
    @Test func fixDevelopsACopyAndNeverReplacesTheRaw() throws {
        try withFolder { folder in
            let photo = folder.appendingPathComponent("lake.dng").path
            try FileManager.default.copyItem(atPath: Self.dng, toPath: photo)
            let before = try Data(contentsOf: URL(fileURLWithPath: photo))
            let out = folder.appendingPathComponent("level.tif").path
            let fixed = try run("imgtool", ["horizon", photo, "--fix", "-o", out, "--json"])
            #expect(fixed.status == 0, "\(fixed.stderr)")
            let written = try #require((try fixed.jsonLines().first?["outputs"] as? [[String: Any]])?.first)
            #expect(written["path"] as? String == out)
            #expect(try run("vipsheader", ["-f", "format", out]).text.contains("USHORT"))
            let width = try #require(written["width"] as? Int), height = try #require(written["height"] as? Int)
            #expect(width < 922 && abs(Double(width) / Double(height) - 922.0 / 576) < 0.01)
            let level = try run("imgtool", ["horizon", out, "--min-confidence", "0", "--json"])
            #expect(abs(try #require(try level.jsonLines().first?["angle"] as? Double)) < 0.3)

            let inPlace = try run("imgtool", ["horizon", photo, "--fix", "--in-place"])
            #expect(inPlace.status == 1 && inPlace.stderr.contains("--sidecar"), "\(inPlace.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        }
    }

    /// --angle applies a known tilt to a JPEG's sidecar and copy; the photo stays as it was.
    @Test func knownAngleForJPEGSidecarsAndCopy() throws {
        try withFolder { folder in
            let photo = folder.appendingPathComponent("lake.jpg").path
            try FileManager.default.copyItem(atPath: Fixtures.asset("horizon-lake.jpg"), toPath: photo)
            let before = try Data(contentsOf: URL(fileURLWithPath: photo))
            let result = try run(
                "imgtool", ["horizon", photo, "--angle", "-2.5", "--sidecar", "rawtherapee", "--fix", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let record = try #require(try result.jsonLines().first)
            #expect(record["angle"] as? Double == -2.5 && record["confidence"] as? Double == 1)
            let paths = (record["outputs"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
            #expect(paths == [photo + ".pp3", folder.appendingPathComponent("lake-level.jpg").path])
            #expect(try String(contentsOfFile: photo + ".pp3", encoding: .utf8).contains("Degree=2.5"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)

            let bad = try run("imgtool", ["horizon", photo, "--angle", "60"])
            #expect(bad.status == 64 && bad.stderr.contains("--angle"))
            let stdin = try run("imgtool", ["horizon", "-", "--sidecar", "darktable"], stdin: before)
            #expect(stdin.status == 64 && stdin.stderr.contains("standard input"))
            let unknown = try run("imgtool", ["horizon", photo, "--sidecar", "capture-one"])
            #expect(unknown.status == 64 && unknown.stderr.contains("rawtherapee, darktable or lightroom"))
        }
    }

    /// A malformed sidecar fails that photo (exit 1, the file named) and is left byte for byte;
    /// the other photos of the batch go on.
    @Test func malformedSidecarFailsOnlyItsPhoto() throws {
        try withFolder { folder in
            for name in ["a.jpg", "b.jpg"] {
                try FileManager.default.copyItem(
                    atPath: Fixtures.asset("tilted-lake.jpg"), toPath: folder.appendingPathComponent(name).path)
            }
            let broken = folder.appendingPathComponent("a.xmp").path
            try "<x:xmpmeta><unclosed>".write(toFile: broken, atomically: true, encoding: .utf8)
            let result = try run("imgtool", ["horizon", folder.path, "--sidecar", "lightroom", "--json"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("a.xmp") && result.stderr.contains("left unchanged"), "\(result.stderr)")
            #expect(try String(contentsOfFile: broken, encoding: .utf8) == "<x:xmpmeta><unclosed>")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.xmp").path))
        }
    }

    /// --skip-existing skips photos whose sidecars are newer; -r finds raw photos in folders.
    @Test func batchesSkipPhotosWhoseSidecarsExist() throws {
        try withFolder { folder in
            let sub = folder.appendingPathComponent("day1")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.dng, toPath: sub.appendingPathComponent("lake.dng").path)
            try FileManager.default.copyItem(
                atPath: Fixtures.asset("tilted-lake.jpg"), toPath: sub.appendingPathComponent("lake2.jpg").path)
            let arguments = [
                "horizon", "-r", folder.path, "--sidecar", "darktable,rawtherapee", "--skip-existing", "-j", "2",
            ]
            let first = try run("imgtool", arguments + ["--json"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try first.jsonLines().count == 2)
            let second = try run("imgtool", arguments)
            #expect(second.status == 0 && second.stderr.contains("2 skipped"), "\(second.stderr)")
        }
    }

    /// Decisions saved by the review page: the accepted (nudged) angle is applied, a rejected
    /// photo is left alone, a photo not named is detected.
    @Test func decisionsAreApplied() throws {
        try withFolder { folder in
            let a = folder.appendingPathComponent("a.jpg").path, b = folder.appendingPathComponent("b.jpg").path
            let c = folder.appendingPathComponent("c.jpg").path
            for path in [a, b, c] {
                try FileManager.default.copyItem(atPath: Fixtures.asset("tilted-lake.jpg"), toPath: path)
            }
            let decisions = folder.appendingPathComponent("decisions.json").path
            let json = """
                {"version": 1, "photos": [{"file": "\(a)", "decision": "accept", "angle": 3.25},
                 {"file": "\(b)", "decision": "reject", "angle": 4.0}]}
                """
            try json.write(toFile: decisions, atomically: true, encoding: .utf8)
            let result = try run(
                "imgtool", ["horizon", a, b, c, "--decisions", decisions, "--sidecar", "rawtherapee", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOfFile: a + ".pp3", encoding: .utf8).contains("Degree=-3.25"))
            #expect(!FileManager.default.fileExists(atPath: b + ".pp3"))
            let detected = try String(contentsOfFile: c + ".pp3", encoding: .utf8)
            #expect(detected.contains("Degree=-3.9") || detected.contains("Degree=-4"), "\(detected)")

            try "{\"photos\": 3}".write(toFile: decisions, atomically: true, encoding: .utf8)
            let bad = try run("imgtool", ["horizon", a, "--decisions", decisions, "--sidecar", "rawtherapee"])
            #expect(bad.status == 64 && bad.stderr.contains("not a decisions file"), "\(bad.stderr)")
        }
    }
}
