import CShim
import CVips
import Synchronization

/// Starts libvips once per process. Every entry point of this module calls `VipsRuntime.ensure()`;
/// a `static let` gives the once-only, thread-safe start Swift 6 accepts.
public enum VipsRuntime {
    private static let running = Atomic<Bool>(false)

    private static let started: Result<Void, VipsError> = {
        // glibc gives each thread that allocates its own arena (up to 8 per core); libvips' worker
        // threads then leave freed pixel buffers scattered over them, and a batch of 30 photos
        // peaked at 225 MB against 93 MB for one. Two arenas: 143 MB, same speed. Must come
        // before libvips starts its threads; MALLOC_ARENA_MAX in the environment still wins.
        if getenv("MALLOC_ARENA_MAX") == nil {
            _ = CShim_malloc_set_arena_max(2)
        }
        if vips_init("frostlevel") != 0 {
            return .failure(VipsError.fromBuffer("libvips failed to start"))
        }
        // Loaders marked untrusted (matload, fitsload, pdfload through libvips, ...) are not fuzzed
        // upstream; our tools never need them, so they stay off.
        vips_block_untrusted_set(1)
        // rawload has no format sniffing (no is_a, no suffix), so it only runs when called by name:
        // pdflayout maps its own spool files with it.
        vips_operation_block_set("VipsForeignLoadRaw", 0)
        // libvips logs warnings ("error in tile 0 x 392") through GLib on stderr; the failure
        // itself reaches the user as an error, so the warnings are only noise for a CLI.
        if getenv("FROSTLEVEL_VIPS_WARNINGS") == nil {
            g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, { _, _, _, _ in }, nil)
        }
        running.store(true, ordering: .releasing)
        return .success(())
    }()

    /// Starts libvips if it is not running yet; throws if it cannot start.
    public static func ensure() throws(VipsError) {
        try started.get()
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
        vips_cache_set_max(0) // trims the cache to nothing
        vips_cache_set_max(limit)
    }

    /// Drops caches and threads; with the leak check on, reports objects still alive.
    public static func shutdown() {
        // Shutting down a libvips that never started crashes inside GLib.
        guard running.load(ordering: .acquiring) else { return }
        vips_shutdown()
    }
}
