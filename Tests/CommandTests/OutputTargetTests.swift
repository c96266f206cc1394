import ArgumentParser
import CommandSupport
import TestSupport
import Testing
import ToolSupport

@testable import PDFLayoutCommands

/// pdflayout's documents (PDF, EPUB, CBZ) are listed once, `OutputKind.documents`; `-o` and
/// `--format` read them and say them from that list, in the sentences users have always read.
@Suite(.tags(.fast)) struct OutputTargetTests {
    @Test func eachDocumentSuffixNamesItsKind() throws {
        #expect(try OutputTarget.parse("book.pdf").kind == .pdf)
        #expect(try OutputTarget.parse("book.EPUB").kind == .epub)
        #expect(try OutputTarget.parse("out/manga.cbz").kind == .cbz)
        #expect(try OutputTarget.parse("page.png").kind == .image(.png))
        #expect(OutputTarget.kind(format: "EPUB") == .epub)
        #expect(OutputTarget.kind(format: "html") == .reader)
        #expect(OutputTarget.kind(format: "jpeg").suffix == ".jpeg")
    }

    @Test func theSentencesListEveryKindOnce() {
        #expect(OutputTarget.suffixList == ".pdf, .epub, .cbz, .png, .jpg, .webp or .tif")
        #expect(OutputTarget.formatNames == ["pdf", "epub", "cbz", "png", "jpg", "webp", "tif", "html"])
        for accepted in ["pdf", "EPUB", "cbz", "png", "jpg", "jpeg", "webp", "tif", "tiff", "html"] {
            #expect(OutputTarget.isFormat(accepted), "\(accepted)")
        }
        // Other spellings libvips knows for JPEG are not pdflayout's --format names.
        for refused in ["jpe", "jfif", "gif", "xhtml", ""] { #expect(!OutputTarget.isFormat(refused), "\(refused)") }
    }

    @Test(arguments: [
        ("book.xyz", "-o book.xyz: cannot write .xyz (use .pdf, .epub, .cbz, .png, .jpg, .webp or .tif)"),
        ("book.pdf[Q=3]", "-o book.pdf[Q=3]: saver options in [brackets] apply to images, not to PDF"),
        ("book.epub[Q=3]", "-o book.epub[Q=3]: saver options in [brackets] apply to images, not to EPUB"),
        ("book.CBZ[Q=3]", "-o book.CBZ[Q=3]: saver options in [brackets] apply to images, not to CBZ"),
    ])
    func refusals(output: String, message: String) {
        #expect(throws: ToolFailure.self) { try OutputTarget.parse(output) }
        do {
            _ = try OutputTarget.parse(output)
        } catch {
            #expect(error.message == message)
            #expect(error.status == ExitStatus.usage)
        }
    }

    @Test func anUnknownFormatIsRefusedWithTheList() throws {
        do {
            _ = try PDFLayout.parseAsRoot(["book.pdf", "-o", "out/", "--format", "gif"])
            Issue.record("--format gif was accepted")
        } catch {
            #expect(PDFLayout.exitCode(for: error).rawValue == 64)
            #expect(
                PDFLayout.message(for: error) == "--format must be pdf, epub, cbz, png, jpg, webp, tif or html",
                "\(PDFLayout.message(for: error))")
        }
        _ = try PDFLayout.parseAsRoot(["book.pdf", "-o", "out/", "--format", "JPEG"])
    }
}
