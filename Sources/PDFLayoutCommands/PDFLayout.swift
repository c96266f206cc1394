import ArgumentParser
import CommandSupport
import Vips

/// `pdflayout`: PDF page layouts on poppler-glib and cairo. The executable only calls `runAndExit()`.
public struct PDFLayout: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pdflayout",
        abstract: "Lay out PDF pages as PDFKit's PDFView does, right-to-left included.",
        discussion: """
            Exit status: 0 success, 1 the PDF could not be read or an output not written, 2 a PDF to lay out has no \
            pages, 64 bad command line.
            """,
        version: ToolVersion.described,
        subcommands: [LayoutCommand.self, Info.self, Prefs.self],
        // `pdflayout book.pdf --two-up` runs the layout; `pdflayout info book.pdf`, `pdflayout prefs …` the others.
        defaultSubcommand: LayoutCommand.self
    )

    public init() {}

    /// The command line as the tool parses it: `pdflayout --help` (also `-h`, `help`) shows the
    /// layout job's help, which is what a new user wants (its options and examples, and the usage
    /// lines of `info` and `prefs`), rather than ArgumentParser's bare list of subcommands; and
    /// `pdflayout` alone says what is missing under the layout job's usage.
    public static func arguments(_ given: [String]) -> [String] {
        if given == ["--help"] || given == ["-h"] || given == ["help"] { return ["layout", "--help"] }
        return given.isEmpty ? ["layout"] : given
    }
}
