import ArgumentParser
import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout
import QPDF
import ToolSupport

extension PDFLayout {
    /// `pdflayout prefs BOOK.pdf [mode flags] -o OUT.pdf`: the original PDF, pages untouched, with
    /// the catalog's /PageLayout and /ViewerPreferences /Direction set from the layout flags.
    public struct Prefs: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract:
                "Copy a PDF with only its /PageLayout and /ViewerPreferences /Direction set from the layout flags.",
            discussion: """
                Viewers (Acrobat, SumatraPDF, Evince, Readium-based readers) then open the
                book as the flags lay it out: --two-up gives /TwoPageLeft, --two-up --cover
                /TwoPageRight (page 1 alone, odd pages on the right), --two-up-continuous
                /TwoColumnLeft|Right, --continuous /OneColumn, --single /SinglePage; --rtl
                sets /Direction /R2L (right-edge binding), --ltr /L2R. What no flag names
                stays as the PDF has it (--cover alone keeps the PDF's two-up mode, or
                asks for two-up when the PDF has none).

                The copy is a full rewrite by qpdf, not an incremental update: qpdf writes
                whole files only, and a rewrite also repairs a damaged cross-reference
                table and keeps object streams and encryption consistent. Every stream
                (page contents, fonts, images) is copied as stored, byte for byte, neither
                decoded nor recompressed. Unreferenced objects are dropped and digital
                signatures, which cover the original bytes, no longer verify.

                -o - writes to standard output; a file appears whole or not at all.

                Exit status: 0 done; 1 the PDF could not be read (missing, damaged,
                encrypted without --password) or the output not written; 64 bad command line.

                Examples:
                  pdflayout prefs manga.pdf --two-up --rtl --cover -o manga-rtl.pdf
                  pdflayout prefs book.pdf --continuous -o - > book-column.pdf
                  pdflayout prefs scan.pdf --rtl -o scan-rtl.pdf
                  cat book.pdf | pdflayout prefs - --two-up --cover -o book-spreads.pdf
                """
        )

        @Argument(help: "The PDF; - reads standard input.", completion: .file(extensions: ["pdf"]))
        var file: String

        @Flag var mode: Mode?
        @Flag var progression: LayoutCommand.Progression?

        @Flag(
            inversion: .prefixedNo,
            help: "First page alone, as a book's cover (two-up modes: /TwoPageRight, /TwoColumnRight).")
        var cover: Bool?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "Output PDF; a folder ending in / for NAME.pdf in it; - for standard output.", valueName: "file|dir/"),
            completion: .file())
        var output: String

        @OptionGroup var password: PasswordOptions

        @Flag(name: .shortAndLong, help: "Print only errors.")
        var quiet = false

        @Flag(help: "Describe what was written as one JSON object (on stderr with -o -).")
        var json = false

        public init() {}

        public func validate() throws {
            if mode == nil && progression == nil && cover == nil {
                throw ValidationError(
                    "give a mode (--single, --continuous, --two-up, --two-up-continuous), --rtl/--ltr or --cover/--no-cover"
                )
            }
            try password.validate(pdfs: [file])
        }

        public func run() throws {
            do {
                try write(password: try password.resolve())
            } catch {
                Console.error("pdflayout: \(error.message)")
                // The JSON log has a record for failures too, as every command's --json does.
                if json,
                    let line = try? JSONLines().line(
                        FailedRecord(file: BatchInput.shown(file), error: error.cause, exitStatus: error.status)
                    )
                {
                    if Destination.isStandardOutput(output) { Console.error(line) } else { print(line) }
                }
                throw ExitCode(error.status)
            }
        }

        private func write(password: String?) throws(ToolFailure) {
            // -o DIR/ (or an existing folder) writes DIR/NAME.pdf, as every command's -o does.
            let output: String
            if OutputPlan.namesFolder(self.output) {
                let input = BatchInput(path: file)
                let plan = try OutputPlan(
                    output: self.output, inPlace: false, inputs: [input], tag: "", tagInFolders: false, option: "-o")
                output = try plan.resolve(input, as: .format(VectorJob.format), keepingInputSuffix: true).path
            } else {
                output = self.output
            }
            try OutputSafety.refuseOverwriting(output, inputs: [file])
            let toStandardOutput = Destination.isStandardOutput(output)
            if toStandardOutput && Console.isTerminal(1) {
                throw ToolFailure(
                    "refusing to write PDF data to a terminal: redirect standard output or give -o FILE",
                    status: ExitStatus.usage)
            }
            let source = StandardInput.source(file)
            let preferences: ViewerPreferences
            do {
                preferences = try self.preferences(for: source, password: password)
            } catch {
                throw Failures.failure(error, file: file)
            }
            if toStandardOutput {
                do {
                    let bytes = try preferences.data(from: source, password: password)
                    FileHandle.standardOutput.write(Data(bytes))
                } catch {
                    throw Failures.failure(error, file: file)
                }
                try report(preferences, to: output)
                return
            }
            ProcessControl.removeTemporaryFilesOnInterrupt()
            do {
                try AtomicOutput.write(to: output) { temporary in
                    do throws(QPDFError) {
                        try preferences.write(from: source, password: password, to: temporary)
                    } catch let error where error.isWriteFailure {
                        // The output's fault (a full disk), not the PDF's.
                        throw Failures.failure(error, file: output)
                    } catch {
                        throw Failures.failure(error, file: file)
                    }
                }
            } catch {
                throw Failures.failure(error, file: output)
            }
            try report(preferences, to: output)
        }

        /// The line for people, or the JSON record (docs/JSON.md).
        private func report(_ preferences: ViewerPreferences, to output: String) throws(ToolFailure) {
            if json {
                let record = PrefsRecord(
                    file: file, outputs: [WrittenOutput(path: output)],
                    pageLayout: preferences.pageLayout.map { PageLayoutHint(pdfName: $0).rawValue },
                    direction: preferences.direction.map(DirectionName.json))
                let line = try JSONLines().line(record, of: file)
                if Destination.isStandardOutput(output) { Console.error(line) } else { print(line) }
                return
            }
            if !quiet && !Destination.isStandardOutput(output) {
                let what = [
                    preferences.pageLayout.map { "/PageLayout /\($0)" },
                    preferences.direction.map { "/Direction /\($0.rawValue)" },
                ]
                print("\(output): \(what.compactMap { $0 }.joined(separator: ", "))")
            }
        }

        /// The flags as catalog entries; a mode left open comes from the PDF's own /PageLayout.
        private func preferences(for source: PDFSource, password: String?) throws -> ViewerPreferences {
            var pageLayout: String?
            if mode != nil || cover != nil {
                let hinted: (mode: LayoutMode, cover: Bool)
                if mode == nil || cover == nil {
                    hinted =
                        PageLayoutHint(pdfName: try DocumentStructure.pageLayoutName(source, password: password) ?? "")
                        .defaultMode
                } else {
                    hinted = (.single, false)
                }
                // A cover only means something in two-up modes: --cover alone on a PDF that does
                // not pair its pages asks for spreads.
                var chosen = mode?.layoutMode ?? hinted.mode
                if mode == nil, cover != nil, !chosen.isTwoUp { chosen = .twoUp }
                let options = LayoutOptions(mode: chosen, cover: cover ?? hinted.cover)
                pageLayout = ReadingOrder.pages(options).pageLayout.pdfName
            }
            return ViewerPreferences(
                pageLayout: pageLayout, direction: progression.map { $0 == .rtl ? .rightToLeft : .leftToRight })
        }
    }
}

extension PDFLayout.Prefs {
    /// The layout command's modes, described by what a viewer is asked to show: prefs has no
    /// --horizontal, so its help must not offer one.
    enum Mode: String, EnumerableFlag, Sendable {
        case single, continuous, twoUp, twoUpContinuous

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .single: return "One page at a time (/SinglePage)."
            case .continuous: return "Pages in one scrolling column (/OneColumn)."
            case .twoUp: return "Two-page spreads, one at a time (/TwoPageLeft; /TwoPageRight with --cover)."
            case .twoUpContinuous:
                return "Spreads in one scrolling column (/TwoColumnLeft; /TwoColumnRight with --cover)."
            }
        }

        /// The same flag names as the layout command's, so the same modes.
        var layoutMode: LayoutMode { PDFLayout.LayoutCommand.Mode(rawValue: rawValue)!.layoutMode }
    }
}

/// `pdflayout prefs --json`: the PDF, the copy written, and the two entries set (null: left as the PDF had it).
struct PrefsRecord: Encodable {
    var file: String
    var outputs: [WrittenOutput]
    @NullWhenAbsent var pageLayout: String?
    @NullWhenAbsent var direction: String?
}
