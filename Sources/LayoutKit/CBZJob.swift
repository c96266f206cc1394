import Archive
import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport

/// `-o BOOK.cbz`: the laid-out views (a page each with --single, a spread each with --two-up), as
/// images 0001.png, 0002.jpg ... in a zip (each encoded as an EPUB's page: `PageEncoding`), with a
/// ComicInfo.xml (ComicInfo 2.0 schema) that tells comic readers what the layout decided: Manga
/// YesAndRightToLeft for a right-to-left layout, the first view FrontCover when the cover stands
/// alone, DoublePage for every view that shows two pages or a page filling a spread, and with
/// --single every page the input's ComicInfo (or its width) makes a double page. A page alone in
/// its spread (the cover, the last page, an --alone page) is an image of its own width, not a
/// spread with a blank half; a comic's JPEG page shown as it is goes in as it was. Written under a
/// temporary name and renamed.
public struct CBZJob: Sendable {
    public var layout: Layout
    /// The options, one scale per view, the document, its title and language.
    public var context: RenderContext
    public var background: Colour = .white
    /// The source comic's ComicInfo (series, number, writer, summary and language carry over).
    public var comic: ComicInfo?

    public init(layout: Layout, context: RenderContext) {
        self.layout = layout
        self.context = context
    }

    private var options: LayoutOptions { context.options }

    /// The name inside the archive of the `index`th view's image, of media type `type`.
    func imageName(_ index: Int, type: String) -> String {
        let width = max(4, String(layout.views.count).count), digits = String(index + 1)
        return String(repeating: "0", count: width - digits.count) + digits + (type == "image/png" ? ".png" : ".jpg")
    }

    /// The views as the archive's images show them: a lone page's view cut to the page and its
    /// insets (the empty slot beside it is where a facing page would be, not part of the page).
    public var imageViews: [View] {
        layout.views.map { view in
            guard view.pages.count == 1, let page = view.pages.first else { return view }
            let left = max(0, page.x - options.margins.left)
            let right = min(view.width, page.x + page.width + options.margins.right)
            var cut = view
            cut.width = right - left
            cut.pages[0].x -= left
            return cut
        }
    }

    /// ComicInfo.xml for the layout.
    public func comicInfo() -> ComicInfo {
        var info = ComicInfo()
        info.title = context.title
        info.series = comic?.series
        info.number = comic?.number
        info.volume = comic?.volume
        info.summary = comic?.summary
        info.writer = comic?.writer
        info.pageCount = layout.views.count
        let tag = LanguageTag.tag(context.language ?? comic?.languageISO)
        info.languageISO = tag == "und" ? nil : tag
        info.manga = options.rtl ? .yesAndRightToLeft : comic?.manga == .yes ? .yes : .no
        let firstPage = layout.views.first?.pages.first?.page
        let shown = imageViews
        info.pages = layout.views.enumerated().map { index, view in
            let size = Scale.pixelSize(of: shown[index], scale: context.scales[index])
            let cover = index == 0 && options.cover && view.pages.count == 1 && firstPage != nil
            return ComicInfo.Page(
                image: index, type: cover ? "FrontCover" : nil, doublePage: !cover && isDoublePage(view),
                width: size.width, height: size.height)
        }
        return info
    }

    /// Two pages side by side, or one page that fills a spread: with --two-up a lone page as wide
    /// as its view (a wide page or a double page, not one beside an empty slot); with --single a
    /// page the input makes a double page (its ComicInfo's DoublePage, a comic's wide page).
    private func isDoublePage(_ view: View) -> Bool {
        switch options.mode {
        case .twoUp:
            guard let page = view.pages.first, view.pages.count == 1 else { return view.pages.count == 2 }
            return page.width + options.margins.horizontal >= view.width - 0.01
        case .single:
            return view.pages.count == 1 && options.doublePages.contains(view.pages[0].page)
        case .continuous, .twoUpContinuous:
            return false
        }
    }

    /// Renders every view and writes the archive to `path`.
    public func write(to path: String) throws {
        let folder = try TemporaryFolder(prefix: "pdflayout-cbz")
        defer { folder.remove() }
        let images = try PageEncoding.images(
            of: imageViews, context: context, background: background, in: folder.path)
        let info = comicInfo().xml()
        try AtomicOutput.write(to: path) { temporary in
            let archive = try ZipWriter(path: temporary)
            for (index, image) in images.enumerated() {
                try archive.add(name: imageName(index, type: image.type), file: image.file, compressed: false)
            }
            try archive.add(name: "ComicInfo.xml", text: info, compressed: true)
            try archive.close()
        }
    }
}

extension CBZJob: RenderContextWriter {
    /// Its images are encoded as an EPUB's pages are (`PageEncoding`): JPEG's side, no transparency.
    public static let format = OutputFormat(
        name: "CBZ", naming: .suffix(".cbz"), maxSide: ImageFormat.jpeg.maxSide, keepsTransparency: false)
}

extension LayoutRequest {
    /// The comic archive of `laidOut`: its views as JPEG images with a ComicInfo.xml.
    public func cbzJob(_ laidOut: LaidOut, input: LayoutInput, file: String, progressLabel: String?) -> CBZJob {
        var job = CBZJob(
            layout: laidOut.layout,
            context: context(
                laidOut, input: input, scales: laidOut.comicScales(isComic: input.comic != nil),
                title: input.title(file: file), progressLabel: progressLabel))
        job.background = background ?? .white
        job.comic = input.comic?.info
        return job
    }
}
