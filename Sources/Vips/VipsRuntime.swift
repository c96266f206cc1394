import CShim
import CVips
import CoreTypes
import Synchronization

/// Starts libvips once per process. Every entry point of this module calls `VipsRuntime.ensure()`;
/// a `static let` gives the once-only, thread-safe start Swift 6 accepts.
///
/// A library user gets libvips as libvips ships. Process-wide choices (blocking untrusted loaders,
/// silencing warnings, malloc arenas, thread counts, the operation cache, liborc's vector code) are made only by an executable's runtime
/// policy (`ToolRuntime`), through `configure(_:)` and the functions below.
public enum VipsRuntime {
    /// What libvips does once started; set by the executable before the first image.
    public struct Settings: Sendable, Equatable {
        /// Block the loaders libvips marks untrusted (matload, fitsload, pdfload, ...), which are
        /// not fuzzed upstream; rawload is then re-enabled alone (it only runs when called by name).
        public var blocksUntrustedLoaders = false
        /// Drop libvips' GLib warnings ("error in tile 0 x 392"); the failure itself still reaches
        /// the caller as an error.
        public var silencesWarnings = false
        /// Loaders re-enabled after the untrusted ones are blocked (libvips class names, e.g.
        /// "VipsForeignLoadPpm"): formats libvips reads with its own small parser or a memory-safe
        /// library, which a tool chooses to accept.
        public var acceptedLoaders: [String] = []
        /// glibc's malloc arenas for the whole process (mallopt M_ARENA_MAX), set just before
        /// libvips starts its worker threads; nil leaves glibc's default.
        public var mallocArenas: Int?
        /// The most operations libvips' operation cache keeps (vips_cache_set_max); nil leaves
        /// libvips' default (100 operations, up to 100 MB of pixels). A cached operation keeps its
        /// input images alive, so a tool that never asks for the same operation twice (a page or
        /// a photo after another) only pays for it: 0 turns the cache off.
        public var cachedOperations: Int?
        /// Whether libvips compiles vector code with liborc (vips_vector_set_enabled), as it does by
        /// default. liborc 0.4.33 (Debian 12) frees compiled code without its lock, so an operation
        /// freed on one thread while another builds a convolution or a resize can corrupt its code
        /// memory and crash the process: a program that builds operations on several threads at once
        /// should turn it off. The vector code's pixels can differ from the plain code's by a level
        /// (resizes). libvips 8.15 and later no longer use liborc.
        public var usesVectorCode: Bool

        public init(
            blocksUntrustedLoaders: Bool = false, acceptedLoaders: [String] = [], silencesWarnings: Bool = false,
            mallocArenas: Int? = nil, cachedOperations: Int? = nil, usesVectorCode: Bool = true
        ) {
            self.blocksUntrustedLoaders = blocksUntrustedLoaders
            self.acceptedLoaders = acceptedLoaders
            self.silencesWarnings = silencesWarnings
            self.mallocArenas = mallocArenas
            self.cachedOperations = cachedOperations
            self.usesVectorCode = usesVectorCode
        }
    }

    private static let settings = Locked(Settings())
    private static let running = Atomic<Bool>(false)

    private static let started: Result<Void, VipsError> = {
        let chosen = settings.withLock { $0 }
        if let arenas = chosen.mallocArenas {
            _ = CShim_malloc_set_arena_max(Int32(arenas))
        }
        if vips_init("frostlevel") != 0 {
            return .failure(VipsError.fromBuffer("libvips failed to start"))
        }
        restrict(chosen)
        if let operations = chosen.cachedOperations { vips_cache_set_max(Int32(operations)) }
        if chosen.silencesWarnings {
            g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        }
        running.store(true, ordering: .releasing)
        return .success(())
    }()

    /// Starts libvips if it is not running yet; throws if it cannot start.
    public static func ensure() throws(VipsError) {
        try started.get()
    }

    /// Chooses what happens when libvips starts. Call before anything loads an image; a running
    /// libvips gets the loader blocking and vector code turned off at once (the warning handler
    /// and arenas only at start). Like the loaders, vector code is only ever turned off here, so
    /// `VIPS_NOVECTOR` or an earlier choice stays.
    public static func configure(_ chosen: Settings) {
        settings.withLock { $0 = chosen }
        guard running.load(ordering: .acquiring) else { return }
        restrict(chosen)
    }

    /// What a running libvips takes at once: loaders blocked, vector code off (never turned back on).
    private static func restrict(_ chosen: Settings) {
        if chosen.blocksUntrustedLoaders { block(accepting: chosen.acceptedLoaders) }
        if !chosen.usesVectorCode { vips_vector_set_enabled(0) }
    }

    /// Whether libvips compiles vector code with liborc now (false before it starts): what makes
    /// some ways of computing the same pixels faster than others (`blockAverage`).
    public static var usesVectorCode: Bool {
        running.load(ordering: .acquiring) && vips_vector_isenabled() != 0
    }

    private static func block(accepting accepted: [String]) {
        vips_block_untrusted_set(1)
        vips_operation_block_set("VipsForeignLoadRaw", 0)
        for name in accepted { vips_operation_block_set(name, 0) }
    }

    /// Lifts the block on every untrusted loader (a user's explicit choice for one run).
    public static func acceptAllLoaders() {
        guard (try? ensure()) != nil else { return }
        vips_block_untrusted_set(0)
    }

    /// Turns on libvips' own leak report, printed to stderr by `shutdown()`.
    public static func enableLeakCheck() {
        vips_leak_set(1)
    }

    /// Number of worker threads libvips uses per pipeline (0 = its default, the core count).
    public static func setConcurrency(_ threads: Int) {
        vips_concurrency_set(Int32(threads))
    }

    /// Empties libvips' operation cache, releasing the images it keeps alive and the files they
    /// hold open (a deleted spool stays on disk while a cached operation refers to it).
    /// Later operations are cached again as usual.
    public static func dropCachedOperations() {
        guard running.load(ordering: .acquiring) else { return }
        let limit = vips_cache_get_max()
        vips_cache_set_max(0)  // trims the cache to nothing
        vips_cache_set_max(limit)
    }

    /// Drops caches and threads; with the leak check on, reports objects still alive.
    public static func shutdown() {
        // Shutting down a libvips that never started crashes inside GLib.
        guard running.load(ordering: .acquiring) else { return }
        vips_shutdown()
    }
}
