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

/// Finds the secrets in a screenshot for `imgtool blur --find emails,cards,…`: the lines of text
/// `TextFinder` finds are read by Tesseract's recogniser (each line box on its own, light text on
/// dark inverted first), the words of each line matched (`SecretMatcher`: Luhn for cards, mod 97
/// for IBANs, known prefixes and entropy for tokens, …), and the matched words' boxes grown over all
/// their ink (`InkExtent`, within their line), so that hiding them hides every ink pixel of them
/// and nothing of the words around.
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
        let grey: [UInt8]
        do { grey = try TextFinder.grey(image).bytes() } catch { throw .vips(error) }
        var found: [FoundSecret] = []
        for line in lines {
            let box = line.region
            var pixels = [UInt8](repeating: 0, count: box.width * box.height)
            for y in 0..<box.height {
                let row = (box.y + y) * image.width + box.x
                for x in 0..<box.width { pixels[y * box.width + x] = grey[row + x] }
            }
            // The recogniser is trained on dark text on light: a dark background is inverted.
            if InkExtent.median(pixels, width: box.width, left: 0, top: 0, right: box.width, bottom: box.height) < 128 {
                pixels = pixels.map { 255 - $0 }
            }
            let words: [RecognisedWord]
            do { words = try recogniser.words(grey: pixels, width: box.width, height: box.height) } catch {
                throw .tesseract(error)
            }
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

    /// The box that hides a match: the boxes of its symbols (the matched characters only, not the
    /// rest of a word they share, nor a neighbour), padded by a fifth of their height (the
    /// anti-aliasing and the parts of glyphs the recogniser's boxes leave out), then over the ink
    /// joined to them within that padding.
    static func hidden(
        _ match: SecretMatch, of words: [RecognisedWord], texts: [String], in line: Region, grey: [UInt8],
        width: Int, height: Int
    ) -> Region {
        let boxes = match.words.map { index -> PixelRect in
            let word = words[index]
            return match.characters(ofWord: index, in: texts).flatMap { word.box(ofCharacters: $0) } ?? word.box.box
        }
        let left = boxes.map(\.x).min()!, right = boxes.map { $0.x + $0.width }.max()!
        let top = boxes.map(\.y).min()!, bottom = boxes.map { $0.y + $0.height }.max()!
        let textHeight = words[match.words].map(\.box.height).max()!
        let pad = max(2, textHeight / 5)
        let tight = Region(x: line.x + left, y: line.y + top, width: right - left, height: bottom - top)
        let limit = Region(
            x: max(0, tight.x - pad), y: max(0, tight.y - pad),
            width: min(width, tight.x + tight.width + pad) - max(0, tight.x - pad),
            height: min(height, tight.y + tight.height + pad) - max(0, tight.y - pad))
        return InkExtent.grown(tight, grey: grey, width: width, height: height, limit: limit, gap: pad)
    }

    /// Whether two boxes share at least half of the smaller one.
    static func mostlyShared(_ a: Region, _ b: Region) -> Bool {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard width > 0, height > 0 else { return false }
        return width * height * 2 >= min(a.width * a.height, b.width * b.height)
    }
}
