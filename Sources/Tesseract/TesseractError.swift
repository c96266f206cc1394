/// Why Tesseract could not look at an image. The descriptions name no command-line option; the
/// command adds those.
public enum TesseractError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No trained data for `language` where Tesseract looks (its TESSDATA_PREFIX or built-in folder).
    case languageNotInstalled(language: String)
    /// A language name that cannot be one (empty, or with characters other than letters, digits, _ and +).
    case badLanguageName(String)
    /// The pixels given do not describe an image (sizes or byte count wrong).
    case badPixels(String)
    /// Layout analysis returned nothing to iterate (an empty page is not this: it gives no words).
    case analysisFailed

    public var description: String {
        switch self {
        case .languageNotInstalled(let language):
            return "no Tesseract data for \"\(language)\" is installed (Debian: apt install tesseract-ocr-\(language))"
        case .badLanguageName(let name): return "\"\(name)\" is not a Tesseract language name (e.g. eng, deu, eng+fra)"
        case .badPixels(let why): return "cannot hand these pixels to Tesseract: \(why)"
        case .analysisFailed: return "Tesseract's layout analysis failed"
        }
    }
}
