import CoreTypes

/// What the executable's runtime policy lets commands change in the whole process. Nothing is
/// granted by default, so a command run inside another program (a test) changes nothing global.
public enum ProcessControl {
    private static let pipelineThreads = Locked<(@Sendable (Int) -> Void)?>(nil)
    private static let interruptCleanup = Locked<(@Sendable () -> Void)?>(nil)
    private static let untrustedLoaders = Locked<(@Sendable () -> Void)?>(nil)

    /// Lets commands lift the block on untrusted image loaders for the run (`--allow-untrusted-loaders`).
    public static func allowUntrustedLoaders(_ unblock: @escaping @Sendable () -> Void) {
        untrustedLoaders.withLock { $0 = unblock }
    }

    /// Lifts the block when the policy allows it; otherwise (a library user) nothing was blocked.
    public static func acceptUntrustedLoaders() {
        untrustedLoaders.withLock { $0 }?()
    }

    /// Lets commands set the worker threads each image pipeline uses (`set` does it).
    public static func allowPipelineThreads(_ set: @escaping @Sendable (Int) -> Void) {
        pipelineThreads.withLock { $0 = set }
    }

    /// Sets the threads per pipeline when the policy allows it; otherwise does nothing.
    static func setPipelineThreads(_ threads: Int) {
        pipelineThreads.withLock { $0 }?(threads)
    }

    /// Lets commands ask for half-written files to be removed on SIGINT, SIGTERM or SIGHUP
    /// (`install` sets the handlers up, once).
    public static func allowInterruptCleanup(_ install: @escaping @Sendable () -> Void) {
        interruptCleanup.withLock { $0 = install }
    }

    /// Called before a command writes files: from then on an interrupt removes the temporary ones,
    /// when the policy allows it; otherwise (a test, a library user) signals stay as they were.
    public static func removeTemporaryFilesOnInterrupt() {
        interruptCleanup.withLock { $0 }?()
    }
}
