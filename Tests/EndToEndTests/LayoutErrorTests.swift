import Foundation
import TestSupport
import Testing

/// Failures: one line on stderr naming the file and the cause, the documented exit status, and
/// no output file (nor a temporary one) left behind.
@Suite(.tags(.tools)) struct LayoutErrorTests {
    let mixed = LayoutRun.mixed

    private func expectFailure(
        _ arguments: [String], status: Int32, message: String, in scratch: Scratch,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try run("pdflayout", arguments)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("pdflayout: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        if arguments.contains("--json") {
            // The JSON Lines log has a record for every input, failures included.
            let record = try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any]
            #expect(record?["exit_status"] as? Int == Int(status), sourceLocation: sourceLocation)
            #expect(
                (record?["error"] as? String).map {
                    message.contains($0) || $0.contains(message) || result.stderr.contains($0)
                } == true,
                "\(result.text)", sourceLocation: sourceLocation)
        } else {
            #expect(result.text.isEmpty, sourceLocation: sourceLocation)
        }
        // Nothing written, not even a hidden temporary file (inputs made by the test excepted).
        #expect(
            try LayoutRun.files(in: scratch.folder).filter { !["empty.pdf", "taken-002.png", "many.pdf"].contains($0) }
                .isEmpty,
            sourceLocation: sourceLocation)
    }

    @Test func encryptedNeedsItsPassword() throws {
        let scratch = try Scratch(), path = Fixtures.asset("encrypted.pdf")
        try expectFailure(
            [path, "-o", scratch.path("x.png")], status: 1,
            message: "pdflayout: \(path): encrypted: needs --password or --password-file (or the one given is wrong)",
            in: scratch)
        try expectFailure(
            [path, "--password", "wrong", "-o", scratch.path("x.pdf")], status: 1, message: "encrypted", in: scratch)
        let opened = try run(
            "pdflayout", [path, "--password", "secret", "--two-up", "--dpi", "20", "-o", scratch.path("x.png")])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try LayoutRun.files(in: scratch.folder) == ["x.png"])
    }

    /// 10,200 pages (qpdf repeats a 6-page PDF): refused before any rendering unless --force or --pages.
    @Test func pageCountGuard() throws {
        let scratch = try Scratch()
        let many = scratch.path("many.pdf")
        #expect(
            try run("qpdf", ["--empty", "--pages"] + Array(repeating: mixed, count: 1700) + ["--", many]).status == 0)
        try expectFailure(
            [many, "-o", scratch.path("x.pdf")], status: 64,
            message: "10200 pages to lay out, over 10000: choose some with --pages, or add --force", in: scratch)
        let chosen = try run("pdflayout", [many, "--pages", "1-4", "--two-up", "-o", scratch.path("x.pdf"), "-q"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        // Geometry alone is cheap: --json without -o is not refused.
        #expect(try run("pdflayout", [many, "--json"]).status == 0)
    }

    @Test func damagedAndEmptyPDFs() throws {
        let scratch = try Scratch()
        try expectFailure(
            [Fixtures.asset("damaged.pdf"), "-o", scratch.path("x.png")], status: 1, message: "not a readable PDF",
            in: scratch)
        try expectFailure(
            [Fixtures.asset("not-an-image.txt"), "--json"], status: 1, message: "not-an-image.txt: ", in: scratch)
        // A PDF with no pages is no error: LayoutFirstUseTests.emptyPDFIsReported.
        // Recoverable damage is recovered, as poppler does.
        #expect(
            try run("pdflayout", [Fixtures.asset("damaged-xref.pdf"), "-q", "-o", scratch.path("x.png")]).status == 0)
        #expect(try LayoutRun.files(in: scratch.folder).contains("x.png"))
    }

    @Test func commandLineMistakesAreUsageErrors() throws {
        let scratch = try Scratch()
        try expectFailure(
            [mixed, "--pages", "2-9", "-o", scratch.path("x.png")], status: 64,
            message: "\(mixed): --pages: page 9 does not exist (the document has 6 pages)", in: scratch)
        try expectFailure(
            [mixed, "--dpi", "30000", "-o", scratch.path("x.png")], status: 64,
            message: "gigapixels): lower --dpi, or add --force", in: scratch)
        try expectFailure(
            [mixed, "--continuous", "--dpi", "2000", "-o", scratch.path("x.webp")], status: 64,
            message: "more than this format holds (16383 a side)", in: scratch)
        try expectFailure([mixed, "-o", scratch.path("x.bmp")], status: 64, message: "cannot write .bmp", in: scratch)
        try expectFailure(
            [mixed, "--background", "transparent", "-o", scratch.path("x.jpg")], status: 64,
            message: "JPEG has no transparency", in: scratch)
        try expectFailure(
            [mixed, "--dpi", "100", "-o", scratch.path("x.pdf")], status: 64, message: "--dpi applies to images",
            in: scratch)
        try expectFailure(
            [mixed, "-o", scratch.path("x-%d-%d.png")], status: 64, message: "one number pattern", in: scratch)
        for arguments in [
            ["--dpi", "0"], ["--dpi", "72", "--fit", "10x10"], ["--fit", "wide"], ["--gap", "1,2,3"],
            ["--two-up", "--single"],
        ] {
            #expect(try run("pdflayout", [mixed] + arguments).status == 64, "\(arguments)")
        }
    }

    @Test func unwritableOutputs() throws {
        let scratch = try Scratch()
        try expectFailure(
            [mixed, "-o", scratch.path("missing/x.png")], status: 1, message: "does not exist", in: scratch)
        try expectFailure(
            [mixed, "-o", scratch.path("missing/x.pdf")], status: 1, message: "does not exist", in: scratch)
    }

    /// A later view that cannot be written takes back the files this run already wrote.
    @Test func aFailedRunLeavesNoImages() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.path("taken-002.png"), withIntermediateDirectories: false)
        try expectFailure(
            [mixed, "--dpi", "20", "--jobs", "1", "-o", scratch.path("taken.png")], status: 1,
            message: "taken-002.png", in: scratch)
        #expect(try LayoutRun.files(in: scratch.folder) == ["taken-002.png"])
    }
}
