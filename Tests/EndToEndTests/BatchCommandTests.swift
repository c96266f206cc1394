import Foundation
import TestSupport
import Testing

/// Batches: folders and -r, -o DIR/ mirroring, input order, JSON Lines with errors, the summary
/// line, --skip-existing, --shard, and the progress bar only on a terminal.
@Suite(.tags(.tools)) struct BatchCommandTests {
    /// photos/{horizon-lake.jpg, tilted-lake.jpg, notes.txt, trip/{horizon-pier.jpg, no-horizon-sky.jpg,
    /// day2/horizon-portrait.jpg}, broken/truncated.jpg}
    static func library(in scratch: Scratch) throws -> String {
        let root = scratch.path("photos")
        let files = [
            "horizon-lake.jpg": "", "tilted-lake.jpg": "", "horizon-pier.jpg": "trip",
            "no-horizon-sky.jpg": "trip", "horizon-portrait.jpg": "trip/day2", "truncated.jpg": "broken",
        ]
        for (name, folder) in files {
            let target = folder.isEmpty ? root : root + "/" + folder
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.asset(name), toPath: target + "/" + name)
        }
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        return root
    }

    /// Every regular file under `folder`, relative, sorted.
    static func tree(_ folder: String) -> [String] {
        let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return names.filter { !InputIsFolder.check(folder + "/" + $0) }.sorted()
    }

    static let walkOrder = [
        "broken/truncated.jpg", "horizon-lake.jpg", "tilted-lake.jpg", "trip/day2/horizon-portrait.jpg",
        "trip/horizon-pier.jpg", "trip/no-horizon-sky.jpg",
    ]

    @Test func horizonBatchMirrorsTreeLogsEveryInputAndGoesOnAfterAFailure() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch), out = scratch.path("level")
        let result = try run("imgtool", ["horizon", "-r", photos, "--fix", "-o", out + "/", "--json", "-j", "2"])
        #expect(result.status == 1, "a failed input makes the batch fail: \(result.stderr)")
        let records = try result.jsonLines()
        // One record per input, in path order whatever the workers did, errors included.
        #expect(records.map { $0["file"] as? String } == Self.walkOrder.map { photos + "/" + $0 })
        #expect(records[0]["exit_status"] as? Int == 1)
        #expect((records[0]["error"] as? String)?.isEmpty == false)
        #expect(records[5]["found"] as? Bool == false)
        #expect(
            (records[2]["outputs"] as? [[String: Any]])?.first?["path"] as? String == out + "/tilted-lake.jpg")
        // The tree is mirrored; nothing for the broken photo nor the one without a horizon.
        #expect(
            Self.tree(out) == [
                "horizon-lake.jpg", "tilted-lake.jpg", "trip/day2/horizon-portrait.jpg", "trip/horizon-pier.jpg",
            ])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines[0].hasPrefix("imgtool: \(photos)/broken/truncated.jpg: "))
        #expect(lines[1].hasPrefix("imgtool horizon: 6 inputs: 4 done, 1 no horizon, 0 skipped, 1 failed in "))
        #expect(!result.stderr.contains("\r"), "no progress bar when stderr is not a terminal")

        // Without -r a folder gives only the photos directly in it.
        let flat = try run("imgtool", ["horizon", photos, "-q"])
        #expect(flat.status == 0 && flat.text.isEmpty && flat.stderr.isEmpty, "\(flat.stderr)")
        let listed = try run("imgtool", ["info", photos, "--json"])
        #expect(
            try listed.jsonLines().map { $0["file"] as? String } == [
                photos + "/horizon-lake.jpg", photos + "/tilted-lake.jpg",
            ])
    }

    @Test func skipExistingResumesAndRedoesChangedInputs() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch), out = scratch.path("level") + "/"
        let first = try run("imgtool", ["horizon", "-r", photos, "--fix", "-o", out, "-q"])
        #expect(first.status == 1)
        let levelled = out + "tilted-lake.jpg"
        let before = try FileManager.default.attributesOfItem(atPath: levelled)[.modificationDate] as? Date
        // An edited photo is newer than its copy: only it is redone.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)],
            ofItemAtPath: photos + "/horizon-lake.jpg")
        let again = try run("imgtool", ["horizon", "-r", photos, "--fix", "-o", out, "--skip-existing", "--json"])
        let records = try again.jsonLines()
        let skipped = records.filter { $0["skipped"] as? Bool == true }.compactMap { $0["file"] as? String }
        #expect(
            skipped
                == ["tilted-lake.jpg", "trip/day2/horizon-portrait.jpg", "trip/horizon-pier.jpg"].map {
                    photos + "/" + $0
                })
        #expect(
            (records.first { $0["file"] as? String == photos + "/horizon-lake.jpg" }?["outputs"] as? [[String: Any]])?
                .first?["path"] as? String == out + "horizon-lake.jpg")
        #expect(try FileManager.default.attributesOfItem(atPath: levelled)[.modificationDate] as? Date == before)
        #expect(again.stderr.contains("1 done, 1 no horizon, 3 skipped, 1 failed"), "\(again.stderr)")
    }

    @Test func noHorizonOkEndsZeroUnlessAPhotoFailed() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch), out = scratch.path("level") + "/"
        // Without the broken photo: every photo handled, one without a horizon.
        try FileManager.default.removeItem(atPath: photos + "/broken")
        let plain = try run("imgtool", ["horizon", "-r", photos, "--fix", "-o", out, "-q"])
        #expect(plain.status == 2, "\(plain.stderr)")
        let ok = try run(
            "imgtool", ["horizon", "-r", photos, "--fix", "-o", out, "--skip-existing", "--no-horizon-ok", "--json"])
        #expect(ok.status == 0, "\(ok.stderr)")
        // The outcome of each photo stays in the log and the summary.
        #expect(try ok.jsonLines().contains { $0["found"] as? Bool == false })
        #expect(ok.stderr.contains("0 done, 1 no horizon, 4 skipped, 0 failed"), "\(ok.stderr)")
        // A failed photo still fails the batch.
        try FileManager.default.createDirectory(atPath: photos + "/broken", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.asset("truncated.jpg"), toPath: photos + "/broken/truncated.jpg")
        let failed = try run(
            "imgtool", ["horizon", "-r", photos, "--fix", "-o", out, "--skip-existing", "--no-horizon-ok", "-q"])
        #expect(failed.status == 1, "\(failed.stderr)")
    }

    @Test func shardsSplitTheLibraryAndTogetherEqualOneRun() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch)
        let whole = try run("imgtool", ["info", "-r", photos, "--json"])
        var union: [String] = []
        for index in 1...3 {
            let part = try run("imgtool", ["info", "-r", photos, "--json", "--shard", "\(index)/3"])
            union += part.text.split(separator: "\n").map(String.init)
            #expect(part.stderr.contains("imgtool info: "), "a shard always ends with its summary: \(part.stderr)")
        }
        // Every input in exactly one shard.
        #expect(union.sorted() == whole.text.split(separator: "\n").map(String.init).sorted())
        #expect(try run("imgtool", ["info", photos, "--shard", "4/3"]).status == 64)
        #expect(try run("imgtool", ["info", photos, "--shard", "x"]).status == 64)
    }

    @Test func blurBatchNeedsAFolderAndKeepsEachFormat() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch)
        try FileManager.default.copyItem(
            atPath: Fixtures.asset("screenshot-text.png"), toPath: photos + "/trip/shot.png")
        let refused = try run("imgtool", ["blur", photos + "/horizon-lake.jpg", photos + "/tilted-lake.jpg"])
        #expect(refused.status == 64 && refused.stderr.contains("-o DIR/"), "\(refused.stderr)")
        let out = scratch.path("frosted")
        let result = try run("imgtool", ["blur", "-r", photos, "-o", out + "/", "--style", "dark", "--json"])
        #expect(result.status == 1)
        #expect(
            Self.tree(out) == [
                "horizon-lake.jpg", "tilted-lake.jpg", "trip/day2/horizon-portrait.jpg",
                "trip/horizon-pier.jpg", "trip/no-horizon-sky.jpg", "trip/shot.png",
            ])
        let records = try result.jsonLines()
        #expect(records.count == 7)
        #expect(
            (records.last?["outputs"] as? [[String: Any]])?.first?["path"] as? String == out + "/trip/shot.png")
        let info = try run("imgtool", ["info", out + "/trip/shot.png", out + "/horizon-lake.jpg", "--json"]).jsonLines()
        #expect(info.map { $0["format"] as? String } == ["png", "jpeg"])
    }

    @Test func pdflayoutBatchWritesOneOutputPerPDF() throws {
        let scratch = try Scratch()
        let shelf = scratch.path("shelf")
        try FileManager.default.createDirectory(atPath: shelf + "/manga", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.asset("mixed.pdf"), toPath: shelf + "/mixed.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.asset("book-rtl.pdf"), toPath: shelf + "/manga/book-rtl.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.asset("damaged.pdf"), toPath: shelf + "/damaged.pdf")
        let out = scratch.path("spreads")
        let images = try run(
            "pdflayout", ["-r", shelf, "--two-up", "-o", out + "/", "--format", "png", "--dpi", "20", "--json"])
        #expect(images.status == 1)
        let records = try images.jsonLines()
        #expect(
            records.map { $0["file"] as? String }
                == ["damaged.pdf", "manga/book-rtl.pdf", "mixed.pdf"].map { shelf + "/" + $0 })
        #expect(records[1]["direction"] as? String == "rtl", "the book's /Direction still decides")
        #expect(
            Self.tree(out) == [
                // Each document's record of its numbered images (RunRecordTests), hidden beside them.
                ".mixed.png.pdflayout-run", "manga/.book-rtl.png.pdflayout-run",
                "manga/book-rtl-001.png", "manga/book-rtl-002.png", "manga/book-rtl-003.png",
                "manga/book-rtl-004.png", "mixed-001.png", "mixed-002.png", "mixed-003.png",
            ])
        let vector = try run("pdflayout", ["-r", shelf, "--two-up", "-o", out + "/", "--skip-existing", "-q"])
        #expect(vector.status == 1)
        #expect(FileManager.default.fileExists(atPath: out + "/manga/book-rtl.pdf"))
        let resumed = try run(
            "pdflayout",
            ["-r", shelf, "--two-up", "-o", out + "/", "--format", "png", "--dpi", "20", "--skip-existing"])
        #expect(resumed.stderr.contains("0 done, 2 skipped, 1 failed"), "\(resumed.stderr)")
        let info = try run("pdflayout", ["info", "-r", shelf, "-q"])
        #expect(info.status == 1 && info.stderr.split(separator: "\n").count == 1)
    }

    /// On a terminal (here a pseudo-terminal made by script(1)) a bar with count, rate and ETA.
    @Test func progressBarOnlyOnATerminal() throws {
        let scratch = try Scratch()
        let photos = try Self.library(in: scratch)
        let tool = Fixtures.binFolder.appendingPathComponent("imgtool").path
        let shown = try run("script", ["-q", "-e", "-c", "\(tool) horizon -r \(photos) -j 1 >/dev/null", "/dev/null"])
        #expect(shown.text.contains("imgtool horizon [#"), "\(shown.text)")
        #expect(shown.text.contains("/s"), "\(shown.text)")
        #expect(shown.text.contains("ETA"), "\(shown.text)")
        #expect(shown.text.contains("6/6"), "\(shown.text)")
        let quiet = try run(
            "script", ["-q", "-e", "-c", "\(tool) horizon -r \(photos) -j 1 -q >/dev/null", "/dev/null"])
        #expect(!quiet.text.contains("[#"), "-q silences the bar: \(quiet.text)")
    }
}

enum InputIsFolder {
    static func check(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
