import CoreTypes
import Foundation
import PageLayout
import Poppler
import QPDF
import ToolSupport

/// `-o X.pdf`: one sheet per view. Pages are placed as form XObjects with qpdf (`FormSheets`):
/// nothing is re-rendered, so text, fonts and images stay exactly as they were, printable
/// annotations (form fields, stamps) are drawn, and it is fast. The outline, links, page labels,
/// document information, XMP metadata and /Lang are carried over, retargeted to the sheets;
/// interactive forms are not. When qpdf cannot read the file, poppler draws the
/// pages onto a cairo PDF surface instead (text stays text; fonts are re-embedded).
public struct VectorJob {
    public var views: [View]
    /// Points per point: 1 is actual size; a fit box (in points for PDF) changes it per view.
    public var scales: [Double]
    /// Filled behind the pages when given; otherwise the sheet is left unpainted (white in viewers).
    public var background: Colour?
    public var geometry: [Int: PageGeometry]
    /// The progress bar's label (drawn only on a terminal); nil draws none.
    public var progressLabel: String?
    /// Told when qpdf could not place the pages and cairo draws them instead.
    public var onFallback: (QPDFError) -> Void
    /// Declared in the catalog so that viewers show the sheets as made (`ReadingOrder.sheets`);
    /// nil declares nothing. The cairo fallback cannot declare it.
    public var readingOrder: ReadingOrder?
    /// An encrypted source's encryption is kept on the sheets, or the sheets are not written
    /// (`QPDFError.encryptionNotKept`); `.drop` writes them unencrypted on purpose.
    public var encryption: EncryptionPolicy = .keep(ownerPassword: nil)

    public init(
        views: [View], scales: [Double], background: Colour?, geometry: [Int: PageGeometry], progressLabel: String?,
        onFallback: @escaping (QPDFError) -> Void = { _ in }
    ) {
        self.views = views; self.scales = scales; self.background = background; self.geometry = geometry
        self.progressLabel = progressLabel; self.onFallback = onFallback
    }

    /// Writes the sheets through a temporary file: the destination is complete or untouched.
    /// Says how many of the document's links were dropped (nil when cairo drew the sheets: then
    /// no navigation is kept).
    @discardableResult
    public func write(_ input: LayoutInput, to path: String) throws -> LayoutWritten {
        let navigation = try AtomicOutput.write(to: path) { temporary -> NavigationReport? in
            if let structure = input.structure {
                do throws(QPDFError) {
                    return try FormSheets.write(
                        sheets(), from: input.source, password: input.password, structure: structure,
                        preferences: readingOrder.map(Self.preferences), navigation: true, encryption: encryption,
                        to: temporary)
                } catch let error where error.isWriteFailure {
                    // The disk, not the PDF: cairo could not write it either.
                    throw error
                } catch .encryptionNotKept(let gap) {
                    throw QPDFError.encryptionNotKept(gap)
                } catch {
                    onFallback(error)
                }
            }
            // cairo writes no encryption: an encrypted source (one with restrictions, or opened
            // with a password) is not drawn unencrypted unless that was asked for.
            let encrypted = input.document.isRestricted || !(input.password ?? "").isEmpty
            if encrypted && encryption != .drop { throw QPDFError.encryptionNotKept(.sheetsDrawnByCairo) }
            try drawWithCairo(input.document, to: temporary)
            return nil
        }
        return LayoutWritten(path: path, linksDropped: navigation?.linksDropped)
    }

    /// The catalog entries of a reading order: /Direction is written only for right-to-left.
    static func preferences(_ order: ReadingOrder) -> ViewerPreferences {
        ViewerPreferences(pageLayout: order.pageLayout.pdfName, direction: order.rightToLeft ? .rightToLeft : nil)
    }

    /// The views as sheets in points: pages (their crop-box content where it sits in the laid-out box).
    private func sheets() -> [Sheet] {
        zip(views, scales).map { view, scale in
            Sheet(
                width: view.width * scale, height: view.height * scale, background: background,
                papers: view.pages.map { ($0.x * scale, $0.y * scale, $0.width * scale, $0.height * scale) },
                pages: view.pages.map { placed in
                    let offset = geometry[placed.page]?.contentOffset ?? (x: 0, y: 0)
                    return SheetPage(
                        index: placed.page - 1, x: (placed.x + offset.x) * scale, y: (placed.y + offset.y) * scale,
                        scale: scale)
                })
        }
    }

    /// One document on one thread: a cairo PDF surface cannot be shared.
    private func drawWithCairo(_ document: Document, to path: String) throws {
        let progress = ProgressBar(
            label: progressLabel ?? "", total: views.count, quiet: progressLabel == nil, minimum: 8)
        defer { progress.finish() }
        let writer = try PDFWriter(path: path)
        for sheet in sheets() {
            writer.beginSheet(width: sheet.width, height: sheet.height)
            if let background {
                writer.fill(x: 0, y: 0, width: sheet.width, height: sheet.height, colour: background)
                for paper in sheet.papers {
                    writer.fill(x: paper.x, y: paper.y, width: paper.width, height: paper.height, colour: .white)
                }
            }
            for placed in sheet.pages {
                writer.draw(try document.page(at: placed.index), x: placed.x, y: placed.y, scale: placed.scale)
            }
            progress.advance()
        }
        try writer.finish()
    }
}

extension VectorJob: LayoutWriter {
    /// Vector sheets: no raster image, so nothing limits a side, and transparency is the viewer's.
    public static let format = OutputFormat(name: "PDF", naming: .suffix(".pdf"))
}

extension LayoutRequest {
    /// The vector PDF writer of `laidOut` (sheets in points, unless fitted). `onFallback` hears
    /// why the sheets are drawn with cairo when qpdf cannot make them.
    public func vectorJob(
        _ laidOut: LaidOut, progressLabel: String?, onFallback: @escaping (QPDFError) -> Void
    ) -> VectorJob {
        var job = VectorJob(
            views: laidOut.layout.views, scales: laidOut.sheetScales, background: background,
            geometry: laidOut.geometry, progressLabel: progressLabel, onFallback: onFallback)
        job.readingOrder = .sheets(laidOut.options)
        job.encryption = encryption
        return job
    }
}
