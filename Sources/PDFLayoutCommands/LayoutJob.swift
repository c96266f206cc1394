import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout
import Poppler
import QPDF
import ToolSupport

/// One `pdflayout layout` run, built once from the parsed options (values parsed here, not per
/// input): resolves each PDF's output, runs the layout request (LayoutKit) on it, and turns what
/// was written into the lines for people and the JSON record.
struct LayoutJob: Sendable {
    /// What `-o` names; nil without it.
    var destination: Destination?
    var format: String?
    /// Where `-o` sends each PDF's output (a folder, one file, standard output); nil without `-o`
    /// and for one PDF's reader (the folder `destination` names).
    var plan: OutputPlan?
    var batched: Bool
    var quiet: Bool
    /// What to lay out and how, for LayoutKit.
    var request: LayoutRequest
    var force: Bool
    var skipExisting: Bool

    /// What one PDF's output came to: the files (as the JSON record lists them), the lines for
    /// people, and the links the sheets could not keep.
    struct Written {
        var lines: [String] = []
        var outputs: [WrittenOutput] = []
        var linksDropped: Int?
    }

    /// Lays out one PDF and writes its outputs; returns the report and the lines for people.
    func run(_ batchInput: BatchInput) throws -> LayoutResult {
        // Command-line checks that need no document come first, before stdin is read.
        // `-o -`: written to a private temporary file, then copied to standard output whole.
        let (target, spool) = try resolveTarget(batchInput)
        defer { spool?.remove() }
        try check(target)
        guard target?.kind == .format(CBZJob.format) else { return try run(batchInput, to: target, spool: spool) }
        var job = self
        job.request = request.forComicArchive()
        return try job.run(batchInput, to: target, spool: spool)
    }

    /// Lays out one PDF and writes its outputs to `target`, resolved and checked.
    private func run(
        _ batchInput: BatchInput, to target: OutputTarget?, spool: StandardOutputSpool?
    ) throws -> LayoutResult {
        let file = batchInput.path
        let input: LayoutInput
        do {
            input = try LayoutInput.open(
                argument: file, password: request.password, pageLimit: readingPageLimit(writes: target != nil))
        } catch ComicError.tooManyPages(let limit) {
            throw ToolFailure(
                file: file, "over \(limit) pages to lay out (reading stopped there): \(Self.pageLimitRemedy)",
                status: doesNotFit)
        } catch {
            throw Failures.failure(error, file: file)
        }
        guard input.pageCount > 0 else {
            // A valid PDF with nothing to lay out: reported, not an error (exit status 2).
            let report = LayoutReport(
                file: file, layout: Layout(views: []), options: request.options(for: input), box: request.box)
            let shown = batchInput.description
            var result = LayoutResult(
                report: report, lines: ["\(shown): no pages to lay out\(target == nil ? "" : ", nothing written")"])
            result.noPages = true
            return result
        }
        let laidOut = try lay(input, file: file, writes: target != nil)
        var report = LayoutReport(file: file, layout: laidOut.layout, options: laidOut.options, box: request.box)
        if skipExisting, let target, case let outputs = target.paths(views: laidOut.layout.views),
            OutputFreshness.isUpToDate(outputs: outputs, input: file), Self.isVouchedFor(outputs, of: target)
        {
            var result = LayoutResult(report: report, lines: [])
            result.upToDate = outputs
            return result
        }
        guard let target else {
            let lines = report.summary.map { batched ? "\(batchInput): \($0)" : $0 }
            return LayoutResult(report: report, lines: lines)
        }
        let written = try write(laidOut, of: input, to: target, spool: spool, batchInput: batchInput)
        report.linksDropped = written.linksDropped
        report.outputs = written.outputs
        return LayoutResult(report: report, lines: written.lines)
    }

    /// In a batch the bar counts documents; a page bar inside it would fight it.
    private var drawsProgress: Bool { !quiet && !batched }

    /// What `-o` names for this PDF, and the spool when it goes to standard output.
    private func resolveTarget(_ batchInput: BatchInput) throws(ToolFailure) -> (OutputTarget?, StandardOutputSpool?) {
        guard let plan else {
            guard let destination, OutputTarget.isReader(format: format) else { return (nil, nil) }
            return (try OutputTarget.reader(destination.argument), nil)
        }
        switch plan.place {
        case .folder: return (try target(for: batchInput, in: plan), nil)
        case .file(let named): return (try OutputTarget.parse(named.path + named.options), nil)
        case .standardOutput: break
        // pdflayout's plan has -o, and no --in-place.
        case .beside, .inPlace: return (nil, nil)
        }
        if Console.isTerminal(1) {
            throw ToolFailure(
                "refusing to write \((format ?? "pdf").uppercased()) data to a terminal: redirect standard output or give -o FILE",
                status: ExitStatus.usage)
        }
        let spool = try StandardOutputSpool()
        do {
            return (try OutputTarget.parse(spool.path("stdout.\((format ?? "pdf").lowercased())")), spool)
        } catch {
            spool.remove()
            throw error
        }
    }

    /// Options that contradict the output: command-line mistakes (64).
    private func check(_ target: OutputTarget?) throws(ToolFailure) {
        if target?.kind == .format(EPUBJob.format), request.columns != nil {
            throw ToolFailure(
                "--columns makes one sheet; an EPUB holds the pages, laid out by the reading system",
                status: ExitStatus.usage)
        }
        if target?.kind == .format(VectorJob.format), request.dpi != nil {
            throw ToolFailure(
                "--dpi applies to images; PDF sheets are in points (--fit WxH in points scales them)",
                status: ExitStatus.usage)
        }
        if let target, !target.keepsTransparency, let colour = request.background, colour.opacity < 1 {
            throw ToolFailure(
                "JPEG has no transparency: pick an opaque --background or write .png, .webp or .tif",
                status: ExitStatus.usage)
        }
    }

    /// A value that does not fit this document (--pages 9 in a 5-page book): the command line's
    /// mistake for one PDF (64), that PDF's failure alone in a batch (1), as everywhere.
    private var doesNotFit: Int32 { batched ? ExitStatus.failure : ExitStatus.usage }

    static let pageLimitRemedy = "choose some with --pages, or add --force"

    /// The pages a comic is read to when all of them are to be written without --force: past
    /// `SizeGuard.pageLimit` the layout would be refused anyway, so reading stops there instead of
    /// extracting and decoding the rest first. With --pages the whole comic is read (its pages
    /// are numbered in the order of all its names) and the selection is what the limit weighs.
    private func readingPageLimit(writes: Bool) -> Int? {
        writes && !force && request.pages == nil ? SizeGuard.pageLimit : nil
    }

    /// The pages chosen and laid out; a value that does not fit this document is `doesNotFit`.
    private func lay(_ input: LayoutInput, file: String, writes: Bool) throws(ToolFailure) -> LaidOut {
        let selection: (pages: [Int], options: LayoutOptions)
        do {
            selection = try request.select(input)
        } catch {
            switch error {
            case .pages(let error):
                throw ToolFailure(file: file, Failures.message(error, option: "--pages"), status: doesNotFit)
            case .alone(let error):
                throw ToolFailure(file: file, Failures.message(error, option: "--alone"), status: doesNotFit)
            }
        }
        if writes, selection.pages.count > SizeGuard.pageLimit, !force {
            throw ToolFailure(
                file: file,
                "\(selection.pages.count) pages to lay out, over \(SizeGuard.pageLimit): \(Self.pageLimitRemedy)",
                status: doesNotFit)
        }
        if let name = input.comic?.unreadableInfo, !quiet {
            let notice = "\(name) is not well-formed XML or has a DOCTYPE; ignored, so its reading direction, cover"
            Console.error("pdflayout: \(ToolFailure(file: file, notice + " and double pages are not used").message)")
        }
        if request.box == .media && !input.knowsMediaBoxes && !quiet && !batched {
            Console.error(
                "pdflayout: \(ToolFailure(file: file, "media boxes unreadable, laying out crop boxes").message)")
        }
        do {
            return try request.lay(selection.pages, of: input, options: selection.options)
        } catch {
            throw Failures.failure(error, file: file)
        }
    }

    /// Writes `laidOut` to `target` (through `spool` for standard output): lines and records.
    private func write(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, spool: StandardOutputSpool?,
        batchInput: BatchInput
    ) throws -> Written {
        let file = batchInput.path
        let views = laidOut.layout.views.count
        // A numbered image name may still be an input (page-001.png given as a PDF's name).
        for path in target.paths(views: laidOut.layout.views) {
            try OutputSafety.refuseOverwriting(path, inputs: [file])
        }
        if spool != nil, case .image = target.kind, views > 1 {
            throw ToolFailure(
                file: file,
                "-o - writes one image, and this layout has \(views) views: choose one with --pages, use --continuous, or write -o NAME.\((format ?? "png").lowercased()) (numbered)",
                status: ExitStatus.usage)
        }
        try refuseCopyingForbidden(input, into: target, file: file)
        ProcessControl.removeTemporaryFilesOnInterrupt()
        var written: Written
        do {
            switch target.kind {
            case .format(let format):
                // OutputTarget gives only the formats listed in `writers`, each with its step.
                guard let writer = Self.writers.first(where: { $0.format == format }) else {
                    throw ToolFailure(file: file, "pdflayout has no writer of \(format)")
                }
                written = try writer.write(self)(laidOut, input, target, batchInput)
            case .sidecar:
                // OutputTarget.kind gives images, PDFs, books and the reader only: pdflayout writes no sidecar.
                throw ToolFailure(file: file, "pdflayout writes no editor's sidecar")
            case .image(let format):
                written = try writeImages(laidOut, of: input, to: target, format: format, file: file)
                if spool == nil {
                    written.lines.append(
                        contentsOf: try Self.removeStale(
                            pattern: target.path, written: written.outputs.map(\.path).filter { $0 != target.path }))
                }
            }
        } catch QPDFError.encryptionNotKept(let gap) {
            // The input's encryption, not the output, is what stops the writing.
            throw Failures.failure(QPDFError.encryptionNotKept(gap), file: file)
        } catch {
            throw Failures.failure(error, file: destination?.description ?? file)
        }
        if let spool, let path = target.paths(views: laidOut.layout.views).first {
            try spool.copyToStandardOutput(path)
            written.lines = written.lines.map {
                $0.replacingOccurrences(of: path, with: Destination.standardOutputShown)
            }
            written.outputs = written.outputs.map {
                WrittenOutput(path: Destination.standardOutputArgument, width: $0.width, height: $0.height)
            }
        }
        return written
    }

    /// One rule for a PDF that forbids copying: only PDF sheets carry that permission (its
    /// encryption, with the owner password); images, books and the reader (a text layer of every
    /// word) would copy it out, so they are written only for its owner (the owner password opened
    /// it: no restriction left) or with --drop-encryption.
    private func refuseCopyingForbidden(
        _ input: LayoutInput, into target: OutputTarget, file: String
    ) throws(ToolFailure) {
        guard target.kind != .format(VectorJob.format), input.document.forbidsCopying, request.encryption != .drop
        else { return }
        throw ToolFailure(
            file: file,
            "its permissions forbid copying, which \(target.kind.isFolder ? "a reader's text layer" : "images") cannot carry: write PDF sheets (-o NAME.pdf), which keep them, or give its owner password or --drop-encryption"
        )
    }

    /// A document or folder pdflayout writes: its LayoutKit writer's facts and the step that
    /// builds that writer, refuses what the format cannot hold, writes, and says what was written.
    struct FormatWriter {
        typealias Step = (LayoutJob) -> (LaidOut, LayoutInput, OutputTarget, BatchInput) throws -> Written
        let format: OutputFormat
        /// The files the writer leaves at a path (a folder's `index.html`).
        let files: (String) -> [String]
        let write: Step

        init(_ writer: any LayoutWriter.Type, _ write: @escaping Step) {
            format = writer.format
            files = writer.files(at:)
            self.write = write
        }
    }

    /// The documents (`-o NAME.suffix`, `--format suffix`) in the order messages list them, then
    /// the reader's folder (`--format html`). A new output format is its writer in LayoutKit and
    /// one entry here with its step: `-o`, `--format`, their messages and every `OutputKind`
    /// answer come from the writer's `OutputFormat`.
    static var writers: [FormatWriter] {
        [
            FormatWriter(VectorJob.self, LayoutJob.writeSheets), FormatWriter(EPUBJob.self, LayoutJob.writeEPUB),
            FormatWriter(CBZJob.self, LayoutJob.writeCBZ), FormatWriter(WebReader.self, LayoutJob.writeReader),
        ]
    }

    /// The vector PDF; qpdf's failure to make the sheets falls back to cairo, said on stderr.
    private func writeSheets(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, batchInput: BatchInput
    ) throws -> Written {
        let path = target.path
        let quiet = !drawsProgress
        let job = request.vectorJob(laidOut, progressLabel: quiet ? nil : "pdflayout: writing sheets") { error in
            if !quiet {
                Console.error(
                    "pdflayout: \(batchInput): \(PlainWords.clean("\(error)")); drawing the sheets with cairo instead")
            }
        }
        let sheets = try job.write(input, to: path)
        let count = laidOut.layout.views.count
        var written = Written(
            lines: ["\(path): \(count) sheet\(count == 1 ? "" : "s")"], outputs: [WrittenOutput(path: path)])
        if let dropped = sheets.linksDropped, dropped > 0 {
            written.lines.append("\(path): \(dropped) link\(dropped == 1 ? "" : "s") to pages not laid out dropped")
        }
        written.linksDropped = sheets.linksDropped
        return written
    }

    /// Renders every page for the reader (twice as sharp as asked, for zoom, unless
    /// `--reader-sets 1`), after refusing pages too large for WebP, and writes the folder.
    private func writeReader(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, batchInput: BatchInput
    ) throws -> Written {
        let folder = target.path, file = batchInput.path
        let reader = request.webReader(
            laidOut, input: input, progressLabel: drawsProgress ? "pdflayout: writing the reader" : nil)
        let maxSide = WebReader.format.maxSide
        let jobs = reader.pageJobs()
        for job in jobs where max(job.rendered.width, job.rendered.height) > maxSide || job.normal.width < 1 {
            let size = job.rendered, set = job.sharp == nil ? "" : " in the sharp set"
            throw ToolFailure(
                file: file,
                "page \(job.number) would be \(size.width)×\(size.height) pixels\(set), more than WebP holds (\(maxSide) a side): lower --dpi or --fit",
                status: ExitStatus.usage)
        }
        input.warmUp()
        _ = try reader.write(input, to: folder)
        let count = reader.layout.views.count
        return Written(
            lines: ["\(folder)/index.html: \(count) view\(count == 1 ? "" : "s"), \(jobs.count) pages"],
            outputs: [WrittenOutput(path: folder)])
    }

    /// `-o BOOK.epub`: every laid-out page as an image at --dpi or --fit (default twice actual
    /// size: 144 dpi), with the layout's spreads and direction for the reading system; pages
    /// too large for JPEG are refused before anything is drawn.
    private func writeEPUB(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, batchInput: BatchInput
    ) throws -> Written {
        let path = target.path, file = batchInput.path
        let job = request.epubJob(
            laidOut, input: input, file: file, progressLabel: drawsProgress ? "pdflayout: writing the EPUB" : nil)
        let maxSide = EPUBJob.format.maxSide
        for (page, size) in zip(job.pages, job.pixelSizes) where max(size.width, size.height) > maxSide {
            throw ToolFailure(
                file: file,
                "page \(page.number) would be \(size.width)×\(size.height) pixels, more than JPEG holds (\(maxSide) a side): lower --dpi or --fit",
                status: ExitStatus.usage)
        }
        input.warmUp()
        _ = try job.write(input, to: path)
        let count = job.pages.count
        let options = laidOut.options
        return Written(
            lines: [
                "\(path): \(count) page\(count == 1 ? "" : "s"), fixed layout\(options.mode.isTwoUp ? " in spreads" : "")\(options.rtl ? ", right to left" : "")"
            ],
            outputs: [WrittenOutput(path: path)])
    }

    /// `-o BOOK.cbz`: refuses absurd sizes before anything is drawn, then renders every view
    /// into the archive with its ComicInfo.xml.
    private func writeCBZ(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, batchInput: BatchInput
    ) throws -> Written {
        let file = batchInput.path
        let job = request.cbzJob(
            laidOut, input: input, file: file, progressLabel: drawsProgress ? "pdflayout: writing the CBZ" : nil)
        try SizeGuard.check(job.layout.views, scales: job.context.scales, target: target, force: force)
        input.warmUp()
        _ = try job.write(input, to: target.path)
        let count = laidOut.layout.views.count
        return Written(
            lines: ["\(target.path): \(count) image\(count == 1 ? "" : "s") with ComicInfo.xml"],
            outputs: [WrittenOutput(path: target.path)])
    }

    /// Refuses absurd sizes before anything is drawn, then renders every view.
    private func writeImages(
        _ laidOut: LaidOut, of input: LayoutInput, to target: OutputTarget, format: ImageFormat, file: String
    ) throws -> Written {
        let job = request.rasterJob(
            laidOut, input: input, names: OutputNames.names(for: target.path, views: laidOut.layout.views),
            format: format, options: target.options, progressLabel: drawsProgress ? "pdflayout: rendering" : nil)
        do {
            try SizeGuard.check(job.views, scales: job.scales, target: target, force: force)
        } catch {
            throw ToolFailure(file: file, error.message, status: error.status)
        }
        input.warmUp()
        try job.run()
        let names = job.names
        let first = names[0], last = names[names.count - 1]
        let line =
            "\(names.count == 1 ? first : "\(first) … \(last)"): \(names.count) image\(names.count == 1 ? "" : "s")"
        let outputs = zip(names, zip(job.views, job.scales)).map { name, viewAndScale in
            let size = Scale.pixelSize(of: viewAndScale.0, scale: viewAndScale.1)
            return WrittenOutput(path: name, width: size.width, height: size.height)
        }
        return Written(lines: [line], outputs: outputs)
    }

    /// Numbered images count as done only when their run record names them (a run killed before its
    /// record left images no record vouches for); other outputs need nothing more.
    private static func isVouchedFor(_ outputs: [String], of target: OutputTarget) -> Bool {
        guard case .image = target.kind else { return true }
        return RunRecord.names(pattern: target.path, tool: "pdflayout", written: outputs.filter { $0 != target.path })
    }

    /// Removes the numbered images an earlier run provably wrote under the same name (its
    /// `RunRecord`) that this run did not write; says which (the lines for people), so nothing
    /// disappears unannounced. Files the record does not list are never touched.
    private static func removeStale(pattern: String, written: [String]) throws -> [String] {
        let removed: [String]
        do {
            removed = try RunRecord.replace(pattern: pattern, tool: "pdflayout", written: written)
        } catch {
            throw Failures.failure(error, file: RunRecord.path(for: pattern, tool: "pdflayout"))
        }
        guard !removed.isEmpty else { return [] }
        let shown =
            removed.count <= 2 ? removed.joined(separator: ", ") : "\(removed[0]) … \(removed[removed.count - 1])"
        return ["\(shown): \(removed.count) numbered image\(removed.count == 1 ? "" : "s") of an earlier run removed"]
    }

    /// What one document will write in a batch's folder, for the check that no two end in one
    /// output: images are a pattern that numbers the views of a several-view layout.
    func plannedOutputs(_ input: BatchInput) throws(ToolFailure) -> [PlannedOutput] {
        guard let plan, case .folder = plan.place else { return [] }
        let target = try target(for: input, in: plan, create: false)
        if case .image = target.kind { return [PlannedOutput(target.path, numbered: true)] }
        return [PlannedOutput(target.path)]
    }

    /// The output of one PDF in a batch: DIR/NAME.pdf, or DIR/NAME.png numbered per view.
    private func target(
        for input: BatchInput, in folder: OutputPlan, create: Bool = true
    ) throws(ToolFailure) -> OutputTarget {
        let kind = OutputTarget.kind(format: format ?? "pdf")
        let path = try folder.resolve(input, as: kind, create: create).path
        // DIR/NAME/ for each PDF: a reader is a folder.
        if kind.isFolder { return OutputTarget(path: path, kind: kind) }
        return try OutputTarget.parse(path)
    }
}
