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
    ///
    /// With a `group`, the written temporary file waits in the group instead of replacing the
    /// destination: `OutputGroup.commit()` moves all of an input's outputs into place together,
    /// and a failure before that leaves none of them.
    public static func write<T>(
        to destination: String, group: OutputGroup? = nil, _ write: (String) throws -> T
    ) throws -> T {
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
        do {
            let result = try write(temporary)
            try flush(temporary, destination: destination)
            if let group {
                // Still registered: the group moves it into place or removes it.
                group.stage(temporary, destination: destination)
                return result
            }
            try moveIntoPlace(temporary, destination: destination)
            return result
        } catch {
            unlink(temporary)
            TemporaryFiles.shared.forget(temporary)
            throw error
        }
    }

    static func moveIntoPlace(_ temporary: String, destination: String) throws {
        defer { TemporaryFiles.shared.forget(temporary) }
        guard rename(temporary, destination) == 0 else {
            throw FileWriteError(path: destination, "cannot write: \(String(cString: strerror(errno)))")
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

/// The outputs of one input (`imgtool horizon`'s straightened copy, drawing and sidecars), written
/// whole to their temporary files first, then moved into place together by `commit()`: all of
/// them, or (on a failure before the commit, or `discard()`) none.
public final class OutputGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var staged: [(temporary: String, destination: String)] = []

    public init() {}

    deinit { discard() }

    func stage(_ temporary: String, destination: String) {
        lock.withLock { staged.append((temporary, destination)) }
    }

    /// Moves every staged file into place, in the order written. What would make a rename fail
    /// (a folder of the destination's name, the folder gone) is checked for every file first, so
    /// that none is moved; renames within a folder do not fail for want of space. Should one fail
    /// still, the rest are removed.
    public func commit() throws {
        let files = lock.withLock { () -> [(temporary: String, destination: String)] in
            defer { staged = [] }
            return staged
        }
        for file in files {
            var info = stat()
            let folder = (file.destination as NSString).deletingLastPathComponent
            let problem =
                lstat(file.destination, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                ? "is a folder" : InputScan.isFolder(folder.isEmpty ? "." : folder) ? nil : "its folder is gone"
            if let problem {
                for left in files {
                    unlink(left.temporary)
                    TemporaryFiles.shared.forget(left.temporary)
                }
                throw FileWriteError(path: file.destination, "cannot write: \(problem)")
            }
        }
        for (index, file) in files.enumerated() {
            do {
                try AtomicOutput.moveIntoPlace(file.temporary, destination: file.destination)
            } catch {
                for left in files[(index + 1)...] {
                    unlink(left.temporary)
                    TemporaryFiles.shared.forget(left.temporary)
                }
                throw error
            }
        }
    }

    /// Removes every staged file; the destinations stay as they were.
    public func discard() {
        let files = lock.withLock { () -> [(temporary: String, destination: String)] in
            defer { staged = [] }
            return staged
        }
        for file in files {
            unlink(file.temporary)
            TemporaryFiles.shared.forget(file.temporary)
        }
    }
}
