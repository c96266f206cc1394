import Foundation
import TestSupport
import Testing

/// Reading order declared in the PDFs pdflayout writes, and `pdflayout prefs`.
@Suite(.tags(.tools)) struct LayoutPrefsTests {
    let mixed = LayoutRun.mixed

    @Test func sheetsDeclareTheirReadingOrder() throws {
        let scratch = try Scratch()
        let cases: [([String], String, String?)] = [
            (["--two-up", "--rtl"], "/SinglePage", "/R2L"),
            (["--two-up", "--ltr"], "/SinglePage", nil),
            (["--single", "--ltr"], "/SinglePage", nil),
            (["--continuous", "--ltr"], "/OneColumn", nil),
            (["--two-up-continuous", "--horizontal", "--rtl"], "/OneColumn", "/R2L"),
        ]
        for (flags, layout, direction) in cases {
            let output = scratch.path("sheets.pdf")
            #expect(try run("pdflayout", [mixed, "-q", "-o", output] + flags).status == 0)
            let catalog = try PDFObjects(output).catalog
            #expect(catalog["/PageLayout"] as? String == layout, "\(flags)")
            let preferences = try PDFObjects(output).dictionary(catalog["/ViewerPreferences"])
            #expect(preferences?["/Direction"] as? String == direction, "\(flags)")
        }
    }

    @Test func prefsSetsOnlyTheCatalogEntriesAndKeepsEveryContentStream() throws {
        let scratch = try Scratch()
        let cases: [([String], String)] = [
            (["--two-up", "--rtl", "--cover"], "TwoPageRight"),
            (["--two-up", "--rtl", "--no-cover"], "TwoPageLeft"),
            (["--two-up-continuous", "--cover", "--rtl"], "TwoColumnRight"),
            (["--continuous", "--rtl"], "OneColumn"),
        ]
        let original = try PDFObjects.rawContents(mixed)
        for (flags, layout) in cases {
            let output = scratch.path("prefs.pdf")
            let result = try run("pdflayout", ["prefs", mixed, "-o", output] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try PDFObjects(output)
            #expect(document.catalog["/PageLayout"] as? String == "/" + layout)
            #expect(document.dictionary(document.catalog["/ViewerPreferences"])?["/Direction"] as? String == "/R2L")
            #expect(document.pageReferences.count == 6)
            #expect(try PDFObjects.rawContents(output) == original, "\(flags)")
            // poppler reads the layout too.
            let info = try run("pdfinfo", [output])
            #expect(info.status == 0)
            // qpdf's own check passes.
            #expect(try run("qpdf", ["--check", output]).status == 0)
        }
    }

    @Test func prefsKeepsWhatNoFlagNamesAndWritesStandardOutput() throws {
        let scratch = try Scratch()
        let first = scratch.path("first.pdf"), second = scratch.path("second.pdf")
        #expect(try run("pdflayout", ["prefs", LayoutRun.bookRTL, "--two-up", "--cover", "-o", first]).status == 0)
        // Only --ltr: the /PageLayout stays; stdin to stdout.
        let piped = try run(
            "pdflayout", ["prefs", "-", "--ltr", "-o", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: first)))
        #expect(piped.status == 0, "\(piped.stderr)")
        try piped.stdout.write(to: URL(fileURLWithPath: second))
        let document = try PDFObjects(second)
        #expect(document.catalog["/PageLayout"] as? String == "/TwoPageRight")
        #expect(document.dictionary(document.catalog["/ViewerPreferences"])?["/Direction"] as? String == "/L2R")
        // --cover alone on a PDF without /PageLayout: spreads with the cover alone.
        let third = scratch.path("third.pdf")
        #expect(try run("pdflayout", ["prefs", mixed, "--cover", "-o", third]).status == 0)
        #expect(try PDFObjects(third).catalog["/PageLayout"] as? String == "/TwoPageRight")
    }

    @Test func prefsFailsAsTheOtherCommandsDo() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.pdf")
        let missing = try run("pdflayout", ["prefs", scratch.path("missing.pdf"), "--rtl", "-o", output])
        #expect(missing.status == 1 && missing.stderr.contains("missing.pdf"))
        let encrypted = try run("pdflayout", ["prefs", Fixtures.asset("encrypted.pdf"), "--rtl", "-o", output])
        #expect(encrypted.status == 1 && encrypted.stderr.contains("--password"))
        #expect(try run("pdflayout", ["prefs", mixed, "-o", output]).status == 64)
        #expect(try LayoutRun.files(in: scratch.folder).isEmpty)
    }
}
