import CTesseract

/// Tesseract's page layout analysis (no recognition): where the words are.
///
/// One analyser holds one `TessBaseAPI` with its language data loaded; it is not shared between
/// threads (make one per thread). It changes nothing process-wide: the variables it sets
/// (`thresholding_method`) are per handle, its trained data is found the normal way
/// (`TESSDATA_PREFIX`, else the folder Tesseract was built with), and Tesseract's diagnostics go
/// where the host has them go (standard error, unless `TesseractRuntime.silenceDiagnostics()`).
public final class LayoutAnalyser {
    private let handle: OpaquePointer
    public let language: String

    /// Loads `language` (Tesseract's names: `eng`, `deu`, `eng+fra`).
    public init(language: String = "eng") throws(TesseractError) {
        handle = try Self.handle(language: language)
        self.language = language
        TessBaseAPISetPageSegMode(handle, PSM_SPARSE_TEXT)
    }

    /// A new `TessBaseAPI` with every language of `language` loaded (shared with `Recogniser`).
    static func handle(language: String) throws(TesseractError) -> OpaquePointer {
        let allowed = language.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "+")
        }
        guard !language.isEmpty, allowed else { throw .badLanguageName(language) }
        guard let made = TessBaseAPICreate() else { throw .analysisFailed }
        guard TessBaseAPIInit3(made, nil, language) == 0 else {
            TessBaseAPIDelete(made)
            throw .languageNotInstalled(language: language)
        }
        // Tesseract loads what it can of eng+deu and only warns about the rest: a language left
        // out would silently find less, so each one asked for must be loaded.
        let missing = language.split(separator: "+").map(String.init).filter { !Self.loaded(made).contains($0) }
        if let first = missing.first {
            TessBaseAPIEnd(made)
            TessBaseAPIDelete(made)
            throw .languageNotInstalled(language: first)
        }
        return made
    }

    /// The languages a handle has loaded.
    private static func loaded(_ handle: OpaquePointer) -> Set<String> {
        guard let names = TessBaseAPIGetLoadedLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(names) }
        var result: Set<String> = []
        var index = 0
        while let name = names[index] {
            result.insert(String(cString: name))
            index += 1
        }
        return result
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// The library's version, e.g. "5.3.0".
    public static var version: String { String(cString: TessVersion()) }

    /// How the grey image is made black and white before its layout is analysed (Tesseract's
    /// `thresholding_method`).
    public enum Thresholding: Int, Sendable, CaseIterable {
        /// One threshold for the page (Otsu), which also picks the page's polarity.
        case global = 0
        /// Leptonica's per-tile Otsu: a screenshot mixes light and dark panels, and one threshold
        /// loses the smaller kind's text.
        case tiledOtsu = 1
        /// Sauvola's local threshold: a flat area of any grey (a panel, a button, a bubble) turns
        /// white, so dark text on it is not enclosed in a black panel that layout analysis takes
        /// for a picture.
        case sauvola = 2
    }

    /// Word boxes in an 8-bit grey image (`pixels`: width × height bytes, rows packed).
    /// `sparse`: look for text anywhere, in no particular order (screenshots: labels, buttons,
    /// scattered lines) instead of in page columns. `adaptiveThreshold`: `.tiledOtsu` instead of
    /// `.global` (`thresholding` says which when given).
    public func words(
        grey pixels: [UInt8], width: Int, height: Int, sparse: Bool = true,
        adaptiveThreshold: Bool = false, thresholding: Thresholding? = nil
    ) throws(TesseractError) -> [WordBox] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .badPixels("size \(width)×\(height)")
        }
        guard pixels.count == width * height else { throw .badPixels("\(pixels.count) bytes for \(width)×\(height)") }
        TessBaseAPISetPageSegMode(handle, sparse ? PSM_SPARSE_TEXT : PSM_AUTO)
        let method = thresholding ?? (adaptiveThreshold ? .tiledOtsu : .global)
        _ = TessBaseAPISetVariable(handle, "thresholding_method", "\(method.rawValue)")
        pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(handle, buffer.baseAddress, Int32(width), Int32(height), 1, Int32(width))
        }
        // Screenshots carry no resolution; 70 dpi is Tesseract's own guess, said here so that it
        // does not warn about it.
        TessBaseAPISetSourceResolution(handle, 70)
        defer { TessBaseAPIClear(handle) }
        guard let iterator = TessBaseAPIAnalyseLayout(handle) else { return [] }
        defer { TessPageIteratorDelete(iterator) }
        var found: [WordBox] = []
        repeat {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(iterator, RIL_WORD, &left, &top, &right, &bottom) != 0,
                right > left, bottom > top
            else { continue }
            let confidence: Double
            switch TessPageIteratorBlockType(iterator) {
            case PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_CAPTION_TEXT, PT_VERTICAL_TEXT, PT_TABLE:
                confidence = 1
            default:
                confidence = 0.5
            }
            found.append(
                WordBox(
                    x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top),
                    confidence: confidence))
        } while TessPageIteratorNext(iterator, RIL_WORD) != 0
        return found
    }
}
