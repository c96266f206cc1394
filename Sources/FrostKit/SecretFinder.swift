import CoreTypes
import Frost
import PhoneNumbers
import Tesseract
import Vips

/// A secret found in an image: its kind and the box to hide (its words, grown over all their ink).
/// What it says is never kept.
public struct FoundSecret: Equatable, Sendable {
    public var kind: SecretKind
    public var region: Region

    public init(kind: SecretKind, region: Region) {
        self.kind = kind
        self.region = region
    }
}

/// Finds the secrets in a screenshot for `imgtool blur --find emails,cards,…`: the line boxes
/// `TextFinder` finds (the same line found by several passes read once, as the union of its
/// boxes; boxes too narrow for any secret not read) are read by Tesseract's recogniser (light text
/// on dark inverted first), the words of each line matched (`SecretMatcher`: one claim per stretch,
/// Luhn for cards, IBAN lengths and mod 97, providers' token forms, libphonenumber for phones), and
/// each match hidden by the box of its own characters' symbols, up and down the band of its
/// inked rows, padded a little: never a neighbour word, the rest of a word it shares, or a line
/// above or below.
///
/// Not shared between threads: it holds two Tesseract handles. Make one per worker.
public final class SecretFinder {
    private let finder: TextFinder
    private let recogniser: Recogniser
    public let matcher: SecretMatcher

    public init(language: String = "eng", matcher: SecretMatcher) throws(TesseractError) {
        finder = try TextFinder(language: language)
        recogniser = try Recogniser(language: language)
        self.matcher = matcher
    }

    /// The secrets in `image` (a `FrostRenderer.normalised` image), in its pixels, top to bottom.
    /// `scale` and `within` as for `TextFinder.lines`.
    public func secrets(
        in image: Image, scale: Double = 1, within areas: [Region] = []
    ) throws(FrostFindError) -> [FoundSecret] {
        let lines = try finder.lines(in: image, scale: scale, within: areas)
        let greyImage: Image
        let grey: [UInt8]
        do {
            greyImage = try TextFinder.grey(image)
            grey = try greyImage.bytes()
        } catch { throw .vips(error) }
        // At screen scale 2 the text is read at half size, as the text finder analyses it: the
        // recogniser scales every line to one height anyway, and half the width is half the work.
        let factor = max(1, scale)
        var found: [FoundSecret] = []
        // The text finder's passes find a line several times, in boxes that overlap (in the image
        // and its inverse, with one threshold and per tile): boxes mostly shared are read as one,
        // their union, so that a line is not recognised again and again.
        for box in Self.blocks(
            lines.map(\.region).filter { $0.width >= min(2 * $0.height, Self.narrowestSecret) })
        {
            var pixels: [UInt8]
            var size = (width: box.width, height: box.height)
            do {
                var part = try greyImage.extractArea(x: box.x, y: box.y, width: box.width, height: box.height)
                if factor > 1 { part = try part.resize(1 / factor, kernel: .linear) }
                pixels = try part.bytes()
                size = (part.width, part.height)
            } catch { throw .vips(error) }
            // The recogniser is trained on dark text on light: a dark background is inverted.
            if InkExtent.median(pixels, width: size.width, left: 0, top: 0, right: size.width, bottom: size.height)
                < 128
            {
                pixels = pixels.map { 255 - $0 }
            }
            let words: [RecognisedWord]
            do {
                words = try recogniser.words(grey: pixels, width: size.width, height: size.height).map {
                    $0.scaled(by: factor)
                }
            } catch { throw .tesseract(error) }
            for lineNumber in Set(words.map(\.line)).sorted() {
                let lineWords = words.filter { $0.line == lineNumber }
                let texts = lineWords.map(\.text)
                let matches = matcher.matches(inLine: texts) { PhoneNumbers.spans(in: $0) }
                for match in matches {
                    found.append(
                        FoundSecret(
                            kind: match.kind,
                            region: Self.hidden(
                                match, of: lineWords, texts: texts, in: box, grey: grey, width: image.width,
                                height: image.height)))
                }
            }
        }
        // Line boxes may overlap (text found in the image and in its inverse): a secret read twice
        // is one.
        var merged: [FoundSecret] = []
        for secret in found {
            if let index = merged.firstIndex(where: {
                $0.kind == secret.kind && Self.mostlyShared($0.region, secret.region)
            }) {
                merged[index].region = TextLines.union(merged[index].region, secret.region)
            } else {
                merged.append(secret)
            }
        }
        return merged.sorted { ($0.region.y, $0.region.x) < ($1.region.y, $1.region.x) }
    }

    /// The box that hides a match: across, the boxes of its symbols (the matched characters only,
    /// not the rest of a word they share, nor a neighbour), out to the word's own edge where the
    /// match reaches it (the recogniser's symbol boxes are looser than its word boxes); up and
    /// down, the band of inked rows of its words (never a line above or below); padded by a sixth
    /// of the text's height (up and down into blank rows only), then over the ink joined to it
    /// within that padding.
    static func hidden(
        _ match: SecretMatch, of words: [RecognisedWord], texts: [String], in line: Region, grey: [UInt8],
        width: Int, height: Int
    ) -> Region {
        let spans = match.words.map { index -> (left: Int, right: Int) in
            let word = words[index]
            let whole = (left: word.box.x, right: word.box.x + word.box.width)
            guard let characters = match.characters(ofWord: index, in: texts),
                let symbols = word.box(ofCharacters: characters)
            else { return whole }
            return (
                characters.lowerBound == 0 ? whole.left : max(whole.left, symbols.x),
                characters.upperBound == texts[index].count ? whole.right : min(whole.right, symbols.x + symbols.width)
            )
        }
        let left = line.x + spans.map(\.left).min()!, right = line.x + spans.map(\.right).max()!
        let spanned = words[match.words]
        let pad = max(2, spanned.map(\.box.height).max()! / 6)
        // Up and down: the rows of the words' boxes, trimmed to the band of inked rows around
        // their middle (a line box, and so a word's box, can take in the glyphs of the lines
        // above and below), then padded into blank rows only.
        var top = line.y + spanned.map(\.box.y).min()!
        var bottom = line.y + spanned.map { $0.box.y + $0.box.height }.max()!
        var levels: [UInt8] = []
        for y in top..<bottom { for x in left..<right { levels.append(grey[y * width + x]) } }
        let background = Int(levels.sorted()[levels.count / 2])
        func inked(_ y: Int) -> Bool {
            guard y >= 0, y < height else { return false }
            return (left..<right).contains { abs(Int(grey[y * width + $0]) - background) > 40 }
        }
        // From the inked row nearest the middle (a row of a text band; a word's box can be much
        // taller than its text, holding descenders of the line above), out to the first blank rows.
        let middle = (top + bottom) / 2
        if let start = (0..<(bottom - top)).lazy.flatMap({ [middle - $0, middle + $0] }).first(where: {
            $0 >= top && $0 < bottom && inked($0)
        }) {
            var up = start, down = start
            while up > top, inked(up - 1) { up -= 1 }
            while down < bottom - 1, inked(down + 1) { down += 1 }
            top = up
            bottom = down + 1
        }
        var padTop = top, padBottom = bottom
        while padTop > max(0, top - pad), !inked(padTop - 1) { padTop -= 1 }
        while padBottom < min(height, bottom + pad), !inked(padBottom) { padBottom += 1 }
        let tight = Region(x: left, y: top, width: max(1, right - left), height: bottom - top)
        let limit = Region(
            x: max(0, left - pad), y: padTop, width: min(width, right + pad) - max(0, left - pad),
            height: padBottom - padTop)
        return InkExtent.grown(tight, grey: grey, width: width, height: height, limit: limit, gap: pad)
    }

    /// Pixels: no secret is narrower (seven characters of text 8 px wide at least): a box narrower
    /// than this, and narrower than twice its height, holds none.
    public static let narrowestSecret = 56

    /// Boxes merged while two share half of the smaller one (the same line found by two passes;
    /// not two lines whose padded boxes touch): the unions.
    static func blocks(_ boxes: [Region]) -> [Region] {
        var blocks: [Region] = []
        for box in boxes {
            var merged = box
            var changed = true
            while changed {
                changed = false
                if let index = blocks.firstIndex(where: { mostlyShared($0, merged) }) {
                    merged = TextLines.union(merged, blocks.remove(at: index))
                    changed = true
                }
            }
            blocks.append(merged)
        }
        return blocks
    }

    /// Whether two boxes share at least half of the smaller one.
    static func mostlyShared(_ a: Region, _ b: Region) -> Bool {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard width > 0, height > 0 else { return false }
        return width * height * 2 >= min(a.width * a.height, b.width * b.height)
    }
}
