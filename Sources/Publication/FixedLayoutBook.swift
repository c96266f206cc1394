import PageLayout

/// The text of a fixed-layout EPUB 3 (every page an image in an XHTML page of its own size), as
/// pdflayout lays the book out: the spine's page-progression-direction, each page's side of the
/// spread, rendition:spread, and a viewport on every page. The files are:
///
///     mimetype                    application/epub+zip (stored first, by the writer)
///     META-INF/container.xml      points at OEBPS/package.opf
///     OEBPS/package.opf           metadata, manifest, spine (`packageDocument`)
///     OEBPS/nav.xhtml             table of contents, page list, landmarks (`navigationDocument`)
///     OEBPS/page.css              the one style sheet
///     OEBPS/p0001.xhtml ...       one per page (`pageDocument(at:)`), showing images/p0001.jpg ...
public struct FixedLayoutBook: Sendable {
    /// One page of the spine: its pixel size (the viewport, in CSS pixels), its side of the
    /// spread, its label (the PDF's page label, or its number).
    public struct Page: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var side: SpreadSide
        public var label: String
        /// The image's media type: image/jpeg or image/png.
        public var imageType: String
        /// The page's text in the page's pixels, laid over its image invisibly so that a reader can
        /// search, select and read it aloud.
        public var words: [PageWord]

        public init(
            width: Int, height: Int, side: SpreadSide, label: String, imageType: String = "image/jpeg",
            words: [PageWord] = []
        ) {
            self.width = width; self.height = height; self.side = side; self.label = label
            self.imageType = imageType; self.words = words
        }
    }

    /// A table-of-contents entry: a title and the index of its page in `pages`.
    public struct Entry: Sendable, Equatable {
        public var title: String
        public var page: Int
        public var children: [Entry]

        public init(title: String, page: Int, children: [Entry] = []) {
            self.title = title; self.page = page; self.children = children
        }
    }

    /// How a reading system pairs pages: none shows one page at a time (`--single`, the
    /// continuous modes); both pairs them in any orientation (the two-up modes).
    public enum Spread: String, Sendable {
        case none, both
    }

    public var identifier: String
    public var title: String
    /// A BCP 47 tag; "und" when unknown.
    public var language: String
    /// dcterms:modified, `CCYY-MM-DDThh:mm:ssZ`.
    public var modified: String
    public var rightToLeft: Bool
    public var spread: Spread
    public var pages: [Page]
    /// The outline; empty gives one entry, the title, pointing at the first page.
    public var contents: [Entry]
    /// A comic's series and its number in it (EPUB 3's belongs-to-collection).
    public var series: String?
    public var seriesNumber: String?
    public var creators: [String]
    public var description: String?

    public init(
        identifier: String, title: String, language: String, modified: String, rightToLeft: Bool, spread: Spread,
        pages: [Page]
    ) {
        self.identifier = identifier; self.title = title; self.language = language; self.modified = modified
        self.rightToLeft = rightToLeft; self.spread = spread; self.pages = pages
        contents = []
        creators = []
    }

    public static let containerPath = "META-INF/container.xml"
    public static let packagePath = "OEBPS/package.opf"
    public static let navigationPath = "OEBPS/nav.xhtml"
    public static let stylePath = "OEBPS/page.css"

    /// The XHTML page of the page at `index` (0-based) and its image, inside the EPUB.
    public func pagePath(at index: Int) -> String { "OEBPS/" + pageName(index) }
    public func imagePath(at index: Int) -> String { "OEBPS/" + imageName(index) }

    func pageName(_ index: Int) -> String { "p\(Self.padded(index + 1, to: width)).xhtml" }
    func imageName(_ index: Int) -> String {
        "images/p\(Self.padded(index + 1, to: width)).\(pages[index].imageType == "image/png" ? "png" : "jpg")"
    }
    private var width: Int { max(4, String(pages.count).count) }

    public static let mimetype = "application/epub+zip"

    public static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """

    public static let style = """
        html, body { margin: 0; padding: 0; overflow: hidden; }
        body { position: relative; }
        img { display: block; width: 100%; height: 100%; }
        svg.text { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
        svg.text text { fill: transparent; font-family: sans-serif; white-space: pre; }
        svg.text text::selection { fill: transparent; background: rgba(0, 100, 255, 0.3); }

        """

    /// OEBPS/package.opf.
    public func packageDocument() -> String {
        var metadata = [
            "<dc:identifier id=\"book-id\">\(XMLText.escaped(identifier))</dc:identifier>",
            "<dc:title>\(XMLText.escaped(title.isEmpty ? "Untitled" : title))</dc:title>",
            "<dc:language>\(XMLText.escaped(language))</dc:language>",
        ]
        metadata += creators.map { "<dc:creator>\(XMLText.escaped($0))</dc:creator>" }
        if let description, !description.isEmpty {
            metadata.append("<dc:description>\(XMLText.escaped(description))</dc:description>")
        }
        metadata += [
            "<meta property=\"dcterms:modified\">\(modified)</meta>",
            "<meta property=\"rendition:layout\">pre-paginated</meta>",
            "<meta property=\"rendition:spread\">\(spread.rawValue)</meta>",
            "<meta property=\"rendition:orientation\">auto</meta>",
        ]
        if let series, !series.isEmpty {
            metadata.append("<meta property=\"belongs-to-collection\" id=\"series\">\(XMLText.escaped(series))</meta>")
            metadata.append("<meta refines=\"#series\" property=\"collection-type\">series</meta>")
            if let seriesNumber, Self.isNumber(seriesNumber) {
                metadata.append("<meta refines=\"#series\" property=\"group-position\">\(seriesNumber)</meta>")
            }
        }
        // EPUB 2 readers (and some EPUB 3 ones) find the cover by this name.
        metadata.append("<meta name=\"cover\" content=\"image-1\"/>")
        var manifest = [
            "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>",
            "<item id=\"style\" href=\"page.css\" media-type=\"text/css\"/>",
        ]
        var spine: [String] = []
        for (index, page) in pages.enumerated() {
            let number = index + 1
            // A page with a text layer holds inline SVG, which the manifest must say.
            let svg = page.words.isEmpty ? "" : " properties=\"svg\""
            manifest.append(
                "<item id=\"page-\(number)\" href=\"\(pageName(index))\" media-type=\"application/xhtml+xml\"\(svg)/>")
            let cover = index == 0 ? " properties=\"cover-image\"" : ""
            manifest.append(
                "<item id=\"image-\(number)\" href=\"\(imageName(index))\" media-type=\"\(page.imageType)\"\(cover)/>")
            spine.append("<itemref idref=\"page-\(number)\" properties=\"\(Self.property(page.side))\"/>")
        }
        let direction = rightToLeft ? "rtl" : "ltr"
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(XMLText.escaped(language))">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                \(metadata.joined(separator: "\n    "))
              </metadata>
              <manifest>
                \(manifest.joined(separator: "\n    "))
              </manifest>
              <spine page-progression-direction="\(direction)">
                \(spine.joined(separator: "\n    "))
              </spine>
            </package>

            """
    }

    /// The spine property of a side: page-spread-left|right, or rendition:page-spread-center
    /// (the unprefixed page-spread-center is not an EPUB 3 property).
    static func property(_ side: SpreadSide) -> String {
        switch side {
        case .left: return "page-spread-left"
        case .right: return "page-spread-right"
        case .center: return "rendition:page-spread-center"
        }
    }

    /// OEBPS/nav.xhtml: the outline as the table of contents, every page's label in the page
    /// list, and the cover and first page as landmarks.
    public func navigationDocument() -> String {
        let entries = contents.isEmpty ? [Entry(title: title.isEmpty ? "Untitled" : title, page: 0)] : contents
        let pageList = pages.indices.map {
            "<li><a href=\"\(pageName($0))\">\(XMLText.escaped(pages[$0].label))</a></li>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(XMLText.escaped(language))" xml:lang="\(XMLText.escaped(language))">
            <head>
            <title>\(XMLText.escaped(title.isEmpty ? "Untitled" : title))</title>
            </head>
            <body>
            <nav epub:type="toc" id="toc">
            \(list(entries))
            </nav>
            <nav epub:type="page-list" id="page-list" hidden="hidden">
            <ol>
            \(pageList.joined(separator: "\n"))
            </ol>
            </nav>
            <nav epub:type="landmarks" id="landmarks" hidden="hidden">
            <ol>
            <li><a epub:type="cover" href="\(pageName(0))">Cover</a></li>
            <li><a epub:type="bodymatter" href="\(pageName(0))">Start</a></li>
            </ol>
            </nav>
            </body>
            </html>

            """
    }

    private func list(_ entries: [Entry]) -> String {
        let items = entries.map { entry in
            let link =
                "<a href=\"\(pageName(min(max(entry.page, 0), pages.count - 1)))\">\(XMLText.escaped(entry.title.isEmpty ? "—" : entry.title))</a>"
            return entry.children.isEmpty ? "<li>\(link)</li>" : "<li>\(link)\n\(list(entry.children))</li>"
        }
        return "<ol>\n" + items.joined(separator: "\n") + "\n</ol>"
    }

    /// The XHTML page at `index`: a viewport of the image's pixel size and the image filling it.
    public func pageDocument(at index: Int) -> String {
        let page = pages[index]
        let name = XMLText.escaped("Page \(page.label)")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(XMLText.escaped(language))" xml:lang="\(XMLText.escaped(language))">
            <head>
            <title>\(name)</title>
            <meta name="viewport" content="width=\(page.width), height=\(page.height)"/>
            <link rel="stylesheet" type="text/css" href="page.css"/>
            </head>
            <body epub:type="bodymatter" style="width: \(page.width)px; height: \(page.height)px;">
            <img src="\(imageName(index))" alt="\(name)" width="\(page.width)" height="\(page.height)"/>\(textLayer(page))
            </body>
            </html>

            """
    }

    /// The page's words as SVG text over the image: each word stretched to its box
    /// (`textLength`), so that a reader's search and selection mark the word where the image shows
    /// it, without a script; transparent, so only the image is seen.
    func textLayer(_ page: Page) -> String {
        guard !page.words.isEmpty else { return "" }
        func number(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let texts = page.words.map { word -> String in
            let text = XMLText.escaped(word.text)
            switch word.run {
            case .across:
                // The baseline about a fifth of the box above its bottom (descenders below it).
                let size = word.height, baseline = word.y + word.height * 0.8
                return "<text x=\"\(number(word.x))\" y=\"\(number(baseline))\" font-size=\"\(number(size))\" "
                    + "textLength=\"\(number(word.width))\" lengthAdjust=\"spacingAndGlyphs\">\(text)</text>"
            case .down, .up:
                // Turned a quarter: down runs from the top with its letters' tops to the right, up
                // from the bottom with their tops to the left; the baseline a fifth inside the box.
                let down = word.run == .down
                let x = down ? word.x + word.width * 0.2 : word.x + word.width * 0.8
                let y = down ? word.y : word.y + word.height
                return "<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(number(word.width))\" "
                    + "textLength=\"\(number(word.height))\" lengthAdjust=\"spacingAndGlyphs\" "
                    + "transform=\"rotate(\(down ? 90 : -90) \(number(x)) \(number(y)))\">\(text)</text>"
            }
        }
        return
            "\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"text\" viewBox=\"0 0 \(page.width) \(page.height)\">\n"
            + texts.joined(separator: "\n") + "\n</svg>"
    }

    private static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && text.first != "."
            && text.last != "."
    }
}
