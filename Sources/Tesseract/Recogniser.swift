import CTesseract
import CoreTypes

/// A word Tesseract's recogniser read: its text, its box in pixels of the image given, the line it
/// lies on (numbered from 0 in reading order), the recogniser's confidence (0…100) and its
/// symbols (characters, or a ligature read as two), each with its own box, in reading order.
public struct RecognisedWord: Equatable, Sendable {
    public var text: String
    public var box: WordBox
    public var line: Int
    public var confidence: Double
    public var symbols: [RecognisedSymbol]

    public init(text: String, box: WordBox, line: Int, confidence: Double, symbols: [RecognisedSymbol] = []) {
        self.text = text
        self.box = box
        self.line = line
        self.confidence = confidence
        self.symbols = symbols
    }

    /// The word with its boxes in pixels `factor` times as large (read at a reduced size).
    public func scaled(by factor: Double) -> RecognisedWord {
        guard factor != 1 else { return self }
        func scaled(_ box: PixelRect) -> PixelRect {
            let x = Int((Double(box.x) * factor).rounded(.down)), y = Int((Double(box.y) * factor).rounded(.down))
            let right = Int((Double(box.x + box.width) * factor).rounded(.up))
            let bottom = Int((Double(box.y + box.height) * factor).rounded(.up))
            return PixelRect(x: x, y: y, width: right - x, height: bottom - y)
        }
        var word = self
        word.box.box = scaled(box.box)
        word.symbols = symbols.map { RecognisedSymbol(text: $0.text, box: scaled($0.box)) }
        return word
    }

    /// The box of the symbols that spell characters `characters` of `text` (offsets in the word),
    /// nil when the symbols do not spell the word.
    public func box(ofCharacters characters: Range<Int>) -> PixelRect? {
        guard symbols.map(\.text).joined() == text else { return nil }
        var offset = 0
        var boxes: [PixelRect] = []
        for symbol in symbols {
            let span = offset..<(offset + symbol.text.count)
            if span.overlaps(characters) { boxes.append(symbol.box) }
            offset = span.upperBound
        }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { union, box in
            let left = min(union.x, box.x), top = min(union.y, box.y)
            let right = max(union.x + union.width, box.x + box.width)
            let bottom = max(union.y + union.height, box.y + box.height)
            return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        }
    }
}

/// One symbol of a recognised word: its text and its box (the ink Tesseract gave it), in pixels.
public struct RecognisedSymbol: Equatable, Sendable {
    public var text: String
    public var box: PixelRect

    public init(text: String, box: PixelRect) {
        self.text = text
        self.box = box
    }
}

/// Tesseract's recogniser (LSTM): the words of a block of text with what they say.
///
/// One recogniser holds one `TessBaseAPI` with its language data loaded; like `LayoutAnalyser` it
/// is not shared between threads and changes nothing process-wide.
public final class Recogniser {
    private let handle: OpaquePointer
    public let language: String

    /// Loads `language` (Tesseract's names: `eng`, `deu`, `eng+fra`).
    public init(language: String = "eng") throws(TesseractError) {
        handle = try LayoutAnalyser.handle(language: language)
        self.language = language
        // Tesseract 5 reads every line it is unsure of a second time inverted, doubling the work on
        // the lines a screenshot is full of (short labels, numbers); callers invert light text
        // themselves.
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The words in an 8-bit grey image (`pixels`: width × height bytes, rows packed) holding one
    /// block of text (a line or a few), dark on light: a light-on-dark block is best inverted first.
    public func words(grey pixels: [UInt8], width: Int, height: Int) throws(TesseractError) -> [RecognisedWord] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .badPixels("size \(width)×\(height)")
        }
        guard pixels.count == width * height else { throw .badPixels("\(pixels.count) bytes for \(width)×\(height)") }
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_BLOCK)
        pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
        }
        TessBaseAPISetSourceResolution(handle, 70)
        defer { TessBaseAPIClear(handle) }
        // OpenMP teams sized to the idle cores, for this call on this thread only.
        let dynamic = omp_get_dynamic()
        omp_set_dynamic(1)
        let recognised = TessBaseAPIRecognize(handle, nil)
        omp_set_dynamic(dynamic)
        guard recognised == 0 else { throw .analysisFailed }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var found: [RecognisedWord] = []
        var line = -1
        var inWord = false
        // Symbol by symbol: a word starts a new entry, its symbols' boxes are kept for hiding
        // part of a word.
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { line += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                inWord = false
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                guard TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0, right > left,
                    bottom > top, let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD)
                else { continue }
                defer { TessDeleteText(text) }
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
                found.append(
                    RecognisedWord(
                        text: String(cString: text),
                        box: WordBox(
                            x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top),
                            confidence: confidence / 100),
                        line: max(0, line), confidence: confidence))
                inWord = true
            }
            guard inWord else { continue }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_SYMBOL, &left, &top, &right, &bottom) != 0, right > left,
                bottom > top, let text = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL)
            else { continue }
            defer { TessDeleteText(text) }
            found[found.count - 1].symbols.append(
                RecognisedSymbol(
                    text: String(cString: text),
                    box: PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))))
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return found
    }
}
