import CommandSupport
import Frost
import FrostKit
import Tesseract
import ToolSupport
import Vips

/// The one place where imgtool turns the libraries' errors into what the user reads: the
/// sentence (with the option that helps, e.g. --max-pixels) and, through `ToolFailure`, the exit
/// status. The libraries' own descriptions name no option.
enum Failures {
    /// The sentence for `error`, without the file name.
    static func message(_ error: any Error) -> String {
        switch error {
        case let error as VipsError:
            if case .tooManyPixels = error.kind { return error.description + " (--max-pixels raises it)" }
            if case .untrustedLoader = error.kind {
                return error.description
                    + ": convert it to PNG first, or add --allow-untrusted-loaders for files you trust (imgtool formats lists what is read)"
            }
            if case .noEncoder = error.kind {
                return
                    "cannot write AVIF/HEIC here: libheif has no encoder for it (AVIF needs libheif built with aom, rav1e or svt-av1); write .webp or .png instead"
            }
            return PlainWords.clean(error.description)
        case EffectError.tintNeedsColour:
            return "--style tint needs a colour: --tint COLOUR"
        case EffectError.radiusOutOfRange(let limit):
            return "--radius must be from 0 to \(limit) points"
        case EffectError.saturationOutOfRange(let limit):
            return "--saturation must be from -\(limit) to \(limit)"
        case EffectError.scaleOutOfRange(let limit):
            return "--scale must be above 0 and at most \(limit) (1 normal screen, 2 HiDPI)"
        case let error as FrostFindError:
            if case .tesseract(let inner) = error { return message(inner) }
            return error.description
        case TesseractError.languageNotInstalled(let language):
            return
                "--lang \(language): no Tesseract data for it is installed (Debian: apt install tesseract-ocr-\(language); tesseract --list-langs shows what is)"
        case TesseractError.badLanguageName(let name):
            return "--lang \"\(name)\" is not a Tesseract language name (e.g. eng, deu, eng+fra)"
        case let failure as ToolFailure:
            return PlainWords.clean(failure.cause)
        default:
            return PlainWords.clean(SystemErrorText.reason(error))
        }
    }

    /// `error` as the failure of `file` ("FILE: cause", exit status 1); a `ToolFailure` is kept as it is.
    static func failure(_ error: any Error, file: String) -> ToolFailure {
        .wrapping(error, file: file, sentence: message)
    }
}
