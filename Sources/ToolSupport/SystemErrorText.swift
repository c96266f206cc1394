import Foundation

/// The plain reason in a Foundation file error, for the one-line messages. On Linux a CocoaError's
/// `localizedDescription` and description are garbled (`Error Domain=NSCocoaErrorDomain Code=513
/// "You don’t have , , NSUnderlyingError=…"`, different each run); the system's own words for the
/// underlying POSIX error (`Permission denied`) are what the user needs.
public enum SystemErrorText {
    public static func reason(_ error: any Error) -> String {
        if let error = error as? FileWriteError { return error.reason }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        guard bridged.domain == NSCocoaErrorDomain else { return "\(error)" }
        switch CocoaError.Code(rawValue: bridged.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileWriteFileExists: return String(cString: strerror(EEXIST))
        case .fileReadTooLarge: return String(cString: strerror(EFBIG))
        default: return "file error \(bridged.code)"
        }
    }
}
