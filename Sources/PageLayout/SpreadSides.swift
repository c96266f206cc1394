/// Where a reading system that shows spreads (an e-reader, a comic reader) puts each page, as
/// pdflayout pairs them: the page of a two-page spread on the left or on the right, or a page that
/// stands alone in its view (a cover, an `--alone` page, a wide page, a trailing odd page) in the
/// middle, filling the spread by itself. A fixed-layout EPUB states these as page-spread-left,
/// page-spread-right and rendition:page-spread-center.
public enum SpreadSide: String, Sendable, Equatable, Codable {
    case left, right, center
}

public enum SpreadSides {
    /// One side per page of `pages`, in their order (pages already in reading order, a page listed
    /// twice counted twice). Two-up modes pair them as `LayoutEngine` does, whatever the flow
    /// (a continuous mode's spreads are the rows of its one view); single and continuous
    /// modes have no spreads, so every page is centred.
    public static func sides(_ pages: [SourcePage], options: LayoutOptions) -> [SpreadSide] {
        guard options.mode.isTwoUp, options.columns == nil else { return pages.map { _ in .center } }
        var spreadOptions = options
        spreadOptions.mode = .twoUp
        var sides: [SpreadSide] = []
        for view in LayoutEngine.layout(pages, options: spreadOptions).views {
            guard view.pages.count == 2 else {
                sides.append(contentsOf: view.pages.map { _ in .center })
                continue
            }
            // Reading order in the view; the screen side comes from where each page was placed.
            let leftmost = view.pages[0].x <= view.pages[1].x ? 0 : 1
            sides.append(leftmost == 0 ? .left : .right)
            sides.append(leftmost == 0 ? .right : .left)
        }
        return sides
    }
}
