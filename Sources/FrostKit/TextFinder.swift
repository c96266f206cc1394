import Frost
import Tesseract
import Vips

/// Finds the text in a screenshot (or a photo of a screen) for `imgtool blur --find text`: word
/// boxes from Tesseract's layout analysis (no recognition: finding a word to hide does not need
/// reading it), on the image and on its inverse (light text on a dark theme), padded and merged
/// into line boxes (`TextLines`).
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

    /// How far (grey levels) a box's mean must lie above its median for light text on a darker
    /// background.
    public static let lightMinorityMargin = 2.0

    /// Whether the box holds a minority of pixels lighter than its background (light text).
    static func hasLightMinority(_ pixels: [UInt8], width: Int, word: WordBox) -> Bool {
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
        var seen = 0, median = 0
        for (value, number) in histogram.enumerated() {
            seen += number
            if seen * 2 >= count {
                median = value
                break
            }
        }
        return Double(total) / Double(count) >= Double(median) + lightMinorityMargin
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
        var words: [TextBox] = []
        var fullGrey: [UInt8] = []
        do {
            let grey = try Self.grey(image)
            fullGrey = try grey.bytes()
            let factor = max(1, scale)
            for area in areas {
                var part = try grey.extractArea(x: area.x, y: area.y, width: area.width, height: area.height)
                if factor > 1 { part = try part.resize(1 / factor, kernel: .linear) }
                let pixels = try part.bytes()
                let inverse = pixels.map { 255 - $0 }
                // Three passes: Tesseract's one threshold on the image (it picks the page's polarity
                // itself, so this finds the text of the main theme, light or dark), then per-tile
                // thresholds on the inverse, for light text on dark panels of a light page (title
                // bars, selected rows, dark buttons), and on the image, for the dark text the one
                // threshold leaves out (a page number alone, a table of contents' numbers). The
                // per-tile passes also take fields and panels for words; only the words of their
                // kind are kept: light on dark from the inverse, dark on light from the image.
                let passes: [(grey: [UInt8], adaptive: Bool, minority: [UInt8]?)] = [
                    (pixels, false, nil), (inverse, true, pixels), (pixels, true, inverse),
                ]
                for pass in passes {
                    let found = try analyser.words(
                        grey: pass.grey, width: part.width, height: part.height, adaptiveThreshold: pass.adaptive)
                    for word in found
                    where (word.height >= Self.smallestWordHeight || part.height < 3 * Self.smallestWordHeight)
                        && word.width >= 2
                        && (word.height <= Self.tallestWordHeight || part.height <= 2 * Self.tallestWordHeight)
                    {
                        // Text covers a minority of its box, so the box's median grey is its
                        // background; light text pulls the mean above it (dark text pulls the
                        // inverse's). A "word" whose mean is not above its median is text of the
                        // other kind or a flat panel: not this pass's kind.
                        if let minority = pass.minority,
                            !Self.hasLightMinority(minority, width: part.width, word: word)
                        {
                            continue
                        }
                        let x = area.x + Int((Double(word.x) * factor).rounded(.down))
                        let y = area.y + Int((Double(word.y) * factor).rounded(.down))
                        let right = area.x + Int((Double(word.x + word.width) * factor).rounded(.up))
                        let bottom = area.y + Int((Double(word.y + word.height) * factor).rounded(.up))
                        words.append(
                            TextBox(
                                Region(x: x, y: y, width: right - x, height: bottom - y), confidence: word.confidence))
                    }
                }
            }
        } catch let error as VipsError {
            throw .vips(error)
        } catch let error as TesseractError {
            throw .tesseract(error)
        } catch {
            throw .tesseract(.analysisFailed)
        }
        // Merged over the whole image, then kept inside the areas searched, each grown there over
        // all the ink of its text (InkExtent): word boxes fall short of a line's ends.
        let lines = TextLines.lines(words, width: image.width, height: image.height)
        return lines.flatMap { line in
            areas.compactMap { area in
                intersection(line.region, area).map {
                    TextBox(
                        InkExtent.grown($0, grey: fullGrey, width: image.width, height: image.height, limit: area),
                        confidence: line.confidence)
                }
            }
        }
    }

    private func intersection(_ a: Region, _ b: Region) -> Region? {
        let left = max(a.x, b.x), top = max(a.y, b.y)
        let right = min(a.x + a.width, b.x + b.width), bottom = min(a.y + a.height, b.y + b.height)
        guard right > left, bottom > top else { return nil }
        return Region(x: left, y: top, width: right - left, height: bottom - top)
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
