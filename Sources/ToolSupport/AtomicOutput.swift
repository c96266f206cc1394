import Foundation

/// Writes a file so that readers see either the old file, no file, or the whole new one:
/// the data goes to a hidden temporary file in the same folder (same filesystem, so the
/// rename is atomic), is flushed to disk, then renamed over the destination.
public enum AtomicOutput {
    /// Calls `write` with a temporary path beside `destination`, then moves it into place.
    /// On any error the temporary file is removed and the destination is untouched; so it is on
    /// SIGINT, SIGTERM or SIGHUP once the executable's runtime policy has called
    /// `TemporaryFiles.removeOnInterrupt()` (never a library: ignored signals are inherited by
    /// child processes, which a library call should not impose on its host, e.g. a test runner).
    public static func write<T>(to destination: String, _ write: (String) throws -> T) throws -> T {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        guard InputScan.isFolder(folder) else {
            throw ToolFailure(file: destination, "folder \(folder) does not exist")
        }
        let temporary = "\(folder)/.\(url.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Registered before anything creates it, so that no signal can leave it behind.
        TemporaryFiles.shared.register(temporary)
        defer { TemporaryFiles.shared.forget(temporary) }
        do {
            let result = try write(temporary)
            try flush(temporary, destination: destination)
            guard rename(temporary, destination) == 0 else {
                throw ToolFailure(file: destination, "cannot write: \(String(cString: strerror(errno)))")
            }
            return result
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Forces the data to disk before the rename: a failed fsync (EIO, or ENOSPC and EDQUOT on
    /// network and some local filesystems) means the data may not be there, so the temporary file
    /// must not replace the destination.
    private static func flush(_ path: String, destination: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ToolFailure(file: destination, "output was not written") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw ToolFailure(file: destination, "cannot write: \(String(cString: strerror(errno)))")
        }
    }
}

/// Temporary files still being written (outputs, pdflayout's spools), removed if the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP) so that no half-written file is left behind.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []

    public func register(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    public func forget(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Installs the signal handlers once; only an executable's runtime policy calls it.
    public func removeOnInterrupt() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [self] in
                    // The lock is kept until _exit: a thread registering another temporary file
                    // now (batch jobs, parallel pages) waits, so it cannot create a file after
                    // this sweep that would outlive the process.
                    lock.lock()
                    for path in paths { unlink(path) }
                    // _exit, not exit: exit() runs atexit handlers and library destructors while
                    // rendering threads are still inside poppler/libvips, which could crash (SIGSEGV
                    // instead of the conventional 128 + signal status).
                    _exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
