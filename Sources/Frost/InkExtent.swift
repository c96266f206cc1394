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
public enum InkExtent {
    /// Grey levels between ink and the box's background.
    public static let contrast = 32

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
        var left = max(box.x, minX), top = max(box.y, minY)
        var right = min(box.x + box.width, maxX), bottom = min(box.y + box.height, maxY)
        guard right > left, bottom > top else { return box }
        let background = ringMedian(
            grey, width: width, left: max(minX, left - 2), top: max(minY, top - 2), right: min(maxX, right + 2),
            bottom: min(maxY, bottom + 2))
        func ink(_ x: Int, _ y: Int) -> Bool { abs(Int(grey[y * width + x]) - background) >= contrast }

        // Up and down only where ink crosses the edge (an accent, a descender, a glyph cut off),
        // not into the next line merely because it is close; at most half the height each way.
        func continues(from edge: Int, to next: Int) -> Bool {
            (left..<right).contains { x in
                ink(x, next) && (max(left, x - 1)..<min(right, x + 2)).contains { ink($0, edge) }
            }
        }
        func growVertically(reach: Int) {
            var grown = 0
            while top > minY && grown < reach && continues(from: top, to: top - 1) {
                top -= 1
                grown += 1
            }
            grown = 0
            while bottom < maxY && grown < reach && continues(from: bottom - 1, to: bottom) {
                bottom += 1
                grown += 1
            }
        }
        let reach = max(1, (bottom - top) / 2)
        growVertically(reach: reach)
        let allowedGap = gap.map { max(2, $0) } ?? Int.max

        /// Whether column `x` holds ink in rows top..<bottom, and whether that ink runs on above
        /// and below them: a frame, a separator or a panel's edge crossing the line, not a letter.
        func column(_ x: Int) -> (inked: Bool, barrier: Bool) {
            guard (top..<bottom).contains(where: { ink(x, $0) }) else { return (false, false) }
            let above = top - 2 >= minY && ink(x, top - 1) && ink(x, top - 2)
            let below = bottom + 1 < maxY && ink(x, bottom) && ink(x, bottom + 1)
            return (true, above && below)
        }
        for direction in [1, -1] {
            var blank = 0
            var x = direction > 0 ? right : left - 1
            while x >= minX && x < maxX && blank <= allowedGap {
                let (inked, barrier) = column(x)
                if barrier { break }
                if inked {
                    if direction > 0 { right = x + 1 } else { left = x }
                    blank = 0
                } else {
                    blank += 1
                }
                x += direction
            }
        }
        // The columns taken in may hold taller glyphs.
        growVertically(reach: reach)
        left = max(minX, left - 1)
        top = max(minY, top - 1)
        right = min(maxX, right + 1)
        bottom = min(maxY, bottom + 1)
        return Region(x: left, y: top, width: right - left, height: bottom - top)
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
