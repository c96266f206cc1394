import ArgumentParser
import CommandSupport
import LayoutKit
import TestSupport
import Testing
import ToolSupport

@testable import PDFLayoutCommands

/// pdflayout's documents (PDF, EPUB, CBZ) are listed once, `LayoutJob.writers`, each with its
/// writer's facts; `-o` and `--format` read them and say them from that list, in the sentences
/// users have always read.
@Suite(.tags(.fast)) struct OutputTargetTests {
    @Test func eachDocumentSuffixNamesItsKind() throws {
        #expect(try OutputTarget.parse("book.pdf").kind == .format(VectorJob.format))
        #expect(try OutputTarget.parse("book.EPUB").kind == .format(EPUBJob.format))
        #expect(try OutputTarget.parse("out/manga.cbz").kind == .format(CBZJob.format))
        #expect(try OutputTarget.parse("page.png").kind == .image(.png))
        #expect(OutputTarget.kind(format: "EPUB") == .format(EPUBJob.format))
        #expect(OutputTarget.kind(format: "html") == .format(WebReader.format))
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

    /// Every answer of the output model about a document or the reader is its writer's fact: a
    /// format listed once cannot be half known.
    @Test func eachKindAnswersWithItsWritersFacts() {
        let pdf = OutputKind.format(VectorJob.format), epub = OutputKind.format(EPUBJob.format)
        let cbz = OutputKind.format(CBZJob.format), reader = OutputKind.format(WebReader.format)
        #expect(pdf.maxSide == .max && pdf.keepsTransparency && !pdf.isFolder)
        #expect(epub.maxSide == 65_535 && !epub.keepsTransparency)
        #expect(cbz.maxSide == 65_535 && !cbz.keepsTransparency)
        #expect(reader.maxSide == 16_383 && reader.keepsTransparency && reader.isFolder && reader.suffix == "")
        #expect(epub.names("Book.EPUB") && !epub.names("book.cbz") && !reader.names("book"))
        #expect(LayoutJob.writers.map(\.format.name) == ["PDF", "EPUB", "CBZ", "web reader"])
        #expect(OutputTarget(path: "r", kind: reader).paths(views: []) == ["r/index.html"])
        #expect(OutputTarget(path: "b.cbz", kind: cbz).paths(views: []) == ["b.cbz"])
    }

    /// A name without a suffix is told every suffix `-o` takes, from the same list.
    @Test func aNameWithoutSuffixIsToldEverySuffix() {
        do {
            _ = try OutputTarget.parse("book")
            Issue.record("-o book was accepted")
        } catch {
            #expect(error.message == "-o book: name the output with a suffix: \(OutputTarget.suffixList)")
            #expect(error.message.contains(".epub") && error.message.contains(".cbz"))
        }
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
