import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A comic archive's ComicInfo.xml (the Anansi Project's schema, version 2.0): what pdflayout
/// reads from it (title, series, language, the reading direction, covers and double pages) and
/// what it writes into the CBZ files it makes, in the element order the schema fixes.
public struct ComicInfo: Sendable, Equatable {
    /// `Manga`: Yes means a manga in left-to-right order; YesAndRightToLeft is the only way the
    /// schema says a book reads right to left.
    public enum Manga: String, Sendable {
        case unknown = "Unknown", no = "No", yes = "Yes", yesAndRightToLeft = "YesAndRightToLeft"
    }

    /// One `<Page>`: the 0-based index of an image in the archive's order, its type
    /// (FrontCover, Story, ...) and whether it fills a spread by itself.
    public struct Page: Sendable, Equatable {
        public var image: Int
        public var type: String?
        public var doublePage: Bool
        public var width: Int?
        public var height: Int?

        public init(image: Int, type: String? = nil, doublePage: Bool = false, width: Int? = nil, height: Int? = nil) {
            self.image = image; self.type = type; self.doublePage = doublePage; self.width = width
            self.height = height
        }
    }

    public var title: String?
    public var series: String?
    public var number: String?
    public var volume: Int?
    public var summary: String?
    public var writer: String?
    public var pageCount: Int?
    public var languageISO: String?
    public var manga: Manga?
    public var pages: [Page]

    public init() { pages = [] }

    /// True when the book reads right to left.
    public var isRightToLeft: Bool { manga == .yesAndRightToLeft }

    /// The images (0-based) marked DoublePage.
    public var doublePages: Set<Int> { Set(pages.filter(\.doublePage).map(\.image)) }

    /// The image marked FrontCover, if any.
    public var frontCover: Int? { pages.first { $0.type == "FrontCover" }?.image }

    /// Reads ComicInfo.xml; nil when it is not well-formed XML with a ComicInfo root, or when it
    /// has a DOCTYPE (whose entities could expand without bound; the schema has none). Unknown
    /// elements and values are ignored, as comic readers do.
    public init?(xml: [UInt8]) {
        guard xml.firstRange(of: Array("<!DOCTYPE".utf8)) == nil else { return nil }
        let reader = Reader()
        let parser = XMLParser(data: Data(xml))
        parser.delegate = reader
        // No external entities, no DTD loading: the file comes from an archive nobody vouches for.
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), reader.sawRoot, reader.closedRoot else { return nil }
        self = reader.info
    }

    /// ComicInfo.xml as the 2.0 schema orders it (xmllint --schema ComicInfo.xsd validates it).
    public func xml() -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<ComicInfo xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">",
        ]
        func element(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("  <\(name)>\(XMLText.escaped(value))</\(name)>")
        }
        element("Title", title)
        element("Series", series)
        element("Number", number)
        element("Volume", volume.map(String.init))
        element("Summary", summary)
        element("Writer", writer)
        element("PageCount", pageCount.map(String.init))
        element("LanguageISO", languageISO)
        element("Manga", manga?.rawValue)
        if !pages.isEmpty {
            lines.append("  <Pages>")
            for page in pages {
                var attributes = "Image=\"\(page.image)\""
                if let type = page.type { attributes += " Type=\"\(XMLText.escaped(type))\"" }
                if page.doublePage { attributes += " DoublePage=\"true\"" }
                if let width = page.width { attributes += " ImageWidth=\"\(width)\"" }
                if let height = page.height { attributes += " ImageHeight=\"\(height)\"" }
                lines.append("    <Page \(attributes) />")
            }
            lines.append("  </Pages>")
        }
        lines.append("</ComicInfo>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page types the 2.0 schema allows.
    public static let pageTypes: Set<String> = [
        "FrontCover", "InnerCover", "Roundup", "Story", "Advertisement", "Editorial", "Letters", "Preview",
        "BackCover", "Other", "Deleted",
    ]

    private final class Reader: NSObject, XMLParserDelegate {
        var info = ComicInfo()
        var sawRoot = false
        var closedRoot = false
        var path: [String] = []
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if path.isEmpty { sawRoot = name == "ComicInfo" }
            path.append(name)
            text = ""
            if name == "Page", path.count == 3, path[1] == "Pages",
                let image = attributes["Image"].flatMap({ Int($0) }),
                image >= 0
            {
                let type = attributes["Type"].flatMap { Self.words($0).first { ComicInfo.pageTypes.contains($0) } }
                info.pages.append(
                    Page(
                        image: image, type: type,
                        doublePage: attributes["DoublePage"].map { $0.lowercased() == "true" || $0 == "1" } ?? false,
                        width: attributes["ImageWidth"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
                        height: attributes["ImageHeight"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }))
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            defer {
                path.removeLast()
                if path.isEmpty { closedRoot = true }
            }
            guard path.count == 2, sawRoot else { return }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else { return }
            switch name {
            case "Title": info.title = value
            case "Series": info.series = value
            case "Number": info.number = value
            case "Volume": info.volume = Int(value)
            case "Summary": info.summary = value
            case "Writer": info.writer = value
            case "PageCount": info.pageCount = Int(value)
            case "LanguageISO": info.languageISO = value
            case "Manga": info.manga = Manga(rawValue: value)
            default: break
            }
        }

        /// A Type may list several space-separated values (comicapi writes "FrontCover Story").
        static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
    }
}
