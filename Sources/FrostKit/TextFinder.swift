import Frost
import Tesseract
import Vips

/// Finds the text in a screenshot (or a photo of a screen) for `imgtool blur --find text`: word
/// boxes from Tesseract's layout analysis (no recognition: finding a word to hide does not need
/// reading it), on the image, its inverse (light text on a dark theme) and its local contrast
/// (text of every polarity and colour: bubbles, buttons, pills, greyed text), plus marks standing
/// alone (`LoneMarks`), upright and on the image turned a quarter (text at 90° and 270°), padded
/// and merged into line boxes (`TextLines`) and grown over their ink (`InkExtent`).
///
/// Not shared between threads: each holds a Tesseract handle. Make one per worker.
public final class TextFinder {
    private let analyser: LayoutAnalyser
    /// Text smaller than this many pixels high (at the analysis size) is left alone: below it
    /// layout analysis mostly finds noise.
    public static let smallestWordHeight = 4
    /// Boxes taller than this (at the analysis size) are panels, frames or the whole page that
    /// layout analysis took for a word, unless the area searched is hardly taller.
    public static let tallestWordHeight = 120

    /// How far (grey levels) a box's mean must lie from its median for text on a flat background.
    public static let minorityMargin = 2.0

    /// Whether the box holds a minority of pixels lighter or darker than its background (text of
    /// either polarity), not a flat panel: text covers a minority of its box, so the box's median
    /// grey is its background, and the text pulls the mean away from it.
    static func hasInkMinority(_ pixels: [UInt8], width: Int, word: WordBox) -> Bool {
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        for y in word.y..<(word.y + word.height) {
            for x in word.x..<(word.x + word.width) {
                let value = Int(pixels[y * width + x])
                histogram[value] += 1
                total += value
            }
        }
        let count = word.width * word.height
        let median = InkExtent.median(ofHistogram: histogram, count: count)
        return abs(Double(total) / Double(count) - Double(median)) >= minorityMargin
    }

    /// One grey band, the luminance; alpha (a transparent window shadow) counts as white.
    static func grey(_ image: Image) throws(VipsError) -> Image {
        let flat = image.hasAlpha ? try image.flatten(background: [255]) : image
        return try flat.colourspace(.grey).extractBand(0).cast(.uchar)
    }

    /// Loads the Tesseract data for `language` (`eng`, `deu`, `eng+fra`).
    public init(language: String = "eng") throws(TesseractError) {
        analyser = try LayoutAnalyser(language: language)
    }

    /// The line boxes of text in `image` (a `FrostRenderer.normalised` image), in its pixels.
    /// `scale`: the screen scale of the screenshot; at 2 the image is analysed at half size, where
    /// its text has the pixel size Tesseract is tuned for (and the analysis costs a quarter).
    /// `within`: look only inside these rectangles (clipped to the image); all of it when empty.
    public func lines(
        in image: Image, scale: Double = 1, within areas: [Region] = []
    ) throws(FrostFindError) -> [TextBox] {
        let areas =
            areas.isEmpty
            ? [Region(x: 0, y: 0, width: image.width, height: image.height)]
            : areas.compactMap { $0.clipped(toWidth: image.width, height: image.height) }
        do {
            let grey = try Self.grey(image).copiedToMemory()
            let upright = try lines(grey: grey, areas: areas, scale: scale, passes: Pass.upright)
            // Text turned by 90° or 270° (a book's spine, a vertical tab, a chart's axis) is found
            // on the image turned a quarter clockwise, where it reads upright or upside down (layout
            // analysis finds lines either way), and turned back.
            let turned = try grey.rotated(quarterTurns: 1).copiedToMemory()
            // Words inside lines found upright (wide ones: a turned word's letters may be found one
            // by one) are not grown there: turned, a paragraph's columns of letters look like
            // lines too, and would grow over the whole paragraph.
            let sideways = try lines(
                grey: turned, areas: areas.map { Self.turned($0, height: image.height) }, scale: scale,
                passes: Pass.turned,
                excluding: upright.filter { $0.region.width >= 2 * $0.region.height }.map {
                    Self.turned($0.region, height: image.height)
                })
            // A turned box lying almost all inside upright ones hides nothing more.
            var uprightArea = FoundArea(width: image.width, height: image.height)
            for line in upright { uprightArea.mark(line.region) }
            return upright
                + sideways.map { TextBox(Self.unturned($0.region, height: image.height), confidence: $0.confidence) }
                .filter { uprightArea.coveredShare($0.region) < 0.9 }
        } catch let error as VipsError {
            throw .vips(error)
        } catch let error as TesseractError {
            throw .tesseract(error)
        } catch {
            throw .tesseract(.analysisFailed)
        }
    }

    /// `region` of a `height`-high image, in the image turned a quarter clockwise.
    static func turned(_ region: Region, height: Int) -> Region {
        Region(x: height - region.y - region.height, y: region.x, width: region.height, height: region.width)
    }

    /// `region` of the image turned a quarter clockwise, in the `height`-high image itself.
    static func unturned(_ region: Region, height: Int) -> Region {
        Region(x: region.y, y: height - region.x - region.width, width: region.height, height: region.width)
    }

    /// One layout analysis: of which image (the grey, its inverse, or its local contrast) and with
    /// which threshold.
    enum Pass {
        case grey(LayoutAnalyser.Thresholding)
        case inverse(LayoutAnalyser.Thresholding)
        case contrast(LayoutAnalyser.Thresholding)

        /// Tesseract's one threshold on the image (it picks the page's polarity itself, so this
        /// finds the text of the main theme, light or dark), per-tile thresholds on the inverse,
        /// for light text on dark panels of a light page (title bars, selected rows, dark
        /// buttons), then the local contrast, with one threshold and per tile, where text of every
        /// polarity and colour is dark on white and panels are white too (chat bubbles, a default
        /// button, pills, greyed text), and lone marks in it (a page number alone). The per-tile
        /// pass on the image that found the dark text the one threshold left out is no longer
        /// needed: the contrast passes find that text too (bench/blur/find-text-layouts.md).
        static let upright: [Pass] = [
            .grey(.global), .inverse(.tiledOtsu), .contrast(.global), .contrast(.tiledOtsu),
        ]
        /// On the image turned a quarter (text at 90° and 270°): the local contrast alone finds
        /// both polarities in one pass.
        static let turned: [Pass] = [.contrast(.global)]

        /// Whether the pass takes only words where the passes before it found none.
        var addsOnlyNew: Bool {
            if case .contrast = self { return true }
            return false
        }

        /// Whether the pass also takes fields and panels for words (all but Tesseract's own
        /// threshold on the image do): only its boxes with text in them are kept.
        var keepsPanels: Bool {
            if case .grey(.global) = self { return false }
            return true
        }
    }

    /// A word lying this share or more inside what was found before it adds nothing (or a block of
    /// lines found already, each alone).
    static let foundAlready = 0.5

    /// The tallest lone mark (a page number, a column letter) looked for, in pixels at the analysis size.
    static let tallestLoneMark = 40

    /// Marks alone on a flat background in the local contrast (`LoneMarks`), which layout analysis
    /// leaves out as noise, as word boxes.
    static func loneMarks(contrast: [UInt8], grey: [UInt8], width: Int, height: Int) throws(VipsError) -> [WordBox] {
        // Ink: a spread of 48 grey levels or more within 3 × 3 pixels.
        let ink = contrast.map { $0 <= 207 }
        let mask = try Image(bytes: ink.map { $0 ? 255 : 0 }, width: width, height: height, bands: 1)
        let labels = try Operation.call("labelregions", [("in", .image(mask))], outputs: ["mask"]).image("mask")
            .floats().map { Int($0) }
        return LoneMarks.boxes(
            labels: labels, ink: ink, grey: grey, width: width, height: height, smallest: smallestWordHeight + 2,
            largest: tallestLoneMark
        ).map { WordBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height, confidence: 0.5) }
    }

    /// Straight edges at least this long (pixels) are a panel's, a field's or a table's, not a
    /// letter's: taken out of the local contrast.
    static let longestStroke = 21

    /// The local contrast of a grey image, inverted: the greatest minus the least grey of each
    /// pixel's 3 × 3 neighbourhood, so strokes of text of any polarity are dark on white and flat
    /// panels of any grey are white, less the long straight edges (a morphological opening along
    /// rows and along columns), so that a bubble's or a button's outline does not enclose its
    /// text (layout analysis takes enclosed text for part of a picture) and a table's rules do not
    /// join its cells.
    static func contrast(_ grey: Image) throws(VipsError) -> Image {
        let spread = try grey.rank(width: 3, height: 3, index: 8).subtract(grey.rank(width: 3, height: 3, index: 0))
            .cast(.uchar)
        let long = longestStroke
        let rows = try spread.rank(width: long, height: 1, index: 0).rank(width: long, height: 1, index: long - 1)
        let columns = try spread.rank(width: 1, height: long, index: 0).rank(width: 1, height: long, index: long - 1)
        let edges = try Operation.call("bandrank", [("in", .images([rows, columns])), ("index", .int(1))]).image()
        return try spread.subtract(edges).linear([-1], [255], uchar: true)
    }

    /// The lines of text that read left to right in a grey image, inside `areas`.
    /// Words lying half or more inside `excluding` are kept as found, not grown.
    private func lines(
        grey: Image, areas: [Region], scale: Double, passes: [Pass], excluding: [Region] = []
    ) throws -> [TextBox] {
        var words: [TextBox] = [], ungrown: [TextBox] = []
        let fullGrey = try grey.bytes()
        let factor = max(1, scale)
        var found = FoundArea(width: grey.width, height: grey.height)
        var excluded = FoundArea(width: grey.width, height: grey.height)
        for region in excluding { excluded.mark(region) }
        for area in areas {
            var part = try grey.extractArea(x: area.x, y: area.y, width: area.width, height: area.height)
            if factor > 1 { part = try part.resize(1 / factor, kernel: .linear) }
            let pixels = try part.bytes()
            var contrast: [UInt8] = []
            for pass in passes {
                let analysed: [UInt8], thresholding: LayoutAnalyser.Thresholding
                switch pass {
                case .grey(let method): (analysed, thresholding) = (pixels, method)
                case .inverse(let method): (analysed, thresholding) = (pixels.map { 255 - $0 }, method)
                case .contrast(let method):
                    if contrast.isEmpty { contrast = try Self.contrast(part).bytes() }
                    (analysed, thresholding) = (contrast, method)
                }
                var candidates = try analyser.words(
                    grey: analysed, width: part.width, height: part.height, thresholding: thresholding)
                if case .contrast(.global) = pass, excluding.isEmpty {
                    candidates += try Self.loneMarks(
                        contrast: analysed, grey: pixels, width: part.width, height: part.height)
                }
                var kept: [Region] = []
                for word in candidates
                where (word.height >= Self.smallestWordHeight || part.height < 3 * Self.smallestWordHeight)
                    && word.width >= 2
                    && (word.height <= Self.tallestWordHeight || part.height <= 2 * Self.tallestWordHeight)
                {
                    if pass.keepsPanels, !Self.hasInkMinority(pixels, width: part.width, word: word) { continue }
                    let x = area.x + Int((Double(word.x) * factor).rounded(.down))
                    let y = area.y + Int((Double(word.y) * factor).rounded(.down))
                    let right = area.x + Int((Double(word.x + word.width) * factor).rounded(.up))
                    let bottom = area.y + Int((Double(word.y + word.height) * factor).rounded(.up))
                    let region = Region(x: x, y: y, width: right - x, height: bottom - y)
                    // Taken only where nothing was found before it: the local contrast thickens
                    // strokes and joins a paragraph's lines into blocks, which grown would cover
                    // the page between them.
                    if pass.addsOnlyNew, found.coveredShare(region) >= Self.foundAlready { continue }
                    kept.append(region)
                    if !excluding.isEmpty, excluded.coveredShare(region) >= 0.5 {
                        ungrown.append(TextBox(region, confidence: word.confidence))
                    } else {
                        words.append(TextBox(region, confidence: word.confidence))
                    }
                }
                for region in kept { found.mark(region) }
            }
        }
        // Merged over the whole image, then kept inside the areas searched, each grown there over
        // all the ink of its text (InkExtent): word boxes fall short of a line's ends.
        let lines = TextLines.lines(words, width: grey.width, height: grey.height)
        let grown = lines.flatMap { line in
            areas.compactMap { area in
                intersection(line.region, area).map {
                    TextBox(
                        InkExtent.grown($0, grey: fullGrey, width: grey.width, height: grey.height, limit: area),
                        confidence: line.confidence)
                }
            }
        }
        // Each alone: merged, a paragraph's columns would make one block.
        let padded = ungrown.flatMap { TextLines.lines([$0], width: grey.width, height: grey.height) }.flatMap { line in
            areas.compactMap { area in intersection(line.region, area).map { TextBox($0, confidence: line.confidence) }
            }
        }
        return grown + padded
    }

    private func intersection(_ a: Region, _ b: Region) -> Region? {
        let left = max(a.x, b.x), top = max(a.y, b.y)
        let right = min(a.x + a.width, b.x + b.width), bottom = min(a.y + a.height, b.y + b.height)
        guard right > left, bottom > top else { return nil }
        return Region(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Where words were found already: a mask of the image.
private struct FoundArea {
    let width: Int, height: Int
    private var marked: [Bool]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        marked = Array(repeating: false, count: width * height)
    }

    private func clipped(_ region: Region) -> (Range<Int>, Range<Int>) {
        let left = max(0, region.x), top = max(0, region.y)
        let right = min(width, region.x + region.width), bottom = min(height, region.y + region.height)
        return (left..<max(left, right), top..<max(top, bottom))
    }

    mutating func mark(_ region: Region) {
        let (columns, rows) = clipped(region)
        for y in rows { for x in columns { marked[y * width + x] = true } }
    }

    /// The share of `region` marked already.
    func coveredShare(_ region: Region) -> Double {
        let (columns, rows) = clipped(region)
        guard !columns.isEmpty, !rows.isEmpty else { return 0 }
        var count = 0
        for y in rows { for x in columns where marked[y * width + x] { count += 1 } }
        return Double(count) / Double(columns.count * rows.count)
    }
}

/// Why text could not be looked for: the image (libvips) or Tesseract.
public enum FrostFindError: Error, CustomStringConvertible {
    case vips(VipsError)
    case tesseract(TesseractError)

    public var description: String {
        switch self {
        case .vips(let error): return error.description
        case .tesseract(let error): return error.description
        }
    }
}
