import Foundation

/// Writes a file so that readers see either the old file, no file, or the whole new one:
/// the data goes to a hidden temporary file in the same folder (same filesystem, so the
/// rename is atomic), is flushed to disk, then renamed over the destination.
public enum AtomicOutput {
    /// Calls `write` with a temporary path beside `destination`, then moves it into place.
    /// On any error the temporary file is removed and the destination is untouched; so it is on
    /// SIGINT, SIGTERM or SIGHUP once `TemporaryFiles.removeOnInterrupt()` has run, which only the
    /// executable's runtime policy allows (never a library on its own: ignored signals are
    /// inherited by child processes, which a library call should not impose on its host, e.g. a
    /// test runner).
    public static func write<T>(to destination: String, _ write: (String) throws -> T) throws -> T {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        guard InputScan.isFolder(folder) else {
            throw FileWriteError(path: destination, "folder \(folder) does not exist")
        }
        // What killed runs left for this destination (or long ago in this folder) goes first.
        AbandonedTemporaries.sweep(folder: folder, before: url.lastPathComponent)
        let temporary = AbandonedTemporaries.temporaryPath(in: folder, for: url.lastPathComponent)
        // Registered before anything creates it, so that no signal can leave it behind.
        TemporaryFiles.shared.register(temporary)
        defer { TemporaryFiles.shared.forget(temporary) }
        do {
            let result = try write(temporary)
            try flush(temporary, destination: destination)
            guard rename(temporary, destination) == 0 else {
                throw FileWriteError(path: destination, "cannot write: \(String(cString: strerror(errno)))")
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
        guard descriptor >= 0 else { throw FileWriteError(path: destination, "output was not written") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw FileWriteError(path: destination, "cannot write: \(String(cString: strerror(errno)))")
        }
    }
}
