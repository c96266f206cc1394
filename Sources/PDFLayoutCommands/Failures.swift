import LayoutKit
import Poppler
import QPDF
import ToolSupport
import Vips

/// The one place where pdflayout turns the libraries' typed errors into what the user reads:
/// the message (with the option that helps, e.g. --password) and the exit status.
enum Failures {
    /// The sentence for `error`, without the file name.
    static func message(_ error: any Error) -> String {
        switch error {
        case PopplerError.encrypted:
            return "encrypted: needs --password (or the one given is wrong)"
        case let error as PopplerError:
            return error.description
        case let error as LayoutError:
            return error.description
        case let error as QPDFError:
            return error.description
        case let error as VipsError:
            return error.description
        case let failure as ToolFailure:
            return failure.message
        default:
            return "\(error)"
        }
    }

    /// `error` as the failure of `file` ("FILE: cause", exit status 1); a `ToolFailure` (which
    /// carries its own status and, where it matters, its file) and the spool's own sentences are
    /// kept as they are.
    static func failure(_ error: any Error, file: String) -> ToolFailure {
        switch error {
        case let failure as ToolFailure: return failure
        case let error as LayoutError where error != .noPages: return ToolFailure(error.description)
        default: return ToolFailure(file: file, message(error))
        }
    }
}
