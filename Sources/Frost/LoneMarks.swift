/// Marks standing alone on a flat background that layout analysis leaves out as noise: a page
/// number by itself, a spreadsheet's column letter, a calendar's day. Layout analysis needs a row
/// of several blobs to see a line; a person reads one digit.
///
/// From the connected parts of an ink mask (labelled by the caller, e.g. libvips `labelregions`),
/// the glyph-sized ones (`smallest`…`largest` pixels high, not solid, at most three heights wide)
/// are grouped into rows of neighbours (a gap of at most 0.6 of their height: "103", "12"), and a
/// group is kept where the ring around it, half its height wide, holds no other ink and is flat
/// (photo texture is not: its specks stay as they are).
public enum LoneMarks {
    /// The most of a mark's box its ink may fill: solid blocks are icons or bullets, not glyphs.
    public static let solidShare = 0.85
    /// Grey levels from the ring's median within which a ring pixel counts as flat.
    public static let flatTolerance = 12
    /// The share of the ring that must be flat.
    public static let flatShare = 0.9

    /// The boxes of lone marks in a width × height image: `labels` numbers its connected regions
    /// (ink and not), `ink` says which pixels are ink, `grey` is the image's grey.
    public static func boxes(
        labels: [Int], ink: [Bool], grey: [UInt8], width: Int, height: Int, smallest: Int, largest: Int
    ) -> [Region] {
        precondition(labels.count == width * height && ink.count == labels.count && grey.count == labels.count)
        let count = (labels.max() ?? -1) + 1
        guard count > 0 else { return [] }
        var left = [Int](repeating: Int.max, count: count), top = [Int](repeating: Int.max, count: count)
        var right = [Int](repeating: -1, count: count), bottom = [Int](repeating: -1, count: count)
        var pixels = [Int](repeating: 0, count: count), inked = [Bool](repeating: false, count: count)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let label = labels[index]
                guard label >= 0, ink[index] else { continue }
                inked[label] = true
                left[label] = min(left[label], x)
                right[label] = max(right[label], x + 1)
                top[label] = min(top[label], y)
                bottom[label] = max(bottom[label], y + 1)
                pixels[label] += 1
            }
        }
        var marks: [Region] = []
        for label in 0..<count where inked[label] {
            let box = Region(
                x: left[label], y: top[label], width: right[label] - left[label], height: bottom[label] - top[label])
            guard (smallest...largest).contains(box.height), box.width <= 3 * box.height,
                Double(pixels[label]) <= solidShare * Double(box.width * box.height)
            else { continue }
            marks.append(box)
        }
        return groups(marks).filter { isAlone($0, ink: ink, grey: grey, width: width, height: height) }
    }

    /// Marks side by side (sharing most of their height, a gap under 0.6 of it) as one box each.
    static func groups(_ marks: [Region]) -> [Region] {
        var groups: [Region] = []
        for mark in marks.sorted(by: { $0.x < $1.x }) {
            if let index = groups.lastIndex(where: { group in
                let shared = min(group.y + group.height, mark.y + mark.height) - max(group.y, mark.y)
                let gap = mark.x - (group.x + group.width)
                return shared * 2 >= min(group.height, mark.height) && gap <= max(group.height, mark.height) * 3 / 5
            }) {
                let group = groups[index]
                let x = min(group.x, mark.x), y = min(group.y, mark.y)
                groups[index] = Region(
                    x: x, y: y, width: max(group.x + group.width, mark.x + mark.width) - x,
                    height: max(group.y + group.height, mark.y + mark.height) - y)
            } else {
                groups.append(mark)
            }
        }
        return groups
    }

    /// Whether the ring around `box` (half its height wide) holds no ink and is flat.
    static func isAlone(_ box: Region, ink: [Bool], grey: [UInt8], width: Int, height: Int) -> Bool {
        let margin = max(3, box.height / 2)
        let left = max(0, box.x - margin), top = max(0, box.y - margin)
        let right = min(width, box.x + box.width + margin), bottom = min(height, box.y + box.height + margin)
        var histogram = [Int](repeating: 0, count: 256)
        var ring = 0
        for y in top..<bottom {
            for x in left..<right
            where !(box.x..<(box.x + box.width)).contains(x) || !(box.y..<(box.y + box.height)).contains(y) {
                if ink[y * width + x] { return false }
                histogram[Int(grey[y * width + x])] += 1
                ring += 1
            }
        }
        guard ring > 0 else { return false }
        let median = InkExtent.median(ofHistogram: histogram, count: ring)
        let flat = histogram[max(0, median - flatTolerance)...min(255, median + flatTolerance)].reduce(0, +)
        return Double(flat) >= flatShare * Double(ring)
    }
}
