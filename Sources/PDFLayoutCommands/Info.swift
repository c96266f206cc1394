import ArgumentParser
import CommandSupport
import CoreTypes
import LayoutKit
import PageLayout
import Poppler
import QPDF
import ToolSupport

extension PDFLayout {
    /// `pdflayout info`: pages, sizes and layout hints of a PDF.
    public struct Info: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Show page count, page sizes and rotation, /PageLayout and encryption of PDFs.",
            discussion: """
                Sizes are the crop box, as shown: /Rotate 90 or 270 swaps width and height.
                Pages of equal size (to the hundredth of a point) and rotation are listed
                together, in millimetres and points, with the paper's name when it is a
                known one within ISO 216's tolerance (A and B series, C4-C6, DL, JIS B4-B6,
                Letter, Legal, Tabloid, Executive, Half Letter):
                  pages 1-120, 122-300: 148 x 210 mm (A5), 419.53 x 595.28 pt
                  page 121: 297 x 210 mm (A4 landscape), 841.89 x 595.28 pt, rotated 90 degrees
                --json keeps every page (page, width, height in points, rotation, label)
                and adds size_groups (pages in --pages syntax, page_count, width, height,
                width_mm, height_mm, paper, orientation, rotation).
                A PDF without pages is reported ("0 pages"), not an error.

                Folders contribute the PDFs directly in them (-r: and in every folder
                below), in path order.

                Exit status: 0 all files read, 1 some file could not be read (missing, damaged,
                encrypted without --password), 64 bad command line.

                Examples:
                  pdflayout info book.pdf
                  pdflayout info --json book.pdf | jq '.pages | length'
                  pdflayout info --password-file ~/.book-password locked.pdf
                  pdflayout info -r shelf/ --json > shelf.jsonl
                """
        )

        @Argument(help: "PDF files and folders; - reads standard input.", completion: .file(extensions: ["pdf"]))
        public var files: [String]

        @OptionGroup var password: PasswordOptions

        @Flag(help: "One JSON object per file, one per line.")
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        @OptionGroup(title: "Batch") var batch: BatchOptions

        public init() {}

        public func validate() throws {
            try BatchOptions.validateStandardInput(files)
            try password.validate(pdfs: files)
        }

        public func run() throws {
            var report = BatchReport(label: "pdflayout info", quiet: quiet, json: json)
            report.alwaysSummarise = batch.summarises(files)
            let password: String?
            do {
                password = try self.password.resolve()
            } catch {
                Console.error("pdflayout: \(error.message)")
                throw ExitCode(error.status)
            }
            let inputs = try LayoutCommand.inputs(files, batch: batch, label: "pdflayout info", quiet: quiet)
            // One poppler document per thread: each worker opens its own.
            let tally = Batch.run(
                inputs, jobs: batch.workers, report: report,
                text: { (info: PDFInfo) in info.summary }
            ) { input in
                .catching(input) { try PDFInfo.read(input.path, password: password) }
            }
            if tally.exitStatus != ExitStatus.success { throw ExitCode(tally.exitStatus) }
        }
    }
}

/// What `pdflayout info` reports; JSON keys are snake_case.
public struct PDFInfo: Encodable, Sendable, Equatable {
    public struct PageInfo: Encodable, Sendable, Equatable {
        public var page: Int
        public var width: Double
        public var height: Double
        /// /Rotate in degrees (0, 90, 180, 270); at 90 and 270 width and height are swapped.
        /// nil when the page tree could not be read apart from poppler's own repair.
        @NullWhenAbsent public var rotation: Int?
        @NullWhenAbsent public var label: String?
    }

    public var file: String
    public var pageCount: Int
    /// The PDF's version; null for a comic archive or folder.
    @NullWhenAbsent public var pdfVersion: String?
    public var pageLayout: PageLayoutHint
    /// /ViewerPreferences /Direction: "R2L" for right-edge binding, nil when not set. Written as
    /// every record spells a reading direction: "rtl" or "ltr" (null when the PDF does not say).
    @DirectionName.Written public var direction: DocumentStructure.Direction?
    /// True when the file is encrypted: a password was needed to open it, or an owner password
    /// restricts what may be done with it.
    public var encrypted: Bool
    public var pages: [PageInfo]
    /// Pages of equal size and rotation, in the order of their first page.
    public var sizeGroups: [SizeGroup]

    /// Pages of one size: `pages` in `--pages` syntax ("1-120,122-300"), the size in points and
    /// millimetres, the paper's name when it is a known one ("A5", "Letter"), and which way it lies.
    public struct SizeGroup: Encodable, Sendable, Equatable {
        public var pages: String
        public var pageCount: Int
        public var width: Double
        public var height: Double
        public var widthMm: Double
        public var heightMm: Double
        @NullWhenAbsent public var paper: String?
        /// "portrait", "landscape" or "square".
        public var orientation: String
        @NullWhenAbsent public var rotation: Int?
        /// The text line's forms, from PageLayout's own formatting: "1–120, 122–300", "A4 landscape".
        var shownPages = ""
        var shownPaper: String?

        init(_ group: PageSizeGroup) {
            pages = group.rangesText()
            shownPages = group.rangesText(dash: "–", separator: ", ")
            shownPaper = group.paper?.description
            pageCount = group.pageCount
            width = group.width
            height = group.height
            widthMm = (group.widthMillimetres * 10).rounded() / 10
            heightMm = (group.heightMillimetres * 10).rounded() / 10
            paper = group.paper?.paper.name
            orientation = group.width > group.height ? "landscape" : group.width < group.height ? "portrait" : "square"
            rotation = group.rotation
        }

        enum CodingKeys: String, CodingKey {
            case pages, pageCount, width, height, widthMm, heightMm, paper,
                orientation, rotation
        }
    }

    public static func read(_ file: String, password: String?) throws(ToolFailure) -> PDFInfo {
        var source = PDFSource.file(file)
        do {
            if ComicBook.isComic(file) { return try readComic(file, LayoutInput.openComic(file)) }
            if BatchInput.isStandardInput(file) {
                switch try StandardInputBook.read() {
                case .pdf(let bytes): source = .bytes(bytes)
                case .comic(let comic): return try readComic(file, LayoutInput.open(comic: comic))
                }
            }
        } catch {
            throw Failures.failure(error, file: file)
        }
        do {
            let document = try Document(source, password: password)
            // qpdf may fail where poppler repaired the file: then rotations are unknown.
            let structure = (try? DocumentStructure.read(source, password: password))
                .flatMap { $0.pages.count == document.pageCount ? $0 : nil }
            var pages: [PageInfo] = []
            for index in 0..<document.pageCount {
                let page = try document.page(at: index)
                let size = page.size
                pages.append(
                    PageInfo(
                        page: index + 1, width: Points.json(size.width), height: Points.json(size.height),
                        rotation: structure?.pages[index].rotation, label: page.label))
            }
            let needsPassword =
                password != nil && !BatchInput.isStandardInput(file)
                && (try? Document(path: file, password: nil)) == nil
            return PDFInfo(
                file: file, pageCount: document.pageCount, pdfVersion: document.pdfVersion,
                pageLayout: PageLayoutHint(pdfName: document.pageLayoutName ?? ""), direction: structure?.direction,
                encrypted: needsPassword || document.isRestricted, pages: pages,
                sizeGroups: PageSizeGroups.group(
                    pages.map { SizedPage(number: $0.page, width: $0.width, height: $0.height, rotation: $0.rotation) }
                ).map(SizeGroup.init))
        } catch {
            throw ToolFailure(file: file, Failures.message(error))
        }
    }

    /// A comic: its pages (a point per pixel), the direction ComicInfo.xml states, no PDF version.
    static func readComic(_ file: String, _ input: LayoutInput) -> PDFInfo {
        let sizes = input.comic?.pageSizes ?? []
        let pages = sizes.enumerated().map { index, size in
            PageInfo(page: index + 1, width: Double(size.width), height: Double(size.height), rotation: 0, label: nil)
        }
        return PDFInfo(
            file: file, pageCount: pages.count, pdfVersion: nil, pageLayout: .unset, direction: input.direction,
            encrypted: false, pages: pages,
            sizeGroups: PageSizeGroups.group(
                pages.map { SizedPage(number: $0.page, width: $0.width, height: $0.height, rotation: 0) }
            ).map(SizeGroup.init))
    }

    public var summary: [String] {
        let shownFile = BatchInput.shown(file)
        var header =
            pdfVersion.map {
                "\(shownFile): PDF \($0), \(pageCount) page\(pageCount == 1 ? "" : "s"), layout \(pageLayout.rawValue)"
            } ?? "\(shownFile): comic, \(pageCount) page\(pageCount == 1 ? "" : "s")"
        if direction == .rightToLeft { header += ", right-to-left" }
        if encrypted { header += ", encrypted" }
        var lines = [header]
        // One line per size: "pages 1–120, 122–300: 148 × 210 mm (A5), 419.53 × 595.28 pt".
        for group in sizeGroups {
            let turn = group.rotation.map { $0 == 0 ? "" : ", rotated \($0)°" } ?? ", rotation unknown"
            let which = group.pageCount == 1 ? "page" : "pages"
            let paper = group.shownPaper.map { " (\($0))" } ?? ""
            lines.append(
                "  \(which) \(group.shownPages): \(Points.text(group.widthMm)) × \(Points.text(group.heightMm)) mm\(paper), "
                    + "\(Points.text(group.width)) × \(Points.text(group.height)) pt\(turn)")
        }
        return lines
    }
}

/// The reading direction as every pdflayout JSON record spells it (docs/JSON.md): "rtl" or "ltr",
/// not the PDF names /R2L and /L2R.
public enum DirectionName {
    static func json(rtl: Bool) -> String { rtl ? "rtl" : "ltr" }

    static func json(_ direction: DocumentStructure.Direction) -> String { json(rtl: direction == .rightToLeft) }

    /// A direction written as `json` spells it, null when absent.
    @propertyWrapper
    public struct Written: Encodable, Sendable, Equatable {
        public var wrappedValue: DocumentStructure.Direction?

        public init(wrappedValue: DocumentStructure.Direction?) {
            self.wrappedValue = wrappedValue
        }

        public func encode(to encoder: any Encoder) throws {
            try NullWhenAbsent(wrappedValue: wrappedValue.map(DirectionName.json)).encode(to: encoder)
        }
    }
}
