/// A found box of text grown to hold all the ink of its text, so that hiding it hides every ink
/// pixel: layout analysis gives word boxes that fall short (a line's last word or its end cut off,
/// a word left out between two found ones, section numbers and page numbers beyond leader dots),
/// and what falls outside stays readable to a person even where OCR reads nothing.
///
/// The box's background is the median grey of its edge (its padding); ink is any pixel at least
/// `contrast` grey levels from it, darker or lighter, so light text on dark themes grows the same
/// way. The box grows up and down where glyphs cross its edge (at most half its height each way),
/// then sideways, column by column along its rows, while ink comes back (within `gap` blank
/// columns, when given), stopping before a column whose ink runs on above and below the box (a frame, a
/// separator or a panel's edge crossing the line, not a letter), then up and down again; then by
/// one pixel of margin for the anti-aliasing below the contrast.
///
/// Growth stops where the rows stop looking like text: text is flat ink on a flat background or
/// panel, so in any stretch of about one line height most pixels are flat (`flattestShare`: near
/// the background, the stretch's own median or its commonest ink level). Photo or video texture and a line found by
/// mistake inside a picture are not: sideways, the growth is taken back to where that stretch
/// began; up and down, a row that does not look so is not taken. The picture is left as it was
/// (bench/blur/ink-survival.md has the figures).
public enum InkExtent {
    /// Grey levels between ink and the box's background.
    public static let contrast = 32
    /// Grey levels from the background within which a pixel counts as flat background (JPEG noise).
    public static let flatTolerance = 12
    /// Grey levels from a stretch's own median within which a pixel counts as flat: a panel's
    /// colour (a selected row, a button), uniform to this, where photo texture and gradients are not.
    public static let panelTolerance = 4
    /// A stretch is text-like while at least this share of its pixels is flat.
    public static let flattestShare = 0.6

    /// `box` grown over the ink of its text in a width × height grey image (`grey`: one byte a
    /// pixel, rows packed), and kept inside `limit` (the image, or the area searched).
    /// `gap`: the most blank columns crossed between inked ones; nil: any number, so that a line
    /// takes in all the ink along its rows up to a frame or the limit (a table of contents' page
    /// numbers, a label's value across a form); a word's own box gives its letter spacing.
    public static func grown(
        _ box: Region, grey: [UInt8], width: Int, height: Int, limit: Region? = nil, gap: Int? = nil
    )
        -> Region
    {
        precondition(grey.count == width * height)
        let bounds = limit ?? Region(x: 0, y: 0, width: width, height: height)
        let minX = max(0, bounds.x), minY = max(0, bounds.y)
        let maxX = min(width, bounds.x + bounds.width), maxY = min(height, bounds.y + bounds.height)
        let left = max(box.x, minX), top = max(box.y, minY)
        let right = min(box.x + box.width, maxX), bottom = min(box.y + box.height, maxY)
        guard right > left, bottom > top else { return box }
        let background = ringMedian(
            grey, width: width, left: max(minX, left - 2), top: max(minY, top - 2), right: min(maxX, right + 2),
            bottom: min(maxY, bottom + 2))
        var growth = Growth(
            grey: grey, width: width, minX: minX, minY: minY, maxX: maxX, maxY: maxY, background: background,
            left: left, top: top, right: right, bottom: bottom)
        let reach = max(1, (bottom - top) / 2)
        growth.growVertically(reach: reach)
        let allowedGap = gap.map { max(2, $0) } ?? Int.max
        // About one line height of columns: the stretch judged text-like or not.
        let stretch = max(6, growth.bottom - growth.top)
        growth.growSideways(direction: 1, allowedGap: allowedGap, stretch: stretch)
        growth.growSideways(direction: -1, allowedGap: allowedGap, stretch: stretch)
        // The columns taken in may hold taller glyphs.
        growth.growVertically(reach: reach)
        let grownLeft = max(minX, growth.left - 1), grownTop = max(minY, growth.top - 1)
        let grownRight = min(maxX, growth.right + 1), grownBottom = min(maxY, growth.bottom + 1)
        return Region(x: grownLeft, y: grownTop, width: grownRight - grownLeft, height: grownBottom - grownTop)
    }

    /// A box being grown (`left..<right` × `top..<bottom`) inside `minX..<maxX` × `minY..<maxY`
    /// of a grey image whose background around the box is `background`.
    private struct Growth {
        let grey: [UInt8]
        let width: Int
        let minX: Int, minY: Int, maxX: Int, maxY: Int
        let background: Int
        var left: Int, top: Int, right: Int, bottom: Int

        func ink(_ x: Int, _ y: Int) -> Bool { abs(Int(grey[y * width + x]) - background) >= contrast }

        /// Whether pixels of these grey levels (a histogram) look like text: enough of them flat,
        /// near the background or near their own median (a panel: a selected row, a button).
        func textLike(_ histogram: [Int], pixels: Int) -> Bool {
            guard pixels > 0 else { return true }
            let median = InkExtent.median(ofHistogram: histogram, count: pixels)
            // The commonest ink level: solid glyphs (bold type, large headings) are flat too.
            var inkLevel = median, inkCount = -1
            for (level, count) in histogram.enumerated() where abs(level - background) >= contrast && count > inkCount {
                inkLevel = level
                inkCount = count
            }
            let nearBackground = max(0, background - flatTolerance)...min(255, background + flatTolerance)
            let nearMedian = max(0, median - panelTolerance)...min(255, median + panelTolerance)
            let nearInk = max(0, inkLevel - panelTolerance)...min(255, inkLevel + panelTolerance)
            var flats = 0
            for (level, count) in histogram.enumerated()
            where nearBackground.contains(level) || nearMedian.contains(level) || nearInk.contains(level) {
                flats += count
            }
            return Double(flats) >= flattestShare * Double(pixels)
        }

        // Up and down only where ink crosses the edge (an accent, a descender, a glyph cut off),
        // not into the next line merely because it is close; at most half the height each way.
        func continues(from edge: Int, to next: Int) -> Bool {
            (left..<right).contains { x in
                ink(x, next) && (max(left, x - 1)..<min(right, x + 2)).contains { ink($0, edge) }
            }
        }

        /// Whether row `y` (across the box) looks like the edge of a line of text, not a picture.
        func rowIsTextLike(_ y: Int) -> Bool {
            var histogram = [Int](repeating: 0, count: 256)
            for x in left..<right { histogram[Int(grey[y * width + x])] += 1 }
            return textLike(histogram, pixels: right - left)
        }

        mutating func growVertically(reach: Int) {
            var grown = 0
            while top > minY && grown < reach && continues(from: top, to: top - 1) && rowIsTextLike(top - 1) {
                top -= 1
                grown += 1
            }
            grown = 0
            while bottom < maxY && grown < reach && continues(from: bottom - 1, to: bottom) && rowIsTextLike(bottom) {
                bottom += 1
                grown += 1
            }
        }

        /// Whether column `x` holds ink in rows top..<bottom, and whether that ink runs on above
        /// and below them: a frame, a separator or a panel's edge crossing the line, not a letter.
        func column(_ x: Int) -> (inked: Bool, barrier: Bool) {
            guard (top..<bottom).contains(where: { ink(x, $0) }) else { return (false, false) }
            let above = top - 2 >= minY && ink(x, top - 1) && ink(x, top - 2)
            let below = bottom + 1 < maxY && ink(x, bottom) && ink(x, bottom + 1)
            return (true, above && below)
        }

        /// Right (`direction` 1) or left (-1), column by column, while ink comes back within
        /// `allowedGap` blank columns and each stretch of `stretch` columns looks like text.
        mutating func growSideways(direction: Int, allowedGap: Int, stretch: Int) {
            var blank = 0
            var x = direction > 0 ? right : left - 1
            // The extent reached before each column of the stretch, and the stretch's grey levels.
            var extents: [Int] = []
            var histogram = [Int](repeating: 0, count: 256)
            while x >= minX && x < maxX && blank <= allowedGap {
                let (inked, barrier) = column(x)
                if barrier { break }
                extents.append(direction > 0 ? right : left)
                for y in top..<bottom { histogram[Int(grey[y * width + x])] += 1 }
                if extents.count > stretch {
                    extents.removeFirst()
                    let old = x - direction * stretch
                    for y in top..<bottom { histogram[Int(grey[y * width + old])] -= 1 }
                }
                if extents.count == stretch, !textLike(histogram, pixels: stretch * (bottom - top)) {
                    // A picture: back to where this stretch began.
                    if direction > 0 { right = extents[0] } else { left = extents[0] }
                    break
                }
                if inked {
                    if direction > 0 { right = x + 1 } else { left = x }
                    blank = 0
                } else {
                    blank += 1
                }
                x += direction
            }
        }
    }

    /// The median grey of the outermost rows and columns of the rectangle left..<right ×
    /// top..<bottom: a found box's padding, the background around its text.
    static func ringMedian(_ grey: [UInt8], width: Int, left: Int, top: Int, right: Int, bottom: Int) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        for y in top..<bottom {
            let edgeRow = y == top || y == bottom - 1
            for x in left..<right where edgeRow || x == left || x == right - 1 {
                histogram[Int(grey[y * width + x])] += 1
                count += 1
            }
        }
        var seen = 0
        for (level, number) in histogram.enumerated() {
            seen += number
            if seen * 2 > count { return level }
        }
        return 255
    }

    /// The lower median of `count` grey levels counted in `histogram` (256 bins): the first level
    /// at which half of them are seen.
    public static func median(ofHistogram histogram: [Int], count: Int) -> Int {
        var seen = 0
        for (level, number) in histogram.enumerated() {
            seen += number
            if seen * 2 >= count { return level }
        }
        return 0
    }

    /// The median grey of the rectangle left..<right × top..<bottom of a `width`-wide grey image.
    public static func median(_ grey: [UInt8], width: Int, left: Int, top: Int, right: Int, bottom: Int) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for y in top..<bottom {
            for x in left..<right { histogram[Int(grey[y * width + x])] += 1 }
        }
        let half = (right - left) * (bottom - top) / 2
        var seen = 0
        for (level, count) in histogram.enumerated() {
            seen += count
            if seen > half { return level }
        }
        return 255
    }
}
