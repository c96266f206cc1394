// Paper sizes by name (ISO 216 A and B, ISO 269 C and DL, JIS B, North American), and pages
// grouped by equal size: what `pdflayout info` shows instead of one line per page.

/// A named paper size, in millimetres, portrait (width ≤ height).
public struct PaperSize: Sendable, Equatable {
    /// "A4", "Letter", "JIS B5".
    public var name: String
    /// Short side, millimetres.
    public var width: Double
    /// Long side, millimetres.
    public var height: Double

    /// A paper size; `width` ≤ `height`.
    public init(_ name: String, _ width: Double, _ height: Double) {
        self.name = name
        self.width = width
        self.height = height
    }

    /// Millimetres per point (a point is 1/72 inch, an inch 25.4 mm).
    public static let millimetresPerPoint = 25.4 / 72

    /// The sizes `named(width:height:)` knows: ISO 216 A0–A10 and B0–B10, ISO 269 C4–C6 and DL,
    /// JIS B4–B6, and the North American Letter, Legal, Tabloid, Executive and Half Letter.
    public static let known: [PaperSize] = {
        let a = [
            (841.0, 1189.0), (594, 841), (420, 594), (297, 420), (210, 297), (148, 210), (105, 148), (74, 105),
            (52, 74), (37, 52), (26, 37),
        ]
        let b = [
            (1000.0, 1414.0), (707, 1000), (500, 707), (353, 500), (250, 353), (176, 250), (125, 176),
            (88, 125), (62, 88), (44, 62), (31, 44),
        ]
        return a.enumerated().map { PaperSize("A\($0.offset)", $0.element.0, $0.element.1) }
            + b.enumerated().map { PaperSize("B\($0.offset)", $0.element.0, $0.element.1) }
            + [
                PaperSize("C4", 229, 324), PaperSize("C5", 162, 229), PaperSize("C6", 114, 162),
                PaperSize("DL", 110, 220),
                PaperSize("JIS B4", 257, 364), PaperSize("JIS B5", 182, 257), PaperSize("JIS B6", 128, 182),
                PaperSize("Letter", 215.9, 279.4), PaperSize("Legal", 215.9, 355.6),
                PaperSize("Tabloid", 279.4, 431.8), PaperSize("Executive", 184.15, 266.7),
                PaperSize("Half Letter", 139.7, 215.9),
            ]
    }()

    /// ISO 216's tolerance for a side of `length` mm: ±1.5 mm up to 150 mm, ±2 mm up to 600 mm,
    /// ±3 mm above. Exporters' rounding (A4 as 595 × 842 pt) and most scans fall inside it;
    /// neighbouring standard sizes (A4 and Letter, B5 and JIS B5) stay apart.
    public static func tolerance(_ length: Double) -> Double {
        length <= 150 ? 1.5 : length <= 600 ? 2 : 3
    }

    /// The named size of a page of `width × height` points (as shown, /Rotate applied), upright
    /// or turned, when both sides are within ISO 216's tolerance; the nearest if several are.
    public static func named(width: Double, height: Double) -> PaperMatch? {
        let w = width * millimetresPerPoint, h = height * millimetresPerPoint
        let short = min(w, h), long = max(w, h)
        var best: (paper: PaperSize, off: Double)?
        for paper in known {
            let off = max(abs(short - paper.width), abs(long - paper.height))
            guard abs(short - paper.width) <= tolerance(paper.width),
                abs(long - paper.height) <= tolerance(paper.height)
            else { continue }
            if best == nil || off < best!.off { best = (paper, off) }
        }
        return best.map { PaperMatch(paper: $0.paper, landscape: w > h) }
    }
}

/// A page's paper: its named size and whether it lies on its side.
public struct PaperMatch: Sendable, Equatable, CustomStringConvertible {
    public var paper: PaperSize
    /// Wider than tall.
    public var landscape: Bool

    public init(paper: PaperSize, landscape: Bool) {
        self.paper = paper
        self.landscape = landscape
    }

    /// "A4", "A4 landscape".
    public var description: String { landscape ? "\(paper.name) landscape" : paper.name }
}

/// One page's size as `pdflayout info` reports it.
public struct SizedPage: Sendable, Equatable {
    /// 1-based page number.
    public var number: Int
    /// Width and height in points, /Rotate applied.
    public var width: Double
    public var height: Double
    /// /Rotate in degrees; nil when unknown.
    public var rotation: Int?

    public init(number: Int, width: Double, height: Double, rotation: Int?) {
        self.number = number
        self.width = width
        self.height = height
        self.rotation = rotation
    }
}

/// Pages of one size (to the hundredth of a point) and rotation.
public struct PageSizeGroup: Sendable, Equatable {
    /// Runs of consecutive page numbers, in order: [1...120, 122...300].
    public var pages: [ClosedRange<Int>]
    /// Width and height in points (to the hundredth), /Rotate applied.
    public var width: Double
    public var height: Double
    public var rotation: Int?
    /// The named size, if it is one.
    public var paper: PaperMatch?

    public init(pages: [ClosedRange<Int>], width: Double, height: Double, rotation: Int?, paper: PaperMatch?) {
        self.pages = pages
        self.width = width
        self.height = height
        self.rotation = rotation
        self.paper = paper
    }

    /// How many pages the group holds.
    public var pageCount: Int { pages.reduce(0) { $0 + $1.count } }

    /// Width in millimetres.
    public var widthMillimetres: Double { width * PaperSize.millimetresPerPoint }
    /// Height in millimetres.
    public var heightMillimetres: Double { height * PaperSize.millimetresPerPoint }

    /// The runs in `--pages` syntax, "1-120,122-300", or with other marks: "1–120, 122–300".
    public func rangesText(dash: String = "-", separator: String = ",") -> String {
        pages.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)\(dash)\($0.upperBound)" }
            .joined(separator: separator)
    }
}

/// Groups pages of equal size.
public enum PageSizeGroups {
    /// Pages of equal size (rounded to the hundredth of a point) and equal rotation form one
    /// group; groups come in the order of their first page, and each lists its runs of
    /// consecutive page numbers.
    public static func group(_ pages: [SizedPage]) -> [PageSizeGroup] {
        struct Key: Hashable {
            var width: Double, height: Double, rotation: Int?
        }
        var order: [Key] = []
        var members: [Key: [Int]] = [:]
        for page in pages {
            let key = Key(width: hundredths(page.width), height: hundredths(page.height), rotation: page.rotation)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(page.number)
        }
        return order.map { key in
            PageSizeGroup(
                pages: runs(members[key]!), width: key.width, height: key.height, rotation: key.rotation,
                paper: PaperSize.named(width: key.width, height: key.height))
        }
    }

    /// Consecutive numbers joined into ranges: [1, 2, 3, 5] → [1...3, 5...5].
    public static func runs(_ numbers: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for number in numbers {
            if let last = runs.last, number == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        return runs
    }

    private static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
