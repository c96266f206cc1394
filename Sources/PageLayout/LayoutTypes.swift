// Plain value types of the layout engine: what goes in (pages and options) and what comes out
// (views with placed pages). All lengths are PDF points (1/72 inch); the origin is top-left.

/// How pages are grouped into views, after PDFKit's `PDFDisplayMode`.
public enum LayoutMode: String, Codable, Sendable, CaseIterable {
    /// One view per page.
    case single
    /// One view holding every page, in a column (or a row with `.horizontal`).
    case continuous
    /// One view per two-page spread.
    case twoUp = "two-up"
    /// One view holding every spread, in a column (or a row with `.horizontal`).
    case twoUpContinuous = "two-up-continuous"

    /// Whether the whole document is one view (the continuous modes).
    public var isContinuous: Bool { self == .continuous || self == .twoUpContinuous }
    /// Whether pages are paired into spreads.
    public var isTwoUp: Bool { self == .twoUp || self == .twoUpContinuous }
}

/// Where successive pages (or spreads) go in the continuous modes.
/// Unlike PDFKit, `.horizontal` is honoured in `twoUpContinuous` too.
public enum LayoutDirection: String, Codable, Sendable, CaseIterable {
    /// Pages (or spreads) one under the other, a column.
    case vertical
    /// Pages (or spreads) side by side, a row (runs right to left with `rtl`).
    case horizontal
}

/// Insets around every page, PDFKit's `pageBreakMargins`. Each page occupies its own size plus
/// these insets, so two neighbouring pages are `right + left` (or `bottom + top`) apart.
/// The sides are physical (screen) sides: `--rtl` reorders pages, it does not swap the insets.
public struct PageMargins: Codable, Sendable, Equatable {
    /// Inset above each page, points.
    public let top: Double
    /// Inset left of each page, points.
    public let left: Double
    /// Inset below each page, points.
    public let bottom: Double
    /// Inset right of each page, points.
    public let right: Double

    /// Negative (and NaN) insets clamp to 0, as PDFKit does.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = Self.clamped(top)
        self.left = Self.clamped(left)
        self.bottom = Self.clamped(bottom)
        self.right = Self.clamped(right)
    }

    /// The same inset on all four sides.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// PDFKit's default with page breaks on: {4.75, 4.0, 4.75, 4.0}.
    public static let pdfKitDefault = PageMargins(top: 4.75, left: 4, bottom: 4.75, right: 4)
    /// No gaps (`--no-gaps`, PDFKit with page breaks off): pages butt against each other.
    public static let none = PageMargins(all: 0)

    /// Horizontal room the insets add to a page.
    public var horizontal: Double { left + right }
    /// Vertical room the insets add to a page.
    public var vertical: Double { top + bottom }

    // Decoding goes through the clamping initialiser so that decoded margins obey it too.
    private enum CodingKeys: String, CodingKey { case top, left, bottom, right }
    /// Decodes `top`, `left`, `bottom`, `right`, clamped like `init(top:left:bottom:right:)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            top: try c.decode(Double.self, forKey: .top),
            left: try c.decode(Double.self, forKey: .left),
            bottom: try c.decode(Double.self, forKey: .bottom),
            right: try c.decode(Double.self, forKey: .right))
    }

    private static func clamped(_ value: Double) -> Double { value > 0 ? value : 0 }
}

/// What two-up modes do with a page wider than tall in a portrait book (a double-page scan in
/// manga, a fold-out plate): see `LayoutEngine.widePages`.
public enum WidePages: String, Codable, Sendable, CaseIterable {
    /// The wide page stands alone on its view, as wide as it is; the next page starts a new spread.
    case alone
    /// The wide page is paired like any other page.
    case pair
}

/// Everything that decides the geometry apart from the pages themselves.
public struct LayoutOptions: Codable, Sendable, Equatable {
    /// How pages are grouped into views.
    public var mode: LayoutMode
    /// Where pages go in the continuous modes: a column or a row.
    public var direction: LayoutDirection
    /// Right-to-left: the two pages of a spread swap sides, and horizontal strips run right to left.
    /// No effect on `single`, nor on vertical `continuous` (a column of single pages has no sides).
    public var rtl: Bool
    /// PDFKit's `displaysAsBook`: the first page stands alone. Two-up modes only.
    public var cover: Bool
    /// Insets around every page (PDFKit's `pageBreakMargins`).
    public var margins: PageMargins
    /// Two-up modes: wide pages of a portrait book alone (the default, as books are made) or paired.
    public var widePages: WidePages
    /// Two-up modes: page numbers (1-based, in the document) that stand alone on the right-hand
    /// side of their spread (left with `rtl`), as a chapter opener does; the pages after re-pair.
    public var alone: Set<Int>
    /// Two-up modes: page numbers that fill a spread by themselves whatever the pages around them
    /// (a comic's ComicInfo DoublePage pages): each stands alone in a view of its own width, as
    /// a wide page of a book does, and pairing starts afresh after it.
    public var doublePages: Set<Int> = []
    /// A contact sheet of this many columns (`ContactSheet`) instead of `mode`'s views: nil for
    /// PDFKit's modes. Uses `rtl`, `cover` and `margins`; `mode`, `direction` and pairing do not apply.
    public var columns: Int?

    /// Options with PDFKit's defaults: single pages, vertical, left to right, no cover, page-break
    /// margins; wide pages of a book alone, no other page alone.
    public init(
        mode: LayoutMode = .single, direction: LayoutDirection = .vertical,
        rtl: Bool = false, cover: Bool = false, margins: PageMargins = .pdfKitDefault,
        widePages: WidePages = .alone, alone: Set<Int> = [], columns: Int? = nil
    ) {
        self.mode = mode
        self.direction = direction
        self.rtl = rtl
        self.cover = cover
        self.margins = margins
        self.widePages = widePages
        self.alone = alone
        self.columns = columns
    }

    private enum CodingKeys: String, CodingKey {
        case mode, direction, rtl, cover, margins, widePages, alone, columns, doublePages
    }

    /// Decodes the options; `widePages`, `alone` and `columns` may be absent (options written before they existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mode: try c.decode(LayoutMode.self, forKey: .mode),
            direction: try c.decode(LayoutDirection.self, forKey: .direction),
            rtl: try c.decode(Bool.self, forKey: .rtl),
            cover: try c.decode(Bool.self, forKey: .cover),
            margins: try c.decode(PageMargins.self, forKey: .margins),
            widePages: try c.decodeIfPresent(WidePages.self, forKey: .widePages) ?? .alone,
            alone: try c.decodeIfPresent(Set<Int>.self, forKey: .alone) ?? [],
            columns: try c.decodeIfPresent(Int.self, forKey: .columns))
        doublePages = try c.decodeIfPresent(Set<Int>.self, forKey: .doublePages) ?? []
    }
}

/// One page to lay out: its 1-based number in the document and its size in points with /Rotate
/// already applied (width and height swapped at 90° and 270°). `rotation` is only passed through
/// to the output so that the renderer knows how to draw the page.
public struct SourcePage: Codable, Sendable, Equatable {
    /// 1-based page number in the document.
    public var number: Int
    /// Width in points, /Rotate applied.
    public var width: Double
    /// Height in points, /Rotate applied.
    public var height: Double
    /// /Rotate in degrees (0, 90, 180, 270), passed through to `PlacedPage`.
    public var rotation: Int

    /// A page from its number and its shown size in points.
    public init(number: Int, width: Double, height: Double, rotation: Int = 0) {
        self.number = number
        self.width = width
        self.height = height
        self.rotation = rotation
    }
}

/// A page's rectangle inside its view (the page itself, without its margins).
public struct PlacedPage: Codable, Sendable, Equatable {
    /// 1-based page number in the document.
    public var page: Int
    /// Left edge of the page in the view, points.
    public var x: Double
    /// Top edge of the page in the view, points.
    public var y: Double
    /// Page width, points.
    public var width: Double
    /// Page height, points.
    public var height: Double
    /// The page's /Rotate in degrees, passed through from `SourcePage`.
    public var rotation: Int

    /// A page rectangle; the engine builds these.
    public init(page: Int, x: Double, y: Double, width: Double, height: Double, rotation: Int = 0) {
        self.page = page
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.rotation = rotation
    }

    /// Right edge, points.
    public var maxX: Double { x + width }
    /// Bottom edge, points.
    public var maxY: Double { y + height }
}

/// One output unit: an image, a PDF sheet. Its pages are listed in reading order (input order),
/// whatever their position on screen.
public struct View: Codable, Sendable, Equatable {
    /// 0-based position in `Layout.views`.
    public var index: Int
    /// Width of the view, points (margins included).
    public var width: Double
    /// Height of the view, points (margins included).
    public var height: Double
    /// The pages on this view, in reading (input) order.
    public var pages: [PlacedPage]

    /// A view; the engine builds these.
    public init(index: Int, width: Double, height: Double, pages: [PlacedPage]) {
        self.index = index
        self.width = width
        self.height = height
        self.pages = pages
    }
}

/// The result of laying out a document: its views, in output order.
public struct Layout: Codable, Sendable, Equatable {
    /// The views in output order: one per page or spread, or one for a continuous mode.
    public var views: [View]

    /// A layout of the given views.
    public init(views: [View]) {
        self.views = views
    }
}
