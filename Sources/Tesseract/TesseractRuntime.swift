import CTesseract

/// Tesseract's process-wide settings. Only a process's runtime policy calls these (a library
/// never does): Tesseract's `debug_file` is one global variable for every handle in the process.
public enum TesseractRuntime {
    /// Sends Tesseract's diagnostics ("Error opening data file …", layout warnings) to /dev/null
    /// instead of standard error, and turns Leptonica's messages off (`Error in
    /// boxClipToRectangle`, `Error in pixScanForForeground` on boxes at an image's edge, which
    /// Tesseract handles), for a tool that reports errors in its own words.
    public static func silenceDiagnostics() {
        _ = setMsgSeverity(l_int32(L_SEVERITY_NONE))
        guard let handle = TessBaseAPICreate() else { return }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPIDelete(handle)
    }
}
