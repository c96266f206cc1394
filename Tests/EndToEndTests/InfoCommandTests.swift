import Foundation
import TestSupport
import Testing

/// The built binaries, run as a user runs them.
@Suite(.tags(.tools)) struct ImgToolInfoTests {
    @Test(.tags(.sanitizerSmoke)) func jsonDescribesRealFiles() throws {
        let result = try run(
            "imgtool", ["info", "--json", Fixtures.asset("exif-rotated.jpg"), Fixtures.asset("screenshot-text.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.jsonLines()
        try #require(records.count == 2)
        let photo = records[0], shot = records[1]
        #expect(photo["format"] as? String == "jpeg")
        #expect(photo["orientation"] as? Int != 1)
        // Width and height are as displayed: the stored sideways photo is landscape upright.
        #expect((photo["width"] as? Int ?? 0) > (photo["height"] as? Int ?? 0))
        let kinds = photo["metadata"] as? [String] ?? []
        #expect(kinds.contains("exif") && kinds.contains("gps"))
        #expect(shot["format"] as? String == "png")
        #expect((shot["bands"] as? Int ?? 0) >= 3)
    }

    @Test func textOutputIsOneLinePerFile() throws {
        let result = try run("imgtool", ["info", Fixtures.asset("horizon-lake.jpg")])
        #expect(result.status == 0)
        #expect(result.text.hasSuffix("horizon-lake.jpg: jpeg 1024×640, 3 bands uchar srgb, no metadata\n"))
    }

    @Test func readsStandardInput() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("horizon-lake.jpg")))
        let result = try run("imgtool", ["info", "--json", "-"], stdin: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        #expect(record["file"] as? String == "-")
        #expect(record["width"] as? Int == 1024)
    }

    @Test(arguments: [
        ("/nonexistent/x.jpg", "no such file"),
        ("truncated.jpg", ""),
        ("not-an-image.txt", "not a known image format"),
        ("mixed.pdf", "PDF files are read by a loader, which libvips marks untrusted"),
    ])
    func badInputsGiveOneLineErrors(file: String, cause: String) throws {
        let path = file.hasPrefix("/") ? file : Fixtures.asset(file)
        let result = try run("imgtool", ["info", path])
        #expect(result.status == 1)
        #expect(result.text.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("imgtool: \(path): \(cause)") == true, "\(result.stderr)")
    }

    @Test func goodFilesStillReportedBesideBadOnes() throws {
        let result = try run("imgtool", ["info", "-q", Fixtures.asset("horizon-lake.jpg"), "/nonexistent.png"])
        #expect(result.status == 1)
        #expect(result.text.isEmpty)  // -q
        #expect(result.stderr.contains("/nonexistent.png: no such file"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try run("imgtool", ["info"]).status == 64)
        #expect(try run("imgtool", ["info", "--no-such-flag", "x"]).status == 64)
    }

    @Test func noLeakedVipsObjects() throws {
        let result = try run("imgtool", ["info", Fixtures.asset("exif-rotated.jpg")], environment: ["VIPS_LEAK": "1"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("memory: high-water mark"), "leak check did not run: \(result.stderr)")
        #expect(!result.stderr.lowercased().contains("leak"), "\(result.stderr)")
    }
}

@Suite(.tags(.tools)) struct PDFLayoutInfoTests {
    @Test(.tags(.sanitizerSmoke)) func jsonDescribesMixedPDF() throws {
        let result = try run("pdflayout", ["info", "--json", Fixtures.asset("mixed.pdf")])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let pages = try #require(record["pages"] as? [[String: Any]])
        #expect(record["page_count"] as? Int == pages.count)
        #expect(record["encrypted"] as? Bool == false)
        // Page 6 carries /Rotate 90 (Assets/LICENSES.md): reported, with width and height swapped.
        #expect(pages.map { $0["rotation"] as? Int } == [0, 0, 0, 0, 0, 90])
        #expect(pages[5]["width"] as? Double == 841.89 && pages[5]["height"] as? Double == 595.276)
        #expect(record["direction"] is NSNull)
        #expect(pages.first?["page"] as? Int == 1)
    }

    @Test func encryptedPDF() throws {
        let path = Fixtures.asset("encrypted.pdf")
        let locked = try run("pdflayout", ["info", path])
        #expect(locked.status == 1)
        #expect(
            locked.stderr
                == "pdflayout: \(path): encrypted: needs --password or --password-file (or the one given is wrong)\n")
        let opened = try run("pdflayout", ["info", "--json", "--password", "secret", path])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try opened.jsonLines().first?["encrypted"] as? Bool == true)
    }

    @Test func rightToLeftBookDeclaresItsDirection() throws {
        let result = try run("pdflayout", ["info", "--json", Fixtures.asset("book-rtl.pdf")])
        let record = try #require(try result.jsonLines().first)
        #expect(record["direction"] as? String == "rtl")
        #expect(record["page_layout"] as? String == "twoPageRight")
    }

    @Test func ownerPasswordOnlyIsReportedEncrypted() throws {
        let result = try run("pdflayout", ["info", "--json", Fixtures.asset("encrypted-owner-only.pdf")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.jsonLines().first?["encrypted"] as? Bool == true)
    }

    @Test func readsStandardInput() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.asset("mixed.pdf")))
        let result = try run("pdflayout", ["info", "-"], stdin: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix("<stdin>: PDF "))
    }

    @Test(arguments: ["/nonexistent.pdf", "damaged.pdf", "not-an-image.txt", "horizon-lake.jpg"])
    func badInputsGiveOneLineErrors(file: String) throws {
        let path = file.hasPrefix("/") ? file : Fixtures.asset(file)
        let result = try run("pdflayout", ["info", path])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("pdflayout: \(path): "))
    }
}
