import Foundation
import TestSupport
import Vips

/// The pixel guarantee of hiding text, measured: of the ink pixels of the words a reader finds in
/// the original, how many are left exactly as they were in the output. A word's ink is every pixel
/// of its box (grown by two pixels) whose grey level lies at least `inkContrast` from the box's
/// median grey (its background, since letters cover a minority of their box): dark text on light
/// and light text on dark alike. A pixel is hidden when any of the outputs changed it: hide the
/// image twice with covers of two colours (no ink pixel has both), and an ink pixel left as it was
/// in both lies outside what is hidden, readable.
///
/// The words come from a reader independent of `imgtool`: poppler's `pdftotext -bbox` for a PDF
/// page (every word the page holds, scaled to the rendered size), the tesseract CLI for a
/// screenshot (every word it reads).
public struct InkSurvival: Sendable {
    /// A word of the ground truth: its box in pixels and its text (for messages only).
    public struct Word: Sendable {
        public var x, y, width, height: Int
        public var text: String

        public init(x: Int, y: Int, width: Int, height: Int, text: String) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.text = text
        }
    }

    /// Ink pixels of all the words.
    public var ink = 0
    /// Of those, the ones the output left unchanged.
    public var surviving = 0
    /// Each word's surviving ink pixels, for words with any.
    public var survivingByWord: [(word: String, pixels: Int, of: Int)] = []

    /// Grey levels between ink and its background.
    public static let inkContrast = 48
    /// The most surviving ink pixels of any one word.
    public var worstWord: Int { survivingByWord.map(\.pixels).max() ?? 0 }
    /// Surviving ink as a share of all ink, in per cent.
    public var percent: Double { ink == 0 ? 0 : Double(surviving) * 100 / Double(ink) }

    /// Measures `outputs` (files of the same size, the same areas hidden differently) against
    /// `original` over `words`.
    public static func measure(original: String, outputs: [String], words: [Word]) throws -> InkSurvival {
        let before = try rgb(original)
        let width = before.width, height = before.height
        let a = try before.bytes()
        let others = try outputs.map { output in
            let after = try rgb(output)
            guard width == after.width, height == after.height else {
                throw Failure("\(output) is \(after.width)×\(after.height), \(original) \(width)×\(height)")
            }
            return try after.bytes()
        }
        func grey(_ index: Int) -> Int {
            (Int(a[index * 3]) * 299 + Int(a[index * 3 + 1]) * 587 + Int(a[index * 3 + 2]) * 114) / 1000
        }
        var result = InkSurvival()
        var counted = Set<Int>()  // a pixel in two words' boxes counts once
        for word in words {
            let left = max(0, word.x - 2), top = max(0, word.y - 2)
            let right = min(width, word.x + word.width + 2), bottom = min(height, word.y + word.height + 2)
            guard right > left, bottom > top else { continue }
            var histogram = [Int](repeating: 0, count: 256)
            for y in top..<bottom { for x in left..<right { histogram[grey(y * width + x)] += 1 } }
            let half = (right - left) * (bottom - top) / 2
            var seen = 0, median = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen > half {
                    median = level
                    break
                }
            }
            var ink = 0, surviving = 0
            for y in top..<bottom {
                for x in left..<right {
                    let index = y * width + x
                    guard abs(grey(index) - median) >= inkContrast else { continue }
                    ink += 1
                    let same = others.allSatisfy { b in
                        a[index * 3] == b[index * 3] && a[index * 3 + 1] == b[index * 3 + 1]
                            && a[index * 3 + 2] == b[index * 3 + 2]
                    }
                    if same { surviving += 1 }
                    if counted.insert(index).inserted {
                        result.ink += 1
                        if same { result.surviving += 1 }
                    }
                }
            }
            if surviving > 0 { result.survivingByWord.append((word.text, surviving, ink)) }
        }
        return result
    }

    /// The words of `page` (1-based) of a PDF as poppler finds them, in pixels at `dpi`.
    public static func pdfWords(_ pdf: String, page: Int, dpi: Double) throws -> [Word] {
        let result = try run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
        guard result.status == 0 else { throw Failure("pdftotext \(pdf): \(result.stderr)") }
        let scale = dpi / 72
        let pattern = try NSRegularExpression(
            pattern: #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>"#)
        let text = result.text
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let value = { (group: Int) in Double(text[Range(match.range(at: group), in: text)!])! * scale }
            let x = Int(value(1).rounded(.down)), y = Int(value(2).rounded(.down))
            return Word(
                x: x, y: y, width: Int(value(3).rounded(.up)) - x, height: Int(value(4).rounded(.up)) - y,
                text: String(text[Range(match.range(at: 5), in: text)!]))
        }
    }

    /// The words the tesseract CLI reads in an image, with their boxes: confidence 60 or more, three
    /// letters or digits or more, and at most twice the median word's height (what tesseract takes
    /// for a word in an icon or a framed widget is no text to measure).
    public static func tesseractWords(_ image: String) throws -> [Word] {
        let result = try run("tesseract", [image, "stdout", "tsv"], environment: ["OMP_THREAD_LIMIT": "1"])
        guard result.status == 0 else { throw Failure("tesseract \(image): \(result.stderr)") }
        let words: [Word] = result.text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 12, fields[0] == "5", let confidence = Double(fields[10]), confidence >= 60,
                fields[11].filter({ $0.isLetter || $0.isNumber }).count >= 3,
                let x = Int(fields[6]), let y = Int(fields[7]), let width = Int(fields[8]), let height = Int(fields[9])
            else { return nil }
            return Word(x: x, y: y, width: width, height: height, text: String(fields[11]))
        }
        guard !words.isEmpty else { return [] }
        let median = words.map(\.height).sorted()[words.count / 2]
        return words.filter { $0.height <= 2 * median }
    }

    /// Renders `page` of a PDF at `dpi` to PNG with pdftocairo (an independent renderer); `dark`
    /// inverts it: light text on a dark background, as in a dark theme.
    public static func renderPage(_ pdf: String, page: Int, dpi: Int, dark: Bool, to path: String) throws {
        let stem = String(path.dropLast(4))
        let result = try run(
            "pdftocairo", ["-png", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf, stem])
        guard result.status == 0 else { throw Failure("pdftocairo \(pdf): \(result.stderr)") }
        if dark { try Self.copy(path, to: path, inverted: true) }
    }

    /// The image as 8-bit RGB PNG; `inverted`: a light theme made dark.
    public static func copy(_ input: String, to path: String, inverted: Bool) throws {
        var image = try rgb(input)
        if inverted { image = try image.linear([-1, -1, -1], [255, 255, 255], uchar: true) }
        try image.copiedToMemory().save(to: path)
    }

    /// The part of an image inside the rectangle (clipped to the image), written as PNG.
    public static func crop(_ input: String, x: Int, y: Int, width: Int, height: Int, to path: String) throws {
        let image = try rgb(input)
        let left = max(0, x), top = max(0, y)
        let right = min(image.width, x + width), bottom = min(image.height, y + height)
        try image.extractArea(x: left, y: top, width: right - left, height: bottom - top).copiedToMemory().save(
            to: path)
    }

    static func rgb(_ path: String) throws -> Image {
        var image = try Image.load(path).colourspace(.srgb)
        if image.hasAlpha { image = try image.flatten(background: [255, 255, 255]) }
        return try image.extractBand(0, count: 3).cast(.uchar).copiedToMemory()
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }
}
