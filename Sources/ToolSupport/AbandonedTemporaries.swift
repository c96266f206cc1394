import CoreTypes
import Foundation

/// Sweeps the hidden temporary files (`.NAME.PID-RANDOM.tmp`, `AtomicOutput`'s own pattern) that
/// killed runs (SIGKILL, a power cut, a pre-empted scheduler task) left beside their outputs, so
/// that a resumed batch leaves none behind.
///
/// Safe by construction: only names of exactly that pattern are touched, never another file; never
/// one of a process still running on this machine (`kill(PID, 0)`), nor one of this process. A
/// temporary file of a dead process is removed when this run is about to write the same
/// destination (it then replaces that file in any case), or when it is older than `staleAge`
/// (another machine sharing the folder over NFS, whose process IDs this machine cannot check,
/// writes no file for that long without finishing it). Each folder is listed once per process.
public enum AbandonedTemporaries {
    /// Abandoned temporary files of other destinations are removed once this old.
    public static let staleAge: TimeInterval = 15 * 60

    /// Per folder: the abandoned temporary files not yet removed, by destination name.
    private static let pending = Locked<[String: [String: [String]]]>([:])

    /// Called before `AtomicOutput` writes `name` into `folder`.
    public static func sweep(folder: String, before name: String) {
        let stale: [String] = pending.withLock { folders in
            if folders[folder] == nil { folders[folder] = scan(folder) }
            return folders[folder]?.removeValue(forKey: name) ?? []
        }
        for temporary in stale { TemporaryFiles.remove(folder + "/" + temporary) }
    }

    /// A fresh temporary path for `name` in `folder`, of the one pattern `parse` reads
    /// (`.NAME.PID-RANDOM.tmp`): `AtomicOutput`'s files and `AtomicFolder`'s folders.
    public static func temporaryPath(in folder: String, for name: String) -> String {
        "\(folder)/.\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// The destination name and process ID of a temporary file name of `AtomicOutput`'s pattern.
    public static func parse(_ fileName: String) -> (destination: String, pid: pid_t)? {
        guard fileName.hasPrefix("."), fileName.hasSuffix(".tmp") else { return nil }
        let stem = fileName.dropFirst().dropLast(4)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let destination = stem[..<dot], tag = stem[stem.index(after: dot)...]
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard !destination.isEmpty, parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1]) != nil
        else { return nil }
        return (String(destination), pid)
    }

    /// A private folder under the system's temporary directory (`/tmp/PREFIX-PID-UUID`), created
    /// empty (mode 0700, registered so that SIGINT, SIGTERM and SIGHUP remove it). Folders of the
    /// same prefix that dead processes of this user left (SIGKILL) are removed first.
    public static func makeTemporaryFolder(prefix: String) throws -> String {
        let base = FileManager.default.temporaryDirectory.path
        sweepFolders(in: base, prefix: prefix)
        let path = "\(base)/\(prefix)-\(getpid())-\(UUID().uuidString)"
        // Registered before it exists, so that no signal can leave it behind.
        TemporaryFiles.shared.register(path)
        guard mkdir(path, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.shared.forget(path)
            throw FileWriteError(path: path, "cannot make a temporary folder: \(reason)")
        }
        return path
    }

    /// Removes `PREFIX-PID-UUID` folders in `base` whose process is gone, owned by this user:
    /// exactly that name (a UUID as Foundation writes it), a folder not reached through a link.
    static func sweepFolders(in base: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix(prefix + "-") {
            let tag = name.dropFirst(prefix.count + 1)
            guard let dash = tag.firstIndex(of: "-") else { continue }
            let digits = tag[..<dash], uuid = tag[tag.index(after: dash)...]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits),
                pid > 0, UUID(uuidString: String(uuid))?.uuidString == String(uuid), isGone(pid)
            else { continue }
            let path = base + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// True when no process `pid` runs on this machine.
    static func isGone(_ pid: pid_t) -> Bool {
        pid != getpid() && kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Removes the stale ones now; returns the recent ones by destination.
    private static func scan(_ folder: String) -> [String: [String]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [:] }
        var found: [String: [String]] = [:]
        let now = Date()
        for name in names {
            guard let (destination, pid) = parse(name), isGone(pid) else { continue }
            let path = folder + "/" + name
            var info = stat()
            // Folders are `AtomicFolder`'s (pdflayout's HTML readers).
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG || (info.st_mode & S_IFMT) == S_IFDIR
            else { continue }
            let modified = Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))
            if now.timeIntervalSince(modified) > staleAge {
                TemporaryFiles.remove(path)
            } else {
                found[destination, default: []].append(name)
            }
        }
        return found
    }
}
