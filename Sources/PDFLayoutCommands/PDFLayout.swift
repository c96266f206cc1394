import ArgumentParser
import CommandSupport
import Vips

/// `pdflayout`: PDF page layouts on poppler-glib and cairo. The executable only calls `runAndExit()`.
public struct PDFLayout: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pdflayout",
        abstract: "Lay out PDF pages as PDFKit's PDFView does, right-to-left included.",
        discussion: """
            Exit status: 0 success, 1 the PDF could not be read or an output not written, 64 bad command line.
            """,
        version: ToolVersion.current,
        subcommands: [LayoutCommand.self, Info.self, Prefs.self],
        // `pdflayout book.pdf --two-up` runs the layout; `pdflayout info book.pdf`, `pdflayout prefs …` the others.
        defaultSubcommand: LayoutCommand.self
    )

    public init() {}
}
