import Frost
import ToolSupport
import Vips

/// The one place where imgtool turns the libraries' errors into what the user reads: the
/// sentence (with the option that helps, e.g. --max-pixels) and, through `ToolFailure`, the exit status.
enum Failures {
    /// The sentence for `error`, without the file name.
    static func message(_ error: any Error) -> String {
        switch error {
        case let error as VipsError:
            if case .tooManyPixels = error.kind { return error.description + " (--max-pixels raises it)" }
            return error.description
        case let failure as ToolFailure:
            return failure.message
        default:
            return "\(error)"
        }
    }

    /// `error` as the failure of `file` ("FILE: cause", exit status 1); a `ToolFailure` is kept as it is.
    static func failure(_ error: any Error, file: String) -> ToolFailure {
        if let failure = error as? ToolFailure { return failure }
        return ToolFailure(file: file, message(error))
    }
}
