import ArgumentParser
import CommandSupport
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
                Sizes are the crop box in points, as shown: /Rotate 90 or 270 swaps width and height.

                Folders contribute the PDFs directly in them (-r: and in every folder below), in path order.

                Exit status: 0 all files read, 1 some file could not be read (missing, damaged,
                encrypted without --password), 64 bad command line.

                Examples:
                  pdflayout info book.pdf
                  pdflayout info --json book.pdf | jq '.pages | length'
                  pdflayout info --password secret locked.pdf
                  pdflayout info -r shelf/ --json > shelf.jsonl
                """
        )

        @Argument(help: "PDF files and folders; - reads standard input.")
        public var files: [String]

        @Option(help: "Password of encrypted PDFs (user or owner password).")
        public var password: String?

        @Flag(help: "One JSON object per file, one per line.")
        public var json = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        public var quiet = false

        @OptionGroup(title: "Batch") var batch: BatchOptions

        public init() {}

        public func run() throws {
            var report = BatchReport(label: "pdflayout info", quiet: quiet, json: json)
            report.alwaysSummarise = batch.summarises(files)
            let password = password
            // One poppler document per thread: each worker opens its own.
            let tally = Batch.run(
                batch.inputs(files, suffixes: InputScan.pdfSuffixes), jobs: batch.workers, report: report,
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
        public var rotation: Int?
        public var label: String?
    }

    public var file: String
    public var pageCount: Int
    public var pdfVersion: String
    public var pageLayout: PageLayoutHint
    /// /ViewerPreferences /Direction: "R2L" for right-edge binding, nil when not set.
    public var direction: DocumentStructure.Direction?
    /// True when the file is encrypted: a password was needed to open it, or an owner password
    /// restricts what may be done with it.
    public var encrypted: Bool
    public var pages: [PageInfo]

    public static func read(_ file: String, password: String?) throws(ToolFailure) -> PDFInfo {
        let source = StandardInput.source(file)
        do {
            let document = try Document(source, password: password)
            guard document.pageCount > 0 else { throw LayoutError.noPages }
            // qpdf may fail where poppler repaired the file: then rotations are unknown.
            let structure = (try? DocumentStructure.read(source, password: password))
                .flatMap { $0.pages.count == document.pageCount ? $0 : nil }
            var pages: [PageInfo] = []
            for index in 0..<document.pageCount {
                let page = try document.page(at: index)
                let size = page.size
                pages.append(
                    PageInfo(
                        page: index + 1, width: rounded(size.width), height: rounded(size.height),
                        rotation: structure?.pages[index].rotation, label: page.label))
            }
            let needsPassword = password != nil && file != "-" && (try? Document(path: file, password: nil)) == nil
            return PDFInfo(
                file: file, pageCount: document.pageCount, pdfVersion: document.pdfVersion,
                pageLayout: PageLayoutHint(pdfName: document.pageLayoutName ?? ""), direction: structure?.direction,
                encrypted: needsPassword || document.isRestricted, pages: pages)
        } catch {
            throw ToolFailure(file: file, Failures.message(error))
        }
    }

    private static func rounded(_ value: Double) -> Double { Points.json(value) }

    enum CodingKeys: String, CodingKey {
        case file, pageCount = "page_count", pdfVersion = "pdf_version", pageLayout = "page_layout", direction,
            encrypted, pages
    }

    enum PageKeys: String, CodingKey { case page, width, height, rotation, label }

    /// Every key written (null when absent); the reading direction spelt as everywhere else:
    /// "rtl" or "ltr" (null when the PDF does not say), not the PDF names /R2L and /L2R.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(pdfVersion, forKey: .pdfVersion)
        try container.encode(pageLayout, forKey: .pageLayout)
        try container.encode(direction.map { $0 == .rightToLeft ? "rtl" : "ltr" }, forKey: .direction)
        try container.encode(encrypted, forKey: .encrypted)
        var list = container.nestedUnkeyedContainer(forKey: .pages)
        for page in pages {
            var item = list.nestedContainer(keyedBy: PageKeys.self)
            try item.encode(page.page, forKey: .page)
            try item.encode(page.width, forKey: .width)
            try item.encode(page.height, forKey: .height)
            try item.encode(page.rotation, forKey: .rotation)
            try item.encode(page.label, forKey: .label)
        }
    }

    public var summary: [String] {
        let shownFile = file == "-" ? "<stdin>" : file
        var header =
            "\(shownFile): PDF \(pdfVersion), \(pageCount) page\(pageCount == 1 ? "" : "s"), layout \(pageLayout.rawValue)"
        if direction == .rightToLeft { header += ", right-to-left" }
        if encrypted { header += ", encrypted" }
        var lines = [header]
        for page in pages {
            let turn = page.rotation.map { $0 == 0 ? "" : ", rotated \($0)°" } ?? ", rotation unknown"
            lines.append("  page \(page.page): \(format(page.width)) × \(format(page.height)) pt\(turn)")
        }
        return lines
    }

    private func format(_ value: Double) -> String { Points.text(value) }
}
