import CommandSupport
import LayoutKit
import PageLayout
import Poppler
import QPDF
import ToolSupport

/// The one place where pdflayout turns the libraries' typed errors into what the user reads:
/// the sentence (with the option that helps, e.g. --password) and, through `ToolFailure`, the
/// exit status. The libraries' own descriptions name no option.
enum Failures {
    /// `--password-file`: the file's first line is empty.
    static let emptyPasswordLine = "its first line is empty: the password goes there"

    /// The sentence for `error`, without the file name.
    static func message(_ error: any Error) -> String {
        switch error {
        case PopplerError.encrypted, QPDFError.encrypted:
            return "encrypted: needs --password or --password-file (or the one given is wrong)"
        case QPDFError.encryptionNotKept(.ownerPasswordUnknown):
            return
                "encrypted: PDF sheets keep its encryption and permissions only with its owner password (--password, or --owner-password beside the user password), or give --drop-encryption to write them unencrypted"
        case QPDFError.encryptionNotKept(.userPasswordUnknown):
            return
                "encrypted with AES-256, whose owner password does not give back the user password the sheets need: give the user password with --password and the owner's with --owner-password, or --drop-encryption to write them unencrypted"
        case QPDFError.encryptionNotKept(.notTheOwnerPassword):
            return "--owner-password is not this PDF's owner password"
        case QPDFError.encryptionNotKept(.sheetsDrawnByCairo):
            return
                "encrypted, and qpdf cannot read it to encrypt the sheets alike: give --drop-encryption to write them unencrypted"
        case FirstLine.Failure.notFound, QPDFError.notFound: return "no such file"
        case QPDFError.failed(let step, _) where step == QPDFError.unreadableStep:
            // qpdf's own text ("unable to find trailer dictionary while recovering damaged file") means
            // nothing to a reader; poppler's readers say the same in these words.
            return "not a readable PDF (the file is damaged or truncated)"
        case FirstLine.Failure.isFolder: return "is a folder, not a file holding the password"
        case FirstLine.Failure.unreadable: return "cannot be read"
        case ComicError.notAnImage(let name, let reason):
            // libvips' words for the page, in plain words (`the file ends early: it is truncated`).
            return ComicError.notAnImage(name: name, reason: PlainWords.clean(reason)).description
        case let error as ComicError: return error.description
        default: return PlainWords.clean(SystemErrorText.reason(error))
        }
    }

    /// A page-range text refused, with the option it came from (`--pages`, `--alone`).
    static func message(_ error: PageRangeError, option: String) -> String {
        if case .empty = error { return "\(option) is empty" }
        return "\(option): \(error)"
    }

    /// `error` as the failure of `file` ("FILE: cause", exit status 1); a `ToolFailure` and the
    /// spool's own sentences (which name their folder) are kept as they are.
    static func failure(_ error: any Error, file: String) -> ToolFailure {
        if let error = error as? LayoutError { return ToolFailure(error.description) }
        return .wrapping(error, file: file, sentence: message)
    }
}
