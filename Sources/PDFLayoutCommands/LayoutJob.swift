import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout
import Poppler
import QPDF
import ToolSupport

/// One `pdflayout layout` run, built once from the parsed options (values parsed here, not per
/// input): lays out each PDF and writes its outputs.
struct LayoutJob: Sendable {
    var output: String?
    var format: String?
    /// `-o DIR/` for several PDFs.
    var folder: OutputPlan?
    var batched: Bool
    var quiet: Bool
    /// Layout choices from the command line; nil leaves them to the PDF's own hints.
    var mode: LayoutMode?
    /// `--columns`: a contact sheet of this many columns.
    var columns: Int?
    var horizontal: Bool
    var rtl: Bool?
    var cover: Bool?
    var margins: PageMargins
    var box: PageBox
    var pages: String?
    var widePages: WidePages
    /// `--alone`: page ranges, read against each document.
    var alone: String?
    var dpi: Double?
    var fit: FitBox?
    var background: Colour?
    var force: Bool
    var skipExisting: Bool
    var password: String?
    /// What PDF sheets of an encrypted PDF get: its encryption (`--owner-password`), or none
    /// (`--drop-encryption`).
    var encryption: EncryptionPolicy
    var workers: Int

    /// Lays out one PDF and writes its outputs; returns the report and the lines for people.
    func run(_ batchInput: BatchInput) throws -> LayoutResult {
        let file = batchInput.path
        // Command-line checks that need no document come first, before stdin is read.
        var target: OutputTarget?
        // `-o -`: written to a private temporary file, then copied to standard output whole.
        var spoolFolder: URL?
        defer {
            if let spoolFolder {
                try? FileManager.default.removeItem(at: spoolFolder)
                TemporaryFiles.shared.forget(spoolFolder.path)
            }
        }
        if let folder {
            target = try self.target(for: batchInput, in: folder)
        } else if isReader, let output {
            target = try OutputTarget.reader(output)
        } else if output == "-" {
            if Console.isTerminal(1) {
                throw ToolFailure(
                    "refusing to write \((format ?? "pdf").uppercased()) data to a terminal: redirect standard output or give -o FILE",
                    status: ExitStatus.usage)
            }
            let spool = FileManager.default.temporaryDirectory.appendingPathComponent(
                "pdflayout-\(getpid())-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: false)
            } catch {
                throw ToolFailure("cannot make a temporary folder for standard output: \(error.localizedDescription)")
            }
            spoolFolder = spool
            // Removed with what it holds if the run is interrupted, like every temporary.
            TemporaryFiles.shared.register(spool.path)
            target = try OutputTarget.parse(
                spool.appendingPathComponent("stdout.\((format ?? "pdf").lowercased())").path)
        } else {
            target = try output.map { (text: String) throws(ToolFailure) -> OutputTarget in try OutputTarget.parse(text)
            }
        }
        // In a batch the bar counts documents; a page bar inside it would fight it.
        let quiet = quiet || batched
        var lines: [String] = []
        let colour = background
        if target?.kind == .epub, columns != nil {
            throw ToolFailure(
                "--columns makes one sheet; an EPUB holds the pages, laid out by the reading system",
                status: ExitStatus.usage)
        }
        if target?.kind == .pdf, dpi != nil {
            throw ToolFailure(
                "--dpi applies to images; PDF sheets are in points (--fit WxH in points scales them)",
                status: ExitStatus.usage)
        }
        if let target, !target.keepsTransparency, let colour, colour.opacity < 1 {
            throw ToolFailure(
                "JPEG has no transparency: pick an opaque --background or write .png, .webp or .tif",
                status: ExitStatus.usage)
        }

        let input: LayoutInput
        do {
            input = try LayoutInput.open(argument: file, password: password)
        } catch {
            throw Failures.failure(error, file: file)
        }
        var options = layoutOptions(for: input)
        if let comic = input.comic {
            // ComicInfo's DoublePage pages stand alone; so do a comic's wide pages (scans vary in
            // size, so the book rule of one common portrait size would miss them).
            options.doublePages = widePages == .alone ? comic.doublePages : comic.markedDoublePages
        }
        // A value that does not fit this document (--pages 9 in a 5-page book): the command line's
        // mistake for one PDF (64), that PDF's failure alone in a batch (1), as everywhere.
        let doesNotFit = batched ? ExitStatus.failure : ExitStatus.usage
        guard input.pageCount > 0 else {
            // A valid PDF with nothing to lay out: reported, not an error (exit status 2).
            let report = LayoutReport(file: file, layout: Layout(views: []), options: options, box: box)
            var result = LayoutResult(
                report: report,
                lines: [
                    "\(file == "-" ? "<stdin>" : file): no pages to lay out\(target == nil ? "" : ", nothing written")"
                ])
            result.noPages = true
            return result
        }
        let numbers: [Int]
        do {
            numbers = try PageRanges.parse(pages ?? "1-", pageCount: input.pageCount)
        } catch {
            throw ToolFailure(file: file, error.description, status: doesNotFit)
        }
        if let alone {
            do {
                options.alone = Set(try PageRanges.parse(alone, pageCount: input.pageCount))
            } catch {
                // The range parser phrases its errors for --pages (its unit tests pin that wording).
                throw ToolFailure(
                    file: file, error.description.replacingOccurrences(of: "--pages", with: "--alone"),
                    status: doesNotFit)
            }
        }
        if target != nil, numbers.count > SizeGuard.pageLimit, !force {
            throw ToolFailure(
                file: file,
                "\(numbers.count) pages to lay out, over \(SizeGuard.pageLimit): choose some with --pages, or add --force",
                status: doesNotFit)
        }
        if box == .media && !input.knowsMediaBoxes && !quiet {
            Console.error(
                "pdflayout: \(ToolFailure(file: file, "media boxes unreadable, laying out crop boxes").message)")
        }
        let geometry: [PageGeometry]
        do {
            geometry = try input.geometry(of: numbers, box: box)
        } catch {
            throw Failures.failure(error, file: file)
        }
        let sourcePages = geometry.map {
            SourcePage(number: $0.number, width: $0.width, height: $0.height, rotation: $0.rotation)
        }
        let layout = LayoutEngine.layout(sourcePages, options: options)

        if skipExisting, let outputs = target?.paths(views: layout.views),
            OutputFreshness.isUpToDate(outputs: outputs, input: file)
        {
            var result = LayoutResult(
                report: LayoutReport(file: file, layout: layout, options: options, box: box), lines: [])
            result.upToDate = outputs
            return result
        }
        var linksDropped: Int?
        var written: [WrittenOutput] = []
        if let target {
            // A numbered image name may still be an input (page-001.png given as a PDF's name).
            for path in target.paths(views: layout.views) {
                try OutputSafety.refuseOverwriting(path, inputs: [file])
            }
            if spoolFolder != nil, case .image = target.kind, layout.views.count > 1 {
                throw ToolFailure(
                    file: file,
                    "-o - writes one image, and this layout has \(layout.views.count) views: choose one with --pages, use --continuous, or write -o NAME.\((format ?? "png").lowercased()) (numbered)",
                    status: ExitStatus.usage)
            }
            let byNumber = Dictionary(geometry.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
            var scales = fit.map { Scale.fitScales(for: layout, options: options, box: $0) }
            if options.columns != nil, scales == nil, dpi == nil {
                // A contact sheet is drawn small: the widest page 200 px (pt) wide.
                let scale = ContactSheet.defaultScale(sourcePages)
                scales = layout.views.map { _ in scale }
            }
            ProcessControl.removeTemporaryFilesOnInterrupt()
            do {
                let path = target.path
                switch target.kind {
                case .pdf:
                    var job = VectorJob(
                        views: layout.views, scales: scales ?? layout.views.map { _ in 1 },
                        background: colour, geometry: byNumber,
                        progressLabel: quiet ? nil : "pdflayout: writing sheets"
                    ) { error in
                        if !quiet {
                            Console.error(
                                "pdflayout: \(batchInput): \(PlainWords.clean("\(error)")); drawing the sheets with cairo instead"
                            )
                        }
                    }
                    job.readingOrder = .sheets(options)
                    job.encryption = encryption
                    let navigation = try job.write(input, to: path)
                    lines.append("\(path): \(layout.views.count) sheet\(layout.views.count == 1 ? "" : "s")")
                    if let navigation, navigation.linksDropped > 0 {
                        lines.append(
                            "\(path): \(navigation.linksDropped) link\(navigation.linksDropped == 1 ? "" : "s") to pages not laid out dropped"
                        )
                    }
                    linksDropped = navigation?.linksDropped
                    written = [WrittenOutput(path: spoolFolder == nil ? path : "-")]
                case .reader:
                    let folder = path
                    var reader = WebReader(
                        layout: layout, options: options,
                        scales: scales ?? layout.views.map { _ in Scale.forDPI(dpi ?? 72) }, geometry: byNumber,
                        source: input.source, password: password, workers: workers)
                    reader.title = input.document.title
                    reader.language = input.language
                    reader.outline = input.document.outline
                    reader.background = colour
                    reader.progressLabel = quiet ? nil : "pdflayout: writing the reader"
                    lines.append(try writeReader(reader, input: input, folder: folder, file: file))
                    written = [WrittenOutput(path: folder)]
                case .sidecar:
                    // OutputTarget.kind gives images, PDFs and the reader only: pdflayout writes no sidecar.
                    throw ToolFailure(file: file, "pdflayout writes no editor's sidecar")
                case .epub:
                    lines.append(
                        try writeEPUB(
                            input: input, sourcePages: sourcePages, options: options, geometry: byNumber, path: path,
                            file: file))
                    written = [WrittenOutput(path: spoolFolder == nil ? path : "-")]
                case .cbz:
                    var job = CBZJob(
                        layout: layout, options: options,
                        scales: scales ?? layout.views.map { _ in Scale.forDPI(dpi ?? 72) }, geometry: byNumber,
                        source: input.source, password: password, workers: workers, title: input.title(file: file))
                    job.background = colour ?? .white
                    job.comic = input.comic?.info
                    job.language = input.language
                    job.progressLabel = quiet ? nil : "pdflayout: writing the CBZ"
                    try SizeGuard.check(job.layout.views, scales: job.scales, target: target, force: force)
                    input.warmUp()
                    try job.write(to: path)
                    let count = layout.views.count
                    lines.append("\(path): \(count) image\(count == 1 ? "" : "s") with ComicInfo.xml")
                    written = [WrittenOutput(path: spoolFolder == nil ? path : "-")]
                case .image(let format):
                    let job = RasterJob(
                        views: layout.views, scales: scales ?? layout.views.map { _ in Scale.forDPI(dpi ?? 72) },
                        names: OutputNames.names(for: path, views: layout.views), format: format,
                        options: RasterJob.defaultOptions(for: format, given: target.options),
                        background: colour ?? .white, geometry: byNumber, source: input.source, password: password,
                        workers: workers, progressLabel: quiet ? nil : "pdflayout: rendering")
                    lines.append(try writeImages(job, input: input, target: target, file: file))
                    if spoolFolder == nil {
                        lines.append(contentsOf: Self.removeStale(pattern: path, written: job.names))
                    }
                    written = zip(job.names, zip(layout.views, job.scales)).map { name, viewAndScale in
                        let size = Scale.pixelSize(of: viewAndScale.0, scale: viewAndScale.1)
                        return WrittenOutput(
                            path: spoolFolder == nil ? name : "-", width: size.width, height: size.height)
                    }
                }
            } catch QPDFError.encryptionNotKept(let gap) {
                // The input's encryption, not the output, is what stops the writing.
                throw Failures.failure(QPDFError.encryptionNotKept(gap), file: file)
            } catch {
                throw Failures.failure(error, file: output == "-" ? "<stdout>" : output ?? file)
            }
            if spoolFolder != nil, let written = target.paths(views: layout.views).first {
                try Self.copyToStandardOutput(written)
                lines = lines.map { $0.replacingOccurrences(of: written, with: "<stdout>") }
            }
        }
        var report = LayoutReport(file: file, layout: layout, options: options, box: box)
        report.linksDropped = linksDropped
        report.outputs = written
        if target == nil {
            lines.append(contentsOf: report.summary.map { batched ? "\(batchInput): \($0)" : $0 })
        }
        return LayoutResult(report: report, lines: lines)
    }

    /// `--format html`: a web reader instead of files named by their suffix.
    private var isReader: Bool { format?.lowercased() == "html" }

    /// Renders every page for the reader (twice as sharp as asked, for zoom), after refusing
    /// pages too large for WebP, and writes the folder.
    private func writeReader(
        _ reader: WebReader, input: LayoutInput, folder: String, file: String
    ) throws -> String {
        let maxSide = OutputKind.reader.maxSide
        let jobs = reader.pageJobs()
        for job in jobs where max(job.sharp.width, job.sharp.height) > maxSide || job.normal.width < 1 {
            throw ToolFailure(
                file: file,
                "page \(job.number) would be \(job.sharp.width)×\(job.sharp.height) pixels in the sharp set, more than WebP holds (\(maxSide) a side): lower --dpi or --fit",
                status: ExitStatus.usage)
        }
        input.warmUp()
        try reader.write(to: folder)
        let count = reader.layout.views.count
        return "\(folder)/index.html: \(count) view\(count == 1 ? "" : "s"), \(jobs.count) pages"
    }

    /// Removes the numbered images an earlier run left under the same name that this run did not
    /// write; says which (the lines for people), so nothing disappears unannounced.
    private static func removeStale(pattern: String, written: [String]) -> [String] {
        let stale = OutputNames.stale(for: pattern, written: written)
        var removed: [String] = []
        for path in stale where (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        guard !removed.isEmpty else { return [] }
        let shown =
            removed.count <= 2 ? removed.joined(separator: ", ") : "\(removed[0]) … \(removed[removed.count - 1])"
        return ["\(shown): \(removed.count) numbered image\(removed.count == 1 ? "" : "s") of an earlier run removed"]
    }

    /// `-o BOOK.epub`: every laid-out page as an image at --dpi or --fit (default twice actual
    /// size: 144 dpi), with the layout's spreads and direction for the reading system.
    private func writeEPUB(
        input: LayoutInput, sourcePages: [SourcePage], options: LayoutOptions, geometry: [Int: PageGeometry],
        path: String, file: String
    ) throws -> String {
        let scales = sourcePages.map { page in
            if let fit { return Scale.bestFit(width: page.width, height: page.height, in: fit) }
            return Scale.forDPI(dpi ?? (input.comic == nil ? EPUBJob.defaultDPI : 72))
        }
        var job = EPUBJob(
            pages: sourcePages, options: options, scales: scales, geometry: geometry, source: input.source,
            password: password, workers: workers, title: input.title(file: file))
        job.language = input.language
        job.outline = input.document.outline
        job.labels = input.labels(of: sourcePages.map(\.number))
        job.comic = input.comic?.info
        job.progressLabel = quiet ? nil : "pdflayout: writing the EPUB"
        let maxSide = OutputKind.epub.maxSide
        for (page, size) in zip(sourcePages, job.pixelSizes) where max(size.width, size.height) > maxSide {
            throw ToolFailure(
                file: file,
                "page \(page.number) would be \(size.width)×\(size.height) pixels, more than JPEG holds (\(maxSide) a side): lower --dpi or --fit",
                status: ExitStatus.usage)
        }
        input.warmUp()
        try job.write(to: path)
        let count = sourcePages.count
        return
            "\(path): \(count) page\(count == 1 ? "" : "s"), fixed layout\(options.mode.isTwoUp ? " in spreads" : "")\(options.rtl ? ", right to left" : "")"
    }

    /// Streams a finished file to standard output.
    private static func copyToStandardOutput(_ path: String) throws(ToolFailure) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ToolFailure(file: "<stdout>", "the written file could not be read back")
        }
        defer { try? handle.close() }
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try FileHandle.standardOutput.write(contentsOf: chunk)
            }
        } catch {
            throw ToolFailure(file: "<stdout>", "cannot write: \(error.localizedDescription)")
        }
    }

    /// Refuses absurd sizes before anything is drawn, then renders every view.
    private func writeImages(_ job: RasterJob, input: LayoutInput, target: OutputTarget, file: String) throws -> String
    {
        do {
            try SizeGuard.check(job.views, scales: job.scales, target: target, force: force)
        } catch {
            throw ToolFailure(file: file, error.message, status: error.status)
        }
        input.warmUp()
        try job.run()
        let names = job.names
        return
            "\(names.count == 1 ? names[0] : "\(names[0]) … \(names[names.count - 1])"): \(names.count) image\(names.count == 1 ? "" : "s")"
    }

    /// Flags first; what the command line leaves open, the PDF's own hints decide.
    private func layoutOptions(for input: LayoutInput) -> LayoutOptions {
        let hinted = input.hint.defaultMode
        // A contact sheet has no mode; its cover cell is asked for, not taken from /PageLayout.
        return LayoutOptions(
            mode: columns == nil ? mode ?? hinted.mode : .single,
            direction: horizontal ? .horizontal : .vertical,
            rtl: rtl ?? (input.direction == .rightToLeft),
            cover: columns == nil ? cover ?? input.comic?.startsWithCover ?? hinted.cover : cover ?? false,
            margins: margins,
            widePages: widePages,
            columns: columns)
    }

    /// The output of one PDF in a batch: DIR/NAME.pdf, or DIR/NAME.png numbered per view.
    private func target(for input: BatchInput, in folder: OutputPlan) throws(ToolFailure) -> OutputTarget {
        let kind = OutputTarget.kind(format: format ?? "pdf")
        let path = try folder.resolve(input, as: kind).path
        // DIR/NAME/ for each PDF: a reader is a folder.
        if kind == .reader { return OutputTarget(path: path, kind: .reader) }
        return try OutputTarget.parse(path)
    }
}
