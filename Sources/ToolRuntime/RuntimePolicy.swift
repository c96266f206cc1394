import CXMLShim
import CommandSupport
import Foundation
import ToolSupport
import Vips

/// Everything a command-line tool sets for its whole process, in one call made first thing by its
/// `main`. Libraries never do any of this on their own: a Swift program using `Vips`, the engines
/// or the command modules gets libvips' defaults, its own stderr and its own signal handling.
///
/// Environment switches that remain (documented in docs/ARCHITECTURE.md):
/// - `MALLOC_ARENA_MAX`: glibc's own; when set, the two-arena limit below is not applied.
/// - `VIPS_CONCURRENCY`: libvips' own; when set, batches do not share the cores out.
/// - `FROSTLEVEL_VIPS_WARNINGS=1`: keep libvips' GLib warnings on stderr.
/// - `FROSTLEVEL_LIBRARY_STDERR=1`: keep poppler's direct writes to descriptor 2 (pdflayout) and
///   libxml2's parser errors (both tools).
/// - `VIPS_LEAK=1`: libvips' own leak report at exit.
/// - `FROSTLEVEL_VIPS_VECTOR` (any value): let libvips compile vector code with liborc even where
///   the policy turns it off (pdflayout, below).
/// - `FROSTLEVEL_VIPS_CACHE_MAX=N`: libvips' operation cache keeps up to N operations instead of
///   the tool's choice below (100 is libvips' own default).
/// - `FROSTLEVEL_TESSERACT_MESSAGES=1`: keep Tesseract's diagnostics on stderr (imgtool --find text;
///   `ImgToolRuntime`).
public struct RuntimePolicy: Sendable {
    /// Point descriptor 2 at /dev/null (keeping a duplicate for the tool's own messages): poppler
    /// writes some complaints straight to it ("Bogus memory allocation size"), past any callback,
    /// which would break the promise of one-line errors.
    public var silencesLibraryStderr: Bool
    /// The most operations libvips' cache keeps; nil leaves libvips' default (100, up to 100 MB).
    public var cachedOperations: Int?
    /// Whether libvips compiles vector code with liborc. liborc 0.4.33 does not survive operations
    /// built and freed on several threads at a high rate (`VipsRuntime.Settings`), as pdflayout's
    /// pages are; imgtool keeps it, since its analysis copy's pixels, and so its answers, differ
    /// without it, and a photo must get the same answer alone or in a batch (bench/liborc.md).
    public var usesVectorCode: Bool
    /// Settings of libraries only one tool links, given the process environment, applied after
    /// libvips' (imgtool's Tesseract switch, in `ImgToolRuntime`: pdflayout does not link Tesseract).
    public var librarySettings: [@Sendable ([String: String]) -> Void]

    /// pdflayout: poppler as well. Every page is a new image saved once, so libvips' operation
    /// cache never hits; left on, it kept the last ~100 MB of pages alive (bench/memory/PDFLAYOUT.md).
    /// Its pages are rendered on several threads, so liborc's vector code is off: it crashed readers
    /// (its speed there: bench/liborc.md).
    public static let pdflayout = RuntimePolicy(silencesLibraryStderr: true, cachedOperations: 0, usesVectorCode: false)

    public init(
        silencesLibraryStderr: Bool, cachedOperations: Int? = nil, usesVectorCode: Bool = true,
        librarySettings: [@Sendable ([String: String]) -> Void] = []
    ) {
        self.silencesLibraryStderr = silencesLibraryStderr
        self.cachedOperations = cachedOperations
        self.usesVectorCode = usesVectorCode
        self.librarySettings = librarySettings
    }

    public func apply() {
        let environment = ProcessInfo.processInfo.environment
        let keepsVectorCode = environment["FROSTLEVEL_VIPS_VECTOR"] != nil
        // libvips starts lazily, on the first image, with these settings. Malloc arenas: glibc gives
        // each thread that allocates its own (up to 8 per core); libvips' worker threads then leave
        // freed pixel buffers scattered over them, so a batch's peak memory grows with the arenas
        // (figures: bench/memory/RESULTS.md). Two, set just before libvips starts its threads.
        VipsRuntime.configure(
            VipsRuntime.Settings(
                blocksUntrustedLoaders: true,
                // Netpbm (pdftoppm's output; libvips' own small parser), SVG (librsvg, in Rust),
                // JPEG 2000 (OpenJPEG) and JPEG XL (libjxl) are accepted; ImageMagick (BMP and the
                // rest), PDF, MATLAB, FITS, ... stay blocked unless --allow-untrusted-loaders.
                acceptedLoaders: [
                    "VipsForeignLoadPpm", "VipsForeignLoadSvg", "VipsForeignLoadJp2k", "VipsForeignLoadJxl",
                ],
                silencesWarnings: environment["FROSTLEVEL_VIPS_WARNINGS"] == nil,
                mallocArenas: environment["MALLOC_ARENA_MAX"] == nil ? 2 : nil,
                cachedOperations: environment["FROSTLEVEL_VIPS_CACHE_MAX"].flatMap { Int($0) } ?? cachedOperations,
                usesVectorCode: usesVectorCode || keepsVectorCode))
        for settings in librarySettings { settings(environment) }
        // libxml2 prints its parser errors on stderr ("namespace error : …") before the tool's own
        // one line about an unreadable sidecar or ComicInfo.xml, which says it in plain words.
        if environment["FROSTLEVEL_LIBRARY_STDERR"] == nil { CXMLShim_silenceErrors() }
        if silencesLibraryStderr && environment["FROSTLEVEL_LIBRARY_STDERR"] == nil {
            Console.silenceLibraryOutput()
        }
        // Once a command starts writing files, SIGINT, SIGTERM and SIGHUP remove half-written
        // outputs and spools, then exit 128 + signal (before that, signals keep their defaults).
        ProcessControl.allowInterruptCleanup { TemporaryFiles.shared.removeOnInterrupt() }
        ProcessControl.allowUntrustedLoaders { VipsRuntime.acceptAllLoaders() }
        // Several images at once each get a share of the cores for libvips' own threads, rather
        // than all of them each (which only adds switching).
        if environment["VIPS_CONCURRENCY"] == nil {
            ProcessControl.allowPipelineThreads { threads in
                guard (try? VipsRuntime.ensure()) != nil else { return }
                VipsRuntime.setConcurrency(threads)
            }
        }
    }
}
