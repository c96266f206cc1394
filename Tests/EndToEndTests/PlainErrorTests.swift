import Foundation
import TestSupport
import Testing

/// Errors in plain words (no library prefixes, no temporary file names, "not a PDF" for what is no
/// PDF), one version for both tools, and the frosted-glass disclaimer once per batch.
@Suite(.tags(.tools)) struct PlainErrorTests {
    @Test func aTruncatedJPEGIsSaidPlainly() throws {
        for command in [["info"], ["horizon"], ["blur", "-o", "/tmp/never-written.png"]] {
            let result = try run("imgtool", [command[0], Fixtures.asset("truncated.jpg")] + command.dropFirst())
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("truncated"), "\(result.stderr)")
            #expect(!result.stderr.contains("Vips") && !result.stderr.contains("jpegload"), "\(result.stderr)")
        }
    }

    @Test(arguments: [["--two-up", "-o", "x.pdf"], ["info"], ["prefs", "--rtl", "-o", "x.pdf"]])
    func anImageGivenToPdflayoutIsNotAPDF(arguments: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = Fixtures.asset("screenshot-text.png")
        let command =
            arguments.first == "--two-up" ? [image] + arguments : [arguments[0], image] + arguments.dropFirst()
        let result = try run("pdflayout", command, currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "pdflayout: \(image): not a PDF: the file is a PNG image\n", "\(result.stderr)")
        let text = try run("pdflayout", ["info", Fixtures.asset("not-an-image.txt")])
        #expect(text.stderr.contains("not a PDF: the file is text"), "\(text.stderr)")
        // A damaged PDF is still called a PDF.
        let damaged = try run("pdflayout", ["info", Fixtures.asset("damaged.pdf")])
        #expect(!damaged.stderr.contains("not a PDF:"), "\(damaged.stderr)")
    }

    /// A write that fails (a file size limit stands in for a full disk) names the destination, not
    /// the temporary file, and leaves nothing behind.
    @Test func aFailedWriteNamesTheDestination() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = Fixtures.binFolder.path
        let script = """
            trap '' XFSZ; ulimit -f 4
            "\(bin)/imgtool" blur "\(Fixtures.asset("screenshot-text.png"))" -o big.png
            "\(bin)/pdflayout" "\(Fixtures.asset("book-rtl.pdf"))" --two-up -o big.png
            "\(bin)/pdflayout" prefs "\(Fixtures.asset("book-rtl.pdf"))" --rtl -o big.pdf
            """
        let result = try run("/bin/bash", ["-c", script], currentDirectory: folder)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stderr)")
        for line in lines {
            #expect(!line.contains(".tmp") && line.contains("big"), "\(line)")
            #expect(line.contains("cannot write"), "\(line)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func bothToolsTellTheSameVersion() throws {
        let imgtool = try run("imgtool", ["--version"]), pdflayout = try run("pdflayout", ["--version"])
        #expect(imgtool.status == 0 && pdflayout.status == 0)
        #expect(!imgtool.text.isEmpty && imgtool.text == pdflayout.text, "\(imgtool.text) \(pdflayout.text)")
        // The version, then which build.
        let versionAndBuild = #"^\d+\.\d+\.\d+ \((debug|release) build\)\n$"#
        #expect(imgtool.text.range(of: versionAndBuild, options: .regularExpression) != nil, "\(imgtool.text)")
    }

    @Test func theDisclaimerComesOncePerBatch() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [Fixtures.asset("screenshot-text.png"), Fixtures.asset("tilted-lake.jpg")]
        let batch = try run("imgtool", ["blur"] + inputs + ["-o", folder.path + "/out/"])
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(!batch.text.contains("obscures"), "\(batch.text)")
        #expect(batch.stderr.components(separatedBy: "blur obscures; it does not redact").count == 2, "\(batch.stderr)")
        let single = try run("imgtool", ["blur", inputs[0], "-o", folder.path + "/one.png"])
        #expect(single.text.components(separatedBy: "blur obscures; it does not redact").count == 2, "\(single.text)")
        let quiet = try run("imgtool", ["blur"] + inputs + ["-o", folder.path + "/quiet/", "-q"])
        #expect(quiet.stderr.isEmpty && quiet.text.isEmpty, "\(quiet.stderr)")
    }

    /// qpdf's own file writer ignored a failed last flush: a full disk left a truncated PDF that
    /// was reported as written. Now every write is checked and nothing is left.
    @Test func aPDFThatCannotBeWrittenWholeIsNotWrittenAtAll() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = Fixtures.binFolder.path
        let script = """
            trap '' XFSZ; ulimit -f 4
            "\(bin)/pdflayout" "\(Fixtures.asset("book-rtl.pdf"))" --two-up -o sheets.pdf
            echo "layout $?"
            "\(bin)/pdflayout" prefs "\(Fixtures.asset("book-rtl.pdf"))" --rtl -o prefs.pdf
            echo "prefs $?"
            """
        let result = try run("/bin/bash", ["-c", script], currentDirectory: folder)
        #expect(result.text == "layout 1\nprefs 1\n", "\(result.text) \(result.stderr)")
        #expect(!result.stderr.contains(".tmp"), "\(result.stderr)")
        // A full disk is not a reason to try cairo instead.
        #expect(!result.stderr.contains("cairo"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The man pages are generated from the help, and the generator drops non-ASCII characters
    /// ("points × --scale" became "points  --scale"): the help is kept to ASCII.
    @Test(arguments: [
        ["imgtool"], ["imgtool", "info"], ["imgtool", "blur"], ["imgtool", "horizon"], ["imgtool", "formats"],
        ["pdflayout"], ["pdflayout", "layout"], ["pdflayout", "info"], ["pdflayout", "prefs"],
    ])
    func helpIsPlainASCII(command: [String]) throws {
        let result = try run(command[0], Array(command.dropFirst()) + ["--help"])
        #expect(result.status == 0)
        let odd = result.text.unicodeScalars.filter { !$0.isASCII }
        #expect(odd.isEmpty, "\(command): \(String(String.UnicodeScalarView(odd)))")
    }
}
