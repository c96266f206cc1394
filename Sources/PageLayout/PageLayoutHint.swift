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
