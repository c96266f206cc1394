import Archive
import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport

/// `-o BOOK.cbz`: the laid-out views (a page each with --single, a spread each with --two-up),
/// as JPEG images 0001.jpg, 0002.jpg ... in a zip, with a ComicInfo.xml (ComicInfo 2.0 schema)
/// that tells comic readers what the layout decided: Manga YesAndRightToLeft for a right-to-left
/// layout, the first view FrontCover when the cover stands alone, DoublePage for every view
/// that shows two pages or a page filling a spread. Written under a temporary name and renamed.
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

    /// The image names inside the archive, one per view.
    public var imageNames: [String] {
        let width = max(4, String(layout.views.count).count)
        return layout.views.indices.map {
            let digits = String($0 + 1)
            return String(repeating: "0", count: width - digits.count) + digits + ".jpg"
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
        info.pages = zip(layout.views, context.scales).enumerated().map { index, viewAndScale in
            let (view, scale) = viewAndScale
            let size = Scale.pixelSize(of: view, scale: scale)
            let cover = index == 0 && options.cover && view.pages.count == 1 && firstPage != nil
            let fillsSpread = options.mode.isTwoUp && view.pages.count == 1 && !cover && isWholeView(view)
            return ComicInfo.Page(
                image: index, type: cover ? "FrontCover" : nil,
                doublePage: options.mode == .twoUp && (view.pages.count == 2 || fillsSpread),
                width: size.width, height: size.height)
        }
        return info
    }

    /// A lone page that fills its view (a wide page or a double page), not one beside an empty slot.
    private func isWholeView(_ view: View) -> Bool {
        guard let page = view.pages.first else { return false }
        return page.width + options.margins.horizontal >= view.width - 0.01
    }

    /// Renders every view and writes the archive to `path`.
    public func write(to path: String) throws {
        let folder = try TemporaryFolder(prefix: "pdflayout-cbz")
        defer { folder.remove() }
        let names = imageNames
        let files = names.map { folder.path + "/" + $0 }
        let job = RasterJob(
            views: layout.views, names: files, format: .jpeg, options: EPUBJob.jpegOptions, background: background,
            context: context)
        try job.run()
        let info = comicInfo().xml()
        try AtomicOutput.write(to: path) { temporary in
            let archive = try ZipWriter(path: temporary)
            for (name, file) in zip(names, files) { try archive.add(name: name, file: file, compressed: false) }
            try archive.add(name: "ComicInfo.xml", text: info, compressed: true)
            try archive.close()
        }
    }
}
