import Foundation
import TestSupport
import Testing

/// What the libraries say reaches the user as the tool's one plain line, never their own text
/// (issue 41 §5). Folders that cannot be made are under /proc, where no one (root included)
/// creates files. Each case also runs with the library's output kept, where the test can show
/// that the input really makes the library speak.
@Suite(.tags(.tools)) struct LibraryMessageTests {
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// FoundationXML's file errors were printed whole: `Error Domain=NSCocoaErrorDomain Code=4
    /// "The file doesn’t , , NSUnderlyingError=…"`.
    @Test(arguments: [
        ["pdflayout", "MIXED", "--format", "html", "-o", "/proc/reader"],
        ["imgtool", "horizon", "LAKE", "--review", "/proc/review"],
    ])
    func aFolderThatCannotBeMadeIsOnePlainLine(command: [String]) throws {
        let arguments = command.dropFirst().map {
            $0 == "MIXED" ? Fixtures.asset("mixed.pdf") : $0 == "LAKE" ? Fixtures.asset("tilted-lake.jpg") : $0
        }
        let result = try run(command[0], arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.lines(result.stderr).count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write: No such file or directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("Domain="), "\(result.stderr)")
    }

    /// libvips' "unable to open for write" said why on a second line that was dropped.
    @Test(arguments: [
        ["imgtool", "blur", "SHOT", "-o", "/proc/x.png"],
        ["pdflayout", "MIXED", "--two-up", "-o", "/proc/x.png"],
    ])
    func aFileThatCannotBeOpenedSaysWhy(command: [String]) throws {
        let arguments = command.dropFirst().map {
            $0 == "MIXED" ? Fixtures.asset("mixed.pdf") : $0 == "SHOT" ? Fixtures.asset("screenshot-text.png") : $0
        }
        let result = try run(command[0], arguments)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("/proc/x.png: cannot write (No such file or directory)\n"), "\(result.stderr)")
    }

    /// libxml2 printed its parser errors before the tool's line about a sidecar it cannot read,
    /// also from a batch's worker threads.
    @Test func anUnreadableSidecarIsOneLineEach() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["p", "q"] {
            try copyAsset("tilted-lake.jpg", to: folder.path + "/\(name).jpg")
            try Data("<x:xmpmeta><rdf:RDF>broken".utf8).write(to: folder.appendingPathComponent("\(name).xmp"))
        }
        let arguments = ["horizon", "p.jpg", "q.jpg", "--angle", "2", "--sidecar", "lightroom", "-j", "2", "-q"]
        let result = try run("imgtool", arguments, currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = Self.lines(result.stderr)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("imgtool: ") && $0.contains("existing sidecar not understood") })
        let kept = try run(
            "imgtool", arguments, environment: ["FROSTLEVEL_LIBRARY_STDERR": "1"], currentDirectory: folder)
        #expect(kept.stderr.contains("parser error"), "libxml2 was not asked to speak: \(kept.stderr)")
    }

    /// A broken page in a comic: `VipsJpeg: Premature end of input file`, in libvips' words.
    @Test func aTruncatedComicPageIsSaidPlainly() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = folder.appendingPathComponent("comic")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        try copyAsset("horizon-lake.jpg", to: pages.path + "/001.jpg")
        try copyAsset("truncated.jpg", to: pages.path + "/002.jpg")
        let result = try run("pdflayout", ["comic", "--two-up", "-o", "out.pdf"], currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        // The page's line (a folder also gets the batch's summary line).
        #expect(
            result.stderr.hasPrefix(
                "pdflayout: comic: 002.jpg is not a readable image: the file ends early: it is truncated\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("Vips"), "\(result.stderr)")
    }
}

/// Leptonica's own complaints (`Error in boxClipToRectangle`, `Error in pixScanForForeground`)
/// on a screenshot with boxes at its edge, printed even with -q (issue 41 §5). OCR: a suite of
/// its own.
@Suite(.tags(.tools)) struct LeptonicaQuietTests {
    @Test func findTextIsSilentWithQuiet() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "blur", Fixtures.asset("screens/gnucash-accounts.png"), "--find", "text", "-q", "-o",
            folder.path + "/x.png",
        ]
        let result = try run("imgtool", arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // The control: the switch that lets Tesseract and Leptonica speak makes the same run print.
        // (The text finder's passes no longer provoke Leptonica's "Error in" on this screenshot;
        // Tesseract's own "Estimating resolution" shows the messages are let through.)
        let kept = try run("imgtool", arguments, environment: ["FROSTLEVEL_TESSERACT_MESSAGES": "1"])
        #expect(
            kept.stderr.contains("Error in ") || kept.stderr.contains("Estimating resolution"),
            "Tesseract and Leptonica were not asked to speak: \(kept.stderr)")
    }
}
