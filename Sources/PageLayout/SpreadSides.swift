/// Where a reading system that shows spreads (an e-reader, a comic reader) puts each page, as
/// pdflayout places them: on the left or the right of its spread, or in the middle for a page that
/// fills its view alone (a wide page, every page of a mode without spreads). A lone page that a
/// book puts on one side (a cover on the right, a trailing odd page on the left, an `--alone`
/// chapter opener) keeps that side, with its facing place empty, as pdflayout draws it: a reader
/// told `center` shows such a page alone and may let the next centred page replace it. A
/// fixed-layout EPUB states these as page-spread-left, page-spread-right and
/// rendition:page-spread-center.
public enum SpreadSide: String, Sendable, Equatable, Codable {
    case left, right, center
}

public enum SpreadSides {
    /// One side per page of `pages`, in their order (pages already in reading order, a page listed
    /// twice counted twice). Two-up modes place them as `LayoutEngine` does, whatever the flow
    /// (a continuous mode's spreads are the rows of its one view); single and continuous
    /// modes have no spreads, so every page is centred.
    public static func sides(_ pages: [SourcePage], options: LayoutOptions) -> [SpreadSide] {
        guard options.mode.isTwoUp, options.columns == nil else { return pages.map { _ in .center } }
        var spreadOptions = options
        spreadOptions.mode = .twoUp
        return LayoutEngine.layout(pages, options: spreadOptions).views.flatMap { view in
            view.pages.map { side(of: $0, in: view) }
        }
    }

    /// The side of the view a page's centre lies on; a page centred in its view (to within a
    /// point) is in the middle.
    static func side(of page: PlacedPage, in view: View) -> SpreadSide {
        let offset = page.x + page.width / 2 - view.width / 2
        if abs(offset) < 1 { return .center }
        return offset < 0 ? .left : .right
    }
}
