import Foundation
import TestSupport
import Testing
import Vips

/// What a new user tripped over in imgtool (issue 20, §3), each run through the built binary.
@Suite(.tags(.tools)) struct NewUserImgToolTests {
    static let screenshot = Fixtures.asset("screenshot-text.png")
    static let lake = Fixtures.asset("tilted-lake.jpg")

    /// A flat grey picture: nothing in it is text.
    static func flatPicture(in scratch: Scratch) throws -> String {
        let path = scratch.path("flat.png")
        try Image.constant(width: 300, height: 200, colour: [200, 200, 200]).save(to: path)
        return path
    }

    @Test func quietKeepsTheJSONRecordsAskedFor() throws {
        let scratch = try Scratch()
        let info = try run("imgtool", ["info", "-q", "--json", Self.lake])
        #expect(info.status == 0 && info.stderr.isEmpty)
        #expect(try info.jsonLines().first?["width"] as? Int == 922)
        let horizon = try run("imgtool", ["horizon", "-q", "--json", Self.lake])
        #expect(try horizon.jsonLines().first?["found"] as? Bool == true, "\(horizon.stderr)")
        let blur = try run("imgtool", ["blur", Self.screenshot, "-o", scratch.path("b.png"), "-q", "--json"])
        #expect(blur.status == 0 && blur.stderr.isEmpty)
        #expect(try blur.jsonLines().first?["style"] as? String == "light")
        // Without --json, -q still prints nothing.
        let silent = try run("imgtool", ["info", "-q", Self.lake])
        #expect(silent.stdout.isEmpty && silent.stderr.isEmpty)
    }

    @Test func transparentCornersAddAlphaOrAreRefusedWhereTheFormatHasNone() throws {
        let scratch = try Scratch()
        let png = scratch.path("level.png")
        let made = try run(
            "imgtool", ["horizon", Self.lake, "--fix", "--crop", "none", "--background", "transparent", "-o", png])
        #expect(made.status == 0, "\(made.stderr)")
        let image = try Image.load(png)
        #expect(image.bands == 4 && image.hasAlpha)
        let bytes = try image.bytes()
        // A corner wedge is see-through; the middle of the photo is opaque.
        #expect(bytes[3] == 0, "corner alpha \(bytes[3])")
        let middle = ((image.height / 2) * image.width + image.width / 2) * 4
        #expect(bytes[middle + 3] == 255)
        // JPEG holds no alpha: refused before anything is written, named or beside the photo.
        let jpeg = try run(
            "imgtool",
            [
                "horizon", Self.lake, "--fix", "--crop", "none", "--background", "transparent", "-o",
                scratch.path("t.jpg"),
            ])
        #expect(jpeg.status == 64)
        #expect(jpeg.stderr.contains(".jpg images have no transparency"), "\(jpeg.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("t.jpg")))
        let copy = scratch.path("lake.jpg")
        try FileManager.default.copyItem(atPath: Self.lake, toPath: copy)
        let beside = try run("imgtool", ["horizon", copy, "--fix", "--crop", "none", "--background", "transparent"])
        #expect(beside.status == 64, "\(beside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("lake-level.jpg")))
    }

    @Test func findingNoTextSaysSoRatherThanClaimingAFrost() throws {
        let scratch = try Scratch()
        let flat = try Self.flatPicture(in: scratch)
        let result = try run("imgtool", ["blur", flat, "--find", "text", "-o", scratch.path("out.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("no text found, nothing hidden"), "\(result.text)")
        #expect(!result.text.contains("radius") && !result.text.contains("secure"))
        let json = try run("imgtool", ["blur", flat, "--find", "text", "-o", scratch.path("out.png"), "--json"])
        let record = try #require(try json.jsonLines().first)
        #expect(record["note"] as? String == "no text found: nothing hidden")
        #expect((record["text"] as? [Any])?.isEmpty == true)
    }

    @Test func everyLanguageAskedForMustBeInstalled() throws {
        let listed = try run("tesseract", ["--list-langs"])
        let installed = Set(
            listed.text.split(separator: "\n").map(String.init) + listed.stderr.split(separator: "\n").map(String.init))
        // A language surely not installed, after one that is.
        let missing = ["deu", "fra", "spa", "ita", "nld"].first { !installed.contains($0) }
        let absent = try #require(missing, "every candidate language is installed here")
        let scratch = try Scratch()
        for lang in ["eng+\(absent)", absent] {
            let result = try run(
                "imgtool", ["blur", Self.screenshot, "--find", "text", "--lang", lang, "-o", scratch.path("x.png")])
            #expect(result.status == 64, "\(lang): \(result.stderr)")
            #expect(
                result.stderr.contains("--lang \(absent): no Tesseract data for it is installed"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("x.png")))
        }
    }

    @Test func aFormatThatContradictsTheSuffixIsRefused() throws {
        let scratch = try Scratch()
        let result = try run("imgtool", ["blur", Self.screenshot, "-o", scratch.path("y.webp"), "--format", "png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("is named .webp and --format asks for png"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("y.webp")))
        // The same format under another of its names is no contradiction.
        let same = try run("imgtool", ["blur", Self.screenshot, "-o", scratch.path("y.jpeg"), "--format", "jpg"])
        #expect(same.status == 0, "\(same.stderr)")
    }

    @Test func jpeg2000ResolutionLevelsAreNotPages() throws {
        let scratch = try Scratch()
        let jp2 = scratch.path("photo.jp2")
        try Image.load(Self.lake).save(to: jp2)
        let info = try run("imgtool", ["info", "--json", jp2])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(try info.jsonLines().first?["pages"] as? Int == 1)
        let text = try run("imgtool", ["info", jp2])
        #expect(!text.text.contains("pages"), "\(text.text)")
        let horizon = try run("imgtool", ["horizon", jp2])
        #expect(!horizon.stderr.contains("only the first is used"), "\(horizon.stderr)")
    }

    @Test func blurToStandardOutputSendsItsRecordToStandardError() throws {
        let result = try run("imgtool", ["blur", Self.screenshot, "-o", "-", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the image, as PNG")
        let record = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
        #expect((record?["outputs"] as? [[String: Any]])?.first?["path"] as? String == "-")
    }

    @Test func secureIsReportedAlikeWithAndWithoutAnOutput() throws {
        let scratch = try Scratch()
        let looked = try run("imgtool", ["blur", Self.screenshot, "--find", "text", "--json"])
        let written = try run(
            "imgtool", ["blur", Self.screenshot, "--find", "text", "--json", "-o", scratch.path("o.png")])
        let first = try #require(try looked.jsonLines().first), second = try #require(try written.jsonLines().first)
        #expect(first["secure"] as? Bool == true && second["secure"] as? Bool == true)
        let covered = try run("imgtool", ["blur", Self.screenshot, "--find", "text", "--json", "--cover", "black"])
        let coveredFile = try run(
            "imgtool",
            ["blur", Self.screenshot, "--find", "text", "--json", "--cover", "black", "-o", scratch.path("c.png")])
        let cover = try covered.jsonLines().first?["cover"] as? String
        let coverWritten = try coveredFile.jsonLines().first?["cover"] as? String
        #expect(cover != nil && cover == coverWritten)
        #expect(try covered.jsonLines().first?["secure"] is NSNull)
    }

    @Test func helpOnAnUnknownCommandFails() throws {
        for tool in ["imgtool", "pdflayout"] {
            let result = try run(tool, ["help", "foo"])
            #expect(result.status == 64, "\(tool)")
            #expect(result.stderr.contains("help foo: no such command"), "\(result.stderr)")
        }
        #expect(try run("imgtool", ["help", "blur"]).status == 0)
        #expect(try run("pdflayout", ["help", "prefs"]).status == 0)
    }

    @Test func aCopyBesideItsInputIsReportedAsRelativelyAsTheInput() throws {
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: Self.lake, toPath: scratch.path("lake.jpg"))
        let result = try run("imgtool", ["horizon", "lake.jpg", "--fix", "--json"], currentDirectory: scratch.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect((record["outputs"] as? [[String: Any]])?.first?["path"] as? String == "lake-level.jpg")
        let text = try run("imgtool", ["horizon", "lake.jpg", "--fix"], currentDirectory: scratch.folder)
        #expect(text.text.contains("→ lake-level.jpg "), "\(text.text)")
    }

    @Test func foldersSayWhatTheyLeftOutAndNothingToDoIsAnError() throws {
        let scratch = try Scratch()
        let folder = scratch.path("card")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.lake, toPath: folder + "/a.jpg")
        try FileManager.default.copyItem(atPath: Self.lake, toPath: folder + "/IMG_0002")
        let result = try run("imgtool", ["info", folder])
        #expect(result.status == 0)
        #expect(result.stderr.contains("1 file without a suffix left out (\(folder)/IMG_0002)"), "\(result.stderr)")
        // Named on the command line, it is read by its content.
        #expect(try run("imgtool", ["info", folder + "/IMG_0002"]).status == 0)

        let empty = scratch.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for command in [["imgtool", "info"], ["imgtool", "horizon"], ["pdflayout", "info"]] {
            let nothing = try run(command[0], Array(command.dropFirst()) + [empty])
            #expect(nothing.status == 64, "\(command)")
            #expect(nothing.stderr.contains("nothing to do"), "\(nothing.stderr)")
        }
        // A shard that gets none of the inputs has nothing to do, and that is no error.
        let shard = try run("imgtool", ["info", folder, "--shard", "2/2", "-q"])
        let other = try run("imgtool", ["info", folder, "--shard", "1/2", "-q"])
        #expect(shard.status == 0 && other.status == 0)
    }

    @Test func anInterruptedBatchStillEndsWithItsSummary() throws {
        let scratch = try Scratch()
        let folder = scratch.path("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<40 {
            try FileManager.default.copyItem(atPath: Self.lake, toPath: folder + "/p\(index).jpg")
        }
        let errors = scratch.path("stderr")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        let process = try startProcess(
            "imgtool", ["horizon", folder, "--fix", "-o", scratch.path("out") + "/", "-j", "1"], standardError: handle)
        // Interrupted once some photos are done.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline,
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out")))?.count ?? 0) < 2
        {
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(process.terminationStatus == 130, "\(text)")
        #expect(text.contains("imgtool horizon: interrupted after "), "\(text)")
        #expect(text.contains(" of 40 inputs: "), "\(text)")
    }
}

/// Saver options are checked before anything is read, in plain words, as a command-line mistake.
@Suite(.tags(.tools)) struct SaverOptionTests {
    static let screenshot = Fixtures.asset("screenshot-text.png")

    @Test(arguments: [
        ("q.jpg[Q=500]", "JPG option Q takes a whole number from 1 to 100, not \"500\""),
        ("q.jpg[bogus=9]", "JPG output has no option \"bogus\""),
        ("q.png[compression=x]", "PNG option compression takes a whole number from 0 to 9"),
    ])
    func badSaverOptionsAreRefusedUpFront(output: String, message: String) throws {
        let scratch = try Scratch()
        for quiet in [[], ["-q"]] {
            let result = try run("imgtool", ["blur", Self.screenshot, "-o", scratch.path(output)] + quiet)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!result.stderr.contains("GLib"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let horizon = try run(
            "imgtool", ["horizon", Fixtures.asset("tilted-lake.jpg"), "--fix", "-o", scratch.path(output)])
        #expect(horizon.status == 64 && horizon.stderr.contains(message), "\(horizon.stderr)")
        let layout = try run("pdflayout", [Fixtures.asset("mixed.pdf"), "-o", scratch.path(output)])
        #expect(layout.status == 64 && layout.stderr.contains(message), "\(layout.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).isEmpty)
    }

    @Test func goodSaverOptionsStillWork() throws {
        let scratch = try Scratch()
        let result = try run(
            "imgtool", ["blur", Self.screenshot, "-o", scratch.path("q.jpg[Q=95,strip,interlace]")])
        #expect(result.status == 0, "\(result.stderr)")
        let webp = try run("imgtool", ["blur", Self.screenshot, "-o", scratch.path("q.webp[lossless,effort=2]")])
        #expect(webp.status == 0, "\(webp.stderr)")
    }
}

/// "metadata stripped" holds for WebP too: libvips 8.14.1 writes a made-up EXIF chunk there.
@Suite(.tags(.tools)) struct StrippedWebPTests {
    @Test func aFrostedWebPCarriesNoMetadataChunk() throws {
        let scratch = try Scratch()
        let output = scratch.path("f.webp")
        let result = try run("imgtool", ["blur", Fixtures.asset("exif-rotated.jpg"), "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("metadata stripped"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        for chunk in ["EXIF", "XMP ", "ICCP"] {
            #expect(bytes.range(of: Data(chunk.utf8)) == nil, "\(chunk) chunk left")
        }
        // An independent reader finds no EXIF either, and the picture is whole.
        let exif = try run("exiftool", ["-j", "-G", output])
        let tags =
            try #require(
                try JSONSerialization.jsonObject(with: exif.stdout) as? [[String: Any]]
            ).first ?? [:]
        #expect(!tags.keys.contains { $0.hasPrefix("EXIF:") || $0.hasPrefix("XMP") }, "\(tags.keys.sorted())")
        let image = try Image.load(output)
        #expect(image.width == 640 && image.height == 400)
        #expect(try run("imgtool", ["info", "--json", output]).jsonLines().first?["metadata"] as? [String] == [])
        // Through standard output as well.
        let piped = try run("imgtool", ["blur", Fixtures.asset("exif-rotated.jpg"), "-o", "-", "--format", "webp"])
        #expect(piped.status == 0 && piped.stdout.range(of: Data("EXIF".utf8)) == nil)
    }
}
