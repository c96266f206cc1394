import ToolSupport
import Vips

/// The one place where imgtool turns the libraries' errors into what the user reads: the
/// sentence (with the option that helps, e.g. --max-pixels) and, through `ToolFailure`, the exit
/// status. The libraries' own descriptions name no option.
enum Failures {
    /// The sentence for `error`, without the file name.
    static func message(_ error: any Error) -> String {
        if let error = error as? VipsError, case .tooManyPixels = error.kind {
            return error.description + " (--max-pixels raises it)"
        }
        return "\(error)"
    }

    /// `error` as the failure of `file` ("FILE: cause", exit status 1); a `ToolFailure` is kept as it is.
    static func failure(_ error: any Error, file: String) -> ToolFailure {
        .wrapping(error, file: file, sentence: message)
    }
}
