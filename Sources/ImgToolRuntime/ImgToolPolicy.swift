import Tesseract
import ToolRuntime

extension RuntimePolicy {
    /// imgtool: libvips, whose warnings go through GLib, and Tesseract (`blur --find text`), which
    /// prints its own complaints, e.g. for a --lang whose data is missing, that imgtool reports in
    /// one line of its own. Each photo of a batch is a new image, so libvips' operation cache only
    /// kept earlier photos' operations alive: off, as in pdflayout (bench/memory/IMGTOOL.md).
    /// Apart from `ToolRuntime` so that pdflayout does not link Tesseract (bench/memory/PDFLAYOUT.md).
    public static let imgtool = RuntimePolicy(
        silencesLibraryStderr: false, cachedOperations: 0,
        librarySettings: [
            { environment in
                if environment["FROSTLEVEL_TESSERACT_MESSAGES"] == nil { TesseractRuntime.silenceDiagnostics() }
            }
        ])
}
