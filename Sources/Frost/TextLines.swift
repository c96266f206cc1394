/// A box of found text in pixels, with the confidence of what found it (0…1).
public struct TextBox: Equatable, Sendable {
    public var region: Region
    public var confidence: Double

    public init(_ region: Region, confidence: Double) {
        self.region = region
        self.confidence = confidence
    }
}

/// Word boxes made into the boxes to hide: each padded by a share of its height (the ascenders,
/// descenders and anti-aliasing a tight box misses), then words on the same line close enough to
/// be one phrase merged into one box, and boxes found twice (in the image and in its inverse)
/// merged into one.
public enum TextLines {
    /// The padding on each side, as a share of the word's height.
    public static let defaultPadShare = 0.25

    /// The words as line boxes, clipped to a width × height image, top to bottom then left to right.
    /// A line's confidence is its most confident word's.
    public static func lines(
        _ words: [TextBox], padShare: Double = defaultPadShare, width: Int, height: Int
    ) -> [TextBox] {
        var boxes: [TextBox] = words.compactMap { word in
            let pad = max(2, Int((Double(word.region.height) * padShare).rounded(.up)))
            let padded = Region(
                x: max(0, word.region.x - pad), y: max(0, word.region.y - pad),
                width: word.region.width + 2 * pad + min(0, word.region.x - pad),
                height: word.region.height + 2 * pad + min(0, word.region.y - pad))
            return padded.clipped(toWidth: width, height: height).map { TextBox($0, confidence: word.confidence) }
        }
        var merged = true
        while merged {
            merged = false
            var index = 0
            while index < boxes.count {
                var other = index + 1
                while other < boxes.count {
                    if belongTogether(boxes[index].region, boxes[other].region) {
                        boxes[index] = TextBox(
                            union(boxes[index].region, boxes[other].region),
                            confidence: max(boxes[index].confidence, boxes[other].confidence))
                        boxes.remove(at: other)
                        merged = true
                    } else {
                        other += 1
                    }
                }
                index += 1
            }
        }
        return boxes.sorted { ($0.region.y, $0.region.x) < ($1.region.y, $1.region.x) }
    }

    /// Alike heights, and on the same line at most a line height apart, or mostly the same box.
    static func belongTogether(_ a: Region, _ b: Region) -> Bool {
        let overlapY = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        let overlapX = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let smallerHeight = min(a.height, b.height)
        // Only boxes of alike heights join: a tall box (a panel taken for a word, a paragraph)
        // would otherwise swallow every line it touches, and grow with each.
        guard max(a.height, b.height) * 2 <= smallerHeight * 3 else { return false }
        if overlapX > 0, overlapY > 0 {
            let smallerArea = min(a.width * a.height, b.width * b.height)
            if overlapX * overlapY * 2 >= smallerArea { return true }
        }
        // Same line: most of the shorter box's height shared, heights alike, and a gap of at most
        // the line's height between them.
        guard overlapY * 10 >= smallerHeight * 7 else { return false }
        return -overlapX <= max(a.height, b.height)
    }

    /// The smallest box holding both.
    public static func union(_ a: Region, _ b: Region) -> Region {
        let left = min(a.x, b.x), top = min(a.y, b.y)
        return Region(
            x: left, y: top, width: max(a.x + a.width, b.x + b.width) - left,
            height: max(a.y + a.height, b.y + b.height) - top)
    }
}
