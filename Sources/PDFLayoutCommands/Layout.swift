import ArgumentParser
import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout
import Poppler
import ToolSupport

extension PDFLayout {
    /// `pdflayout FILE [options]` (also `pdflayout layout FILE`): lays pages out as PDFKit's PDFView
    /// does, right-to-left included, and writes the layout as images, a PDF of sheets, or JSON.
    public struct LayoutCommand: ParsableCommand {
        public static let configuration = CommandConfiguration(
            commandName: "layout",
            abstract: "Lay out a PDF's pages as PDFKit's PDFView does; write images, a PDF of spreads, or JSON.",
            usage: """
                pdflayout [layout] <files> ... [mode | --columns <n>] [--rtl] [--cover] [-o <file|dir/>] [--json] [options]
                pdflayout info <files> ... [--json]
                pdflayout prefs <file> [mode] [--rtl] [--cover] -o <file>
                pdflayout help info|prefs    (their options)
                """,
            discussion: """
                This is pdflayout's default command: "pdflayout book.pdf --two-up" and
                "pdflayout layout book.pdf --two-up" are the same. "pdflayout help info"
                and "pdflayout help prefs" show the other commands.

                Modes follow PDFView: --single (a view per page), --continuous (one view,
                all pages), --two-up (a view per spread), --two-up-continuous (one view,
                all spreads). Without a mode flag the PDF's /PageLayout decides
                (TwoPageRight: two-up with a cover), else single. --rtl swaps the pages
                of each spread and runs horizontal strips from the right; without --rtl
                or --ltr the PDF's /ViewerPreferences /Direction decides. With --cover
                the first page stands alone where a printed book has it: on the right,
                or on the left with --rtl. Pages of different sizes are centred in their
                row and meet at the gutter. Sizes are in points (1/72 inch).

                Two-up modes pair pages the way books are made: in a portrait book (more
                than half the pages laid out, and at least 4, share one portrait size) a
                page wider than tall stands alone in a view of its own width
                (--wide-pages pair pairs it instead); --alone 1,37,112 puts chosen pages
                alone on the right-hand side (left with --rtl), as chapter openers; after
                either, pairing starts afresh. The --json geometry and every output show it.

                A contact sheet, --columns N: every page in one view, an overview of a
                whole book in one image. Pages fill rows of N cells from the top, left to
                right (right to left with --rtl, or when the PDF's /Direction says so);
                each cell is as large as the largest page, which is centred in it, with
                the --gap insets around it. --cover leaves the first cell empty, so that
                with an even N a book's spreads (2-3, 4-5, ...) share a row. Without
                --dpi or --fit the widest page is 200 pixels wide (points in a PDF sheet):
                a 300-page book in 20 columns gives an image about 4,000 pixels wide;
                --fit WxH fits the whole sheet in the box. --background grey shows the
                edges of white pages.

                -o NAME.pdf writes a vector sheet per view, each page placed whole: text,
                fonts and images untouched, printable annotations drawn. The outline and
                links come along, retargeted to the sheet holding their page at the same
                spot (links to pages left out by --pages are dropped and counted); each
                sheet is labelled by its pages ("2-3"); document info, XMP and /Lang are
                kept. The file declares its reading order: /PageLayout /SinglePage (or
                /OneColumn for a continuous strip), /Direction /R2L with --rtl. The sheets
                of an encrypted PDF are encrypted alike (AES-256, its user password and
                permissions), which needs its owner password: as --password, or with
                --owner-password beside the user password; without it nothing is
                written (exit status 1) unless --drop-encryption asks for unencrypted
                sheets. One rule for what a PDF forbids: images, EPUB, CBZ and the reader
                (whose text layer holds every word) cannot carry its permissions, so a PDF
                that forbids copying is refused for them (exit status 1) unless its owner
                password is given or --drop-encryption says its restrictions may go.
                -o NAME.png|.jpg|.webp|.tif writes an image per view: NAME-001.png,
                NAME-002.png, ... when there are several, or the numbers of a printf
                pattern in the name (page-%04d.png). Views of one page are numbered by
                their page (--pages 3-9 -o p.png: p-003.png ... p-009.png), spreads by
                their place. Numbered images an earlier run wrote under that name (listed
                in a hidden .NAME.png.pdflayout-run beside them) that this run did not
                write are removed (and listed); no other file is. Saver options go in
                brackets (x.png[compression=9]); PNG defaults to zlib level 1, as small
                as pdftocairo's files and several times faster. Continuous views are
                streamed through a spool file, so a whole book needs little memory.
                Without -o or --json, a summary of the views is printed.

                Batches: several PDFs or folders (-r: with every folder below) are laid
                out one after the other, each with -j rendering threads; -o DIR/ mirrors
                the input tree, writing DIR/NAME.pdf, or DIR/NAME-001.png ... with
                --format png|jpg|webp|tif; --json gives one line per PDF with its file
                name ({"file", "error", "exit_status"} for failures); a summary line
                ends on stderr. --skip-existing skips PDFs whose outputs exist and are
                newer (numbered images: and listed in their run record, so a run killed
                before its record is done again); --shard i/N takes a stable share for one
                of N machines.

                -o BOOK.epub writes a fixed-layout EPUB 3 for e-readers: each page an image
                (--dpi, default 144 for a PDF, as in a CBZ; a comic's pages keep their pixels;
                --fit WxH for a screen), the spine right to left with --rtl, each page on the
                side of its spread where pdflayout puts it (a cover or an --alone page on its
                side; centred only when it fills its view, as a wide page does), spreads only
                in the two-up modes, an invisible text layer for search, the outline as its
                table of contents and the page labels as its page list.
                -o BOOK.cbz writes the views (a page or a spread each) as images, each encoded
                as an EPUB's page is (16 grey levels or 256 colours in a PNG, or a JPEG), with
                a ComicInfo.xml: Manga YesAndRightToLeft with --rtl, DoublePage spreads (with
                --single, the pages the input's ComicInfo marks). Its images have no insets
                unless --gap asks for them; a page alone in its spread is an image of its own
                width; --dpi defaults to 144 for a PDF, as in an EPUB, and a comic's JPEG
                pages go in as they were when nothing about them changes.

                Comics in: .cbz, .cb7, .cbt and .cbr archives (what libarchive reads; on
                standard input too, known by their first bytes) and folders of images are laid
                out like PDFs, a point per pixel, pages in natural order (p2 before p10).
                ComicInfo.xml decides what the command line leaves open: Manga
                YesAndRightToLeft reads right to left (--ltr overrides), the first page is a
                cover unless it says otherwise, DoublePage pages and wide pages stand alone.
                An archive with an entry named with .. or an absolute path, a link, two
                entries of one name, a page over 256 MB or over the pixel limit, or no
                readable image is refused whole, with one line.

                --format html -o DIR/ writes a web reader of the layout into DIR: index.html,
                reader.js and reader.css (the project's own, no network), layout.json (and
                layout.js, for file://), each page as WebP at --dpi or --fit (default 72 dpi)
                and twice as sharp for zoom and HiDPI screens (--reader-sets 1: the first set
                only, faster and smaller, soft when zoomed or on HiDPI screens), the words of
                every page for an invisible text layer (select, copy, search), the title and
                outline as a table of contents. Open DIR/index.html from the disk or any
                static server; #page=37 opens page 37; the arrow keys follow the reading
                direction. DIR must be new, empty, or a previous reader (which is replaced
                whole); with several PDFs each gets DIR/NAME/.

                Exit status: 0 done; 1 the PDF could not be read (missing, damaged, encrypted
                without --password, or PDF sheets of an encrypted PDF without its owner
                password or --drop-encryption) or an output not written, and then no output
                file is left; 2 the PDF has no pages ("FILE: no pages to lay out", nothing
                written; in a batch the others are laid out, and 1 wins over 2); 64 bad
                command line, including --pages outside the document, a view too large (over a
                gigapixel without --force, or more than the format holds) and over 10,000
                pages to write without --force.

                Examples:
                  pdflayout book.pdf --two-up --rtl -o spreads.pdf
                  pdflayout manga.pdf --two-up --rtl --cover -o page.png
                  pdflayout book.pdf --continuous --horizontal --rtl -o strip.png --dpi 72
                  pdflayout book.pdf --two-up-continuous --json
                  pdflayout book.pdf --single --pages 3-9 --fit 1920x1080 -o p.jpg
                  pdflayout book.pdf --columns 20 --background grey -o overview.png
                  cat book.pdf | pdflayout - --two-up --cover --json -o spreads.pdf
                  pdflayout locked.pdf --password-file ~/.book-password --two-up -o spreads.pdf
                  pdflayout -r shelf/ --two-up --rtl -o spreads/ --format pdf --skip-existing
                  pdflayout manga.pdf --two-up --rtl --cover -o manga/ --format html
                  pdflayout manga.pdf --two-up --rtl --cover -o manga.epub --fit 1264x1680
                  pdflayout manga.cbz --two-up -o spreads.cbz
                """
        )

        public enum Mode: String, EnumerableFlag, Sendable {
            case single, continuous, twoUp, twoUpContinuous

            public static func help(for value: Mode) -> ArgumentHelp? {
                switch value {
                case .single: return "One view per page."
                case .continuous: return "One view with every page in a column (a row with --horizontal)."
                case .twoUp: return "One view per two-page spread."
                case .twoUpContinuous: return "One view with every spread in a column (a row with --horizontal)."
                }
            }

            var layoutMode: LayoutMode {
                switch self {
                case .single: return .single
                case .continuous: return .continuous
                case .twoUp: return .twoUp
                case .twoUpContinuous: return .twoUpContinuous
                }
            }
        }

        public enum Flow: String, EnumerableFlag, Sendable {
            case vertical, horizontal
            public static func help(for value: Flow) -> ArgumentHelp? {
                value == .vertical
                    ? "Continuous modes: pages (or spreads) in a column (default)."
                    : "Continuous modes: pages (or spreads) in a row."
            }
        }

        public enum Progression: String, EnumerableFlag, Sendable {
            case ltr, rtl
            public static func help(for value: Progression) -> ArgumentHelp? {
                value == .rtl
                    ? "Right to left: spreads swap sides, horizontal strips start at the right (default: the PDF's /Direction)."
                    : "Left to right, whatever the PDF's /Direction says."
            }
        }

        @Argument(help: "PDFs or folders of PDFs; - reads standard input.", completion: .file(extensions: ["pdf"]))
        var files: [String]

        @Flag var mode: Mode?
        @Flag var flow: Flow?
        @Flag var progression: Progression?

        @Flag(
            inversion: .prefixedNo,
            help:
                "First page alone, as a book's cover (two-up modes; default: the PDF's /PageLayout). --columns: the first cell left empty (default: not)."
        )
        var cover: Bool?

        // Unconditional: "--columns -1" reaches validate() and its range, not "Missing value".
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "A contact sheet: every page in one view, in a grid of N columns (rows right to left with --rtl; --cover leaves the first cell empty). The widest page 200 px wide (points in a PDF) unless --dpi or --fit.",
                valueName: "n"))
        var columns: Int?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Insets around each page in points: ALL, VERTICAL,HORIZONTAL or TOP,LEFT,BOTTOM,RIGHT (default 4.75,4 as PDFKit; none in a CBZ).",
                valueName: "pt"))
        var gap: String?

        @Flag(help: "No insets: pages butt against each other.")
        var noGaps = false

        @Option(help: "Page box laid out: crop (as PDFKit) or media.")
        var box: PageBox = .crop

        @Option(help: ArgumentHelp("Pages to lay out, in this order, before pairing: 1-5,8,10-", valueName: "ranges"))
        var pages: String?

        @Option(
            help:
                "Two-up modes: a page wider than tall in a portrait book (a double-page scan, a fold-out) stands alone (default), or pairs."
        )
        var widePages: WidePages = .alone

        @Option(
            help: ArgumentHelp(
                "Two-up modes: pages that stand alone on the right-hand side (left with --rtl), as chapter openers; the pages after re-pair: 1,37,112",
                valueName: "pages"))
        var alone: String?

        @Option(
            parsing: .unconditional,
            help:
                "Raster resolution (default 72: actual size; 144 for a PDF into EPUB or CBZ, where a comic keeps its pixels; with --columns, the widest page 200 px wide)."
        )
        var dpi: Double?

        @Option(
            help: ArgumentHelp(
                "Scale to a box, as PDFKit's autoScales: fit width in continuous modes, best fit otherwise. Pixels; points for PDF.",
                valueName: "WxH"))
        var fit: String?

        @Option(
            help: ArgumentHelp(
                "Colour around the pages: white (default), grey, black, #RRGGBB, #RRGGBBAA, transparent.",
                valueName: "colour"))
        var background: String?

        @Flag(help: "Render views over a gigapixel, and documents of over 10,000 pages.")
        var force = false

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "Output: NAME.pdf, or NAME.png|.jpg|.webp|.tif (numbered per view); a folder ending in / (one PDF or several; with --format html, the reader's folder); - for standard output (a PDF, or one image with --format).",
                valueName: "file|dir/"), completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp(
                "With -o DIR/ or -o -: pdf (vector sheets, the default), png, jpg, webp or tif; html: a web reader in DIR (one per PDF in a batch).",
                valueName: "format"))
        var format: String?

        @Option(
            help: ArgumentHelp(
                "With --format html: 2 image sets (default), each page at the chosen size and twice as sharp for zoom and HiDPI screens; 1, the chosen size only: about a third of the time and of the bytes on a text book, soft text on HiDPI screens and when zoomed.",
                valueName: "1|2"))
        var readerSets: Int?

        @Flag(help: "Skip PDFs whose outputs exist and are newer than the PDF.")
        var skipExisting = false

        @Flag(help: "Print the layout geometry as one JSON object (with -o, after writing).")
        var json = false

        @OptionGroup var password: PasswordOptions

        @Option(
            help: ArgumentHelp(
                "The encrypted PDF's owner password, for PDF sheets encrypted as it is when --password is its user password (an AES-256 file does not give the user password back from the owner's).",
                valueName: "password"))
        var ownerPassword: String?

        @Flag(
            help:
                "Write without the encrypted PDF's restrictions: PDF sheets unencrypted, and images, EPUB, CBZ or a reader of a PDF that forbids copying. Without it sheets keep its encryption (AES-256, its user password and permissions), which needs its owner password, and the others are refused for such a PDF."
        )
        var dropEncryption = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        var quiet = false

        @OptionGroup(title: "Batch") var batch: BatchOptions

        public init() {}

        public func validate() throws {
            if let dpi, !(dpi.isFinite && dpi > 0) { throw ValidationError("--dpi must be a positive number") }
            if dpi != nil && fit != nil { throw ValidationError("give --dpi or --fit, not both") }
            // Options that shape what -o writes do nothing without it: say so.
            for (option, given) in [
                ("--dpi", dpi != nil), ("--fit", fit != nil), ("--background", background != nil),
                ("--skip-existing", skipExisting), ("--force", force), ("--drop-encryption", dropEncryption),
                ("--owner-password", ownerPassword != nil),
            ] where given && output == nil {
                throw ValidationError("\(option) applies to what -o writes (the JSON geometry is in points): add -o")
            }
            if gap != nil && noGaps { throw ValidationError("give --gap or --no-gaps, not both") }
            try BatchOptions.validateStandardInput(files)
            try password.validate(pdfs: files)
            if let columns {
                if columns < 1 || columns > 10_000 {
                    throw ValidationError("--columns must be a whole number from 1 to 10000")
                }
                if let mode {
                    throw ValidationError(
                        "--columns lays pages out in a grid of its own: leave out --\(Self.flagName(mode))")
                }
                if let flow { throw ValidationError("--columns fills rows from the top: leave out --\(flow.rawValue)") }
                if alone != nil { throw ValidationError("--alone is for two-up modes, not --columns") }
                if writesReader {
                    throw ValidationError("--columns makes one sheet; --format html is a reader of the display modes")
                }
            }
            if let format, !OutputTarget.isFormat(format) {
                let names = OutputTarget.formatNames
                throw ValidationError(
                    "--format must be \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1])")
            }
            if dropEncryption && ownerPassword != nil {
                throw ValidationError("give --owner-password (sheets encrypted) or --drop-encryption (not), not both")
            }
            if ownerPassword != nil, let output, !Self.writesPDF(output: output, format: format) {
                throw ValidationError(
                    "--owner-password applies to PDF sheets (-o NAME.pdf): images carry no encryption")
            }
            if dropEncryption && output == nil {
                throw ValidationError("--drop-encryption is for what is written: add -o")
            }
            if let readerSets {
                if !writesReader {
                    throw ValidationError("--reader-sets is for the web reader's page images: add --format html")
                }
                if WebReader.ImageSets(rawValue: readerSets) == nil {
                    throw ValidationError("--reader-sets must be 1 (the chosen size) or 2 (and twice as sharp)")
                }
            }
            if writesReader && destination?.isStandardOutput != false {
                throw ValidationError("--format html writes a folder: give it with -o DIR/")
            }
            if let gap, Self.margins(gap) == nil {
                throw ValidationError("--gap: expected 1, 2 or 4 numbers of points separated by commas")
            }
            if let gap,
                gap.split(separator: ",").contains(where: { (Double($0.trimmingCharacters(in: .whitespaces)) ?? 0) < 0 }
                )
            {
                throw ValidationError("--gap must be 0 or more points (--no-gaps for none)")
            }
            if let background, BackgroundColour.parse(background) == nil {
                throw ValidationError(
                    "--background: expected a colour such as white, grey, black, transparent, #RRGGBB, #RRGGBBAA or rgb(r,g,b)"
                )
            }
            if let fit {
                do { _ = try FitBox.parse(fit) } catch { throw ValidationError("--fit: \(error)") }
            }
        }

        public func run() throws {
            let inputs = try Self.inputs(files, batch: batch, label: "pdflayout", quiet: quiet)
            let several = inputs.count > 1 || batch.summarises(files.filter { !ComicBook.isComic($0) })
            let plan: OutputPlan?
            let password: String?
            do {
                plan = try outputPlan(inputs, several: several)
                password = try self.password.resolve()
            } catch {
                Console.error("pdflayout: \(error.message)")
                throw ExitCode(error.status)
            }
            var report = BatchReport(label: "pdflayout", quiet: quiet, json: json)
            report.nothingFoundLabel = "no pages"
            report.alwaysSummarise = batch.summarises(files)
            // With the PDF or image on standard output, reports go to stderr.
            report.recordsToStandardError = plan?.writesStandardOutput == true
            let job = LayoutJob(
                destination: destination, format: format, plan: plan, batched: several, quiet: quiet,
                request: try layoutRequest(password: password), force: force, skipExisting: skipExisting)
            // Two documents never end in one output (book.cbz and book.pdf both as out/book.pdf, or
            // numbering out/book-001.png …), compared before anything is written.
            do {
                try OutputPlan.refuseSharedOutputs(inputs, outputs: job.plannedOutputs)
            } catch {
                Console.error("pdflayout: \(error.message)")
                throw ExitCode(error.status)
            }
            // Documents go one at a time, each rendered by -j threads (one poppler document per thread).
            let tally = Batch.run(inputs, jobs: 1, report: report, text: { (result: LayoutResult) in result.lines }) {
                input in
                let outcome = BatchOutcome<LayoutResult>.catching(input) { try job.run(input) }
                if case .done(let result, _) = outcome, let outputs = result.upToDate {
                    return .skipped(outputs: outputs)
                }
                if case .done(let result, _) = outcome, result.noPages {
                    return .done(result, status: ExitStatus.nothingFound)
                }
                return outcome
            }
            if tally.exitStatus != ExitStatus.success { throw ExitCode(tally.exitStatus) }
        }

        /// The layout request the options describe: built once, run on every PDF.
        private func layoutRequest(password: String?) throws -> LayoutRequest {
            var request = LayoutRequest()
            request.mode = mode?.layoutMode
            request.columns = columns
            request.horizontal = flow == .horizontal
            request.rtl = progression.map { $0 == .rtl }
            request.cover = cover
            request.margins = noGaps ? PageMargins.none : gap.flatMap(Self.margins)
            request.box = box
            request.pages = pages
            request.widePages = widePages
            request.alone = alone
            request.dpi = dpi
            request.fit = try fit.map { try FitBox.parse($0) }
            request.background = background.flatMap(BackgroundColour.parse)
            request.password = password
            request.encryption = dropEncryption ? .drop : .keep(ownerPassword: ownerPassword)
            request.workers = batch.workers
            request.readerImageSets = readerSets.flatMap(WebReader.ImageSets.init(rawValue:)) ?? .normalAndSharp
            return request
        }

        /// Where `-o` sends each PDF's output, through the one output plan: several PDFs (or a
        /// folder) into `-o DIR/`, one PDF into the `-o` file or standard output. nil without `-o`,
        /// and for one PDF's reader, which is the folder `-o` names (whatever its ending).
        private func outputPlan(_ inputs: [BatchInput], several: Bool) throws(ToolFailure) -> OutputPlan? {
            guard several || (!writesReader && destination?.isFolder == true), let output else {
                // One PDF: the plan refuses an input as its output before --format is weighed.
                let plan =
                    writesReader
                    ? nil
                    : try output.map { (output: String) throws(ToolFailure) in
                        try OutputPlan(
                            output: output, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "-o")
                    }
                if format != nil && destination?.isStandardOutput != true && !writesReader {
                    throw ToolFailure(
                        "--format is for -o DIR/ and -o - (standard output); name one output file with its suffix",
                        status: ExitStatus.usage)
                }
                return plan
            }
            let destinations = try OutputPlan(
                output: output, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "-o")
            guard case .folder = destinations.place else {
                throw ToolFailure("-o \(output): several PDFs need a folder (ending in /)", status: ExitStatus.usage)
            }
            return destinations
        }

        /// The command line's files and folders: a folder of images is one comic, read whole; other
        /// folders give their PDFs and comic archives (.cbz, .cb7, .cbt, .cbr).
        static func inputs(_ files: [String], batch: BatchOptions, label: String, quiet: Bool) throws -> [BatchInput] {
            let comics = files.filter { ComicBook.isComic($0) && InputScan.isFolder($0) }
            let others = files.filter { !comics.contains($0) }
            let found =
                others.isEmpty
                ? []
                : try batch.inputs(
                    others, suffixes: InputScan.pdfSuffixes.union(ComicBook.archiveSuffixes), label: label, quiet: quiet
                )
            let folders = comics.map { BatchInput(path: $0) }.filter { batch.shard?.contains($0.shardKey) ?? true }
            return folders + found
        }

        /// `--format html`: a web reader, a folder rather than files named by their suffix.
        private var writesReader: Bool { OutputTarget.isReader(format: format) }

        /// What `-o` names: a file, a folder or standard output.
        private var destination: Destination? { output.map(Destination.init(argument:)) }

        /// Whether `-o` (with `--format`) writes PDF sheets: a .pdf name, or a folder or standard
        /// output without another format.
        static func writesPDF(output: String, format: String?) -> Bool {
            if let format { return format.lowercased() == "pdf" }
            return output.hasSuffix("/") || Destination(argument: output).isStandardOutput
                || output.lowercased().hasSuffix(".pdf")
        }

        /// The command-line flag of a mode, as the user typed it.
        static func flagName(_ mode: Mode) -> String {
            switch mode {
            case .single: return "single"
            case .continuous: return "continuous"
            case .twoUp: return "two-up"
            case .twoUpContinuous: return "two-up-continuous"
            }
        }

        /// PDFKit's order: top, left, bottom, right.
        static func margins(_ text: String) -> PageMargins? {
            let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
            let numbers = values.map { $0! }
            switch numbers.count {
            case 1: return PageMargins(all: numbers[0])
            case 2: return PageMargins(top: numbers[0], left: numbers[1], bottom: numbers[0], right: numbers[1])
            case 4: return PageMargins(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
            default: return nil
            }
        }
    }
}

extension PageBox: ExpressibleByArgument {}
extension WidePages: ExpressibleByArgument {}

/// One PDF's result: the geometry (the JSON record) and the lines printed for people.
struct LayoutResult: Encodable, Sendable {
    var report: LayoutReport
    var lines: [String]
    /// `--skip-existing`: the outputs, which are newer than the PDF; nothing was written.
    var upToDate: [String]?
    /// The PDF has no pages: nothing was laid out or written (exit status 2).
    var noPages = false

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
    }
}
