// The document's own wish: the catalog's /PageLayout entry, used as the default mode.

/// The catalog's /PageLayout (one type for the whole package: the layout engine reads it from the
/// PDF name the Poppler face returns).
public enum PageLayoutHint: String, Codable, Sendable, CaseIterable {
    /// No /PageLayout entry (or an unknown name).
    case unset
    /// `/SinglePage`: one page at a time.
    case singlePage
    /// `/OneColumn`: pages in a continuous column.
    case oneColumn
    /// `/TwoColumnLeft`: spreads in a continuous column, odd pages on the left.
    case twoColumnLeft
    /// `/TwoColumnRight`: spreads in a continuous column, odd pages on the right.
    case twoColumnRight
    /// `/TwoPageLeft`: one spread at a time, odd pages on the left.
    case twoPageLeft
    /// `/TwoPageRight`: one spread at a time, odd pages on the right.
    case twoPageRight

    /// From the PDF name as written in the file (`/TwoPageRight` → "TwoPageRight").
    /// Unknown names read as `.unset`, as a viewer ignores them.
    public init(pdfName: String) {
        switch pdfName {
        case "SinglePage": self = .singlePage
        case "OneColumn": self = .oneColumn
        case "TwoColumnLeft": self = .twoColumnLeft
        case "TwoColumnRight": self = .twoColumnRight
        case "TwoPageLeft": self = .twoPageLeft
        case "TwoPageRight": self = .twoPageRight
        default: self = .unset
        }
    }

    /// The mode and cover setting the hint asks for. "Column" means continuous, "Page" paged;
    /// "Right" puts odd pages on the right, which is a book with page 1 alone as its cover.
    /// No hint means `single`, this tool's default.
    public var defaultMode: (mode: LayoutMode, cover: Bool) {
        switch self {
        case .unset, .singlePage: return (.single, false)
        case .oneColumn: return (.continuous, false)
        case .twoColumnLeft: return (.twoUpContinuous, false)
        case .twoColumnRight: return (.twoUpContinuous, true)
        case .twoPageLeft: return (.twoUp, false)
        case .twoPageRight: return (.twoUp, true)
        }
    }
}

extension PageLayoutHint {
    /// The name as written in a PDF catalog, without the slash; nil for `.unset`.
    public var pdfName: String? {
        switch self {
        case .unset: return nil
        case .singlePage: return "SinglePage"
        case .oneColumn: return "OneColumn"
        case .twoColumnLeft: return "TwoColumnLeft"
        case .twoColumnRight: return "TwoColumnRight"
        case .twoPageLeft: return "TwoPageLeft"
        case .twoPageRight: return "TwoPageRight"
        }
    }
}

/// The reading order a written PDF declares in its catalog: /PageLayout, and
/// /ViewerPreferences /Direction (/R2L when `rightToLeft`).
public struct ReadingOrder: Sendable, Equatable {
    /// The catalog's /PageLayout.
    public var pageLayout: PageLayoutHint
    /// /Direction /R2L (right-edge binding) when true, /L2R otherwise.
    public var rightToLeft: Bool

    /// A reading order from its two entries.
    public init(pageLayout: PageLayoutHint, rightToLeft: Bool) {
        self.pageLayout = pageLayout
        self.rightToLeft = rightToLeft
    }

    /// For a PDF of sheets laid out with `options`: each sheet already is a page or a spread, so
    /// viewers must show one sheet at a time (/SinglePage), or, for the one long sheet of a
    /// continuous mode, a column (/OneColumn); never pair the sheets again. Right-to-left when
    /// the layout is.
    public static func sheets(_ options: LayoutOptions) -> ReadingOrder {
        ReadingOrder(pageLayout: options.mode.isContinuous ? .oneColumn : .singlePage, rightToLeft: options.rtl)
    }

    /// For the original pages shown by a viewer as `options` lays them out (`pdflayout prefs`):
    /// two-up → /TwoPageLeft, or /TwoPageRight with a cover (odd pages on the right: page 1
    /// alone); two-up-continuous → /TwoColumnLeft|Right; continuous → /OneColumn; single →
    /// /SinglePage.
    public static func pages(_ options: LayoutOptions) -> ReadingOrder {
        let layout: PageLayoutHint
        switch options.mode {
        case .single: layout = .singlePage
        case .continuous: layout = .oneColumn
        case .twoUp: layout = options.cover ? .twoPageRight : .twoPageLeft
        case .twoUpContinuous: layout = options.cover ? .twoColumnRight : .twoColumnLeft
        }
        return ReadingOrder(pageLayout: layout, rightToLeft: options.rtl)
    }
}
