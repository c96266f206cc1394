import Foundation
import ToolSupport

/// The spool file: created beside the output so that libvips can open it by name, removed as
/// soon as libvips has (or on failure, or on SIGINT/SIGTERM through `TemporaryFiles`).
final class Spool: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let lock = NSLock()
    private var named = true

    /// `bytes` is the file's size; `usedBytes` what is written into it (the rest stays sparse);
    /// `destination` the name of the output it is for.
    init(folder: String, destination: String, bytes: Int, usedBytes: Int) throws {
        var info = statvfs()
        if statvfs(folder, &info) == 0 {
            let free = Double(info.f_bavail) * Double(info.f_frsize)
            guard free > Double(usedBytes) + 64e6 else {
                throw LayoutError.noSpaceForSpool(folder: folder, megabytes: usedBytes >> 20)
            }
        }
        // Named as AtomicOutput names its temporaries (`.NAME.PID-RANDOM.tmp`), so that a later
        // run removes one a killed run (SIGKILL) left, as it does theirs.
        var path = "", descriptor: Int32 = -1
        for _ in 0..<8 where descriptor < 0 {
            path = AbandonedTemporaries.temporaryPath(in: folder, for: destination)
            TemporaryFiles.shared.register(path)
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 { TemporaryFiles.shared.forget(path) }
            if descriptor < 0 && errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw LayoutError.spool("cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        // The holes this leaves read as zeros: alpha 0, the background.
        guard ftruncate(descriptor, off_t(bytes)) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            TemporaryFiles.shared.forget(path)
            close(descriptor)
            throw LayoutError.spool("cannot create a temporary file of \(bytes >> 20) MB in \(folder): \(reason)")
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        remove()
        close(descriptor)
    }

    /// Unlinks the name (once); readers that opened the file keep it until they close it.
    func remove() {
        let wasNamed = lock.withLock { () -> Bool in
            defer { named = false }
            return named
        }
        guard wasNamed else { return }
        unlink(path)
        TemporaryFiles.shared.forget(path)
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw LayoutError.spool("cannot write the temporary file: \(String(cString: strerror(errno)))")
            }
            done += count
        }
    }
}
