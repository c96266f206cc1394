import Foundation

/// The files one run wrote under one output name (pdflayout's numbered images `p-001.png` … of
/// `-o p.png`), kept beside them in a small hidden file (`.p.png.pdflayout-run`, written
/// atomically). The next run to the same name removes the files of the record it did not write
/// again, and only those still as the record saw them (same inode, size and modification time):
/// a file the user put there, or changed since, is never taken for the tool's own.
public struct RunRecord: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var name: String
        public var inode: UInt64
        public var size: Int64
        public var modifiedNanoseconds: Int64
    }

    public var version = 1
    public var files: [Entry] = []

    /// The record's path for the output name `pattern` written by `tool`.
    public static func path(for pattern: String, tool: String) -> String {
        let folder = (pattern as NSString).deletingLastPathComponent
        let name = ".\((pattern as NSString).lastPathComponent).\(tool)-run"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// What `path` is now (a regular file, not followed through a link), nil when it is not one.
    static func entry(_ path: String) -> Entry? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Entry(
            name: (path as NSString).lastPathComponent, inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Whether the record under `pattern` names each of `written` (those in the pattern's folder): the
    /// run that wrote them got as far as its record. A run killed between its files and its record
    /// left files no record names, so `--skip-existing` must write them again (and the record with
    /// them) rather than take them for done. Names, not inodes: a file the user edited since is still
    /// one the run finished, and skipping keeps the edit. A missing or unreadable record names nothing.
    public static func names(pattern: String, tool: String, written: [String]) -> Bool {
        let recordPath = path(for: pattern, tool: tool)
        let sameFolder = filesBeside(recordPath, written)
        guard !sameFolder.isEmpty else { return true }
        guard let record = read(recordPath), record.version == 1 else { return false }
        let named = Set(record.files.map(\.name))
        return sameFolder.allSatisfy { named.contains(($0 as NSString).lastPathComponent) }
    }

    /// The record at `recordPath` as decoded, nil when it is missing or unreadable.
    private static func read(_ recordPath: String) -> RunRecord? {
        FileManager.default.contents(atPath: recordPath).flatMap { try? JSONDecoder().decode(RunRecord.self, from: $0) }
    }

    /// Those of `written` in the record's folder: the only files a record lists.
    private static func filesBeside(_ recordPath: String, _ written: [String]) -> [String] {
        let folder = (recordPath as NSString).deletingLastPathComponent
        return written.filter { ($0 as NSString).deletingLastPathComponent == folder }
    }

    /// After a run wrote `written` under `pattern` (its numbered files; none when it wrote one file
    /// of the pattern's own name): removes what the previous record lists, this run did not write
    /// and is unchanged since; then records `written` (those in the pattern's folder), or removes
    /// the record when there is nothing to record. Returns the paths removed. A missing or
    /// unreadable record removes nothing.
    public static func replace(pattern: String, tool: String, written: [String]) throws -> [String] {
        let recordPath = path(for: pattern, tool: tool)
        let folder = (recordPath as NSString).deletingLastPathComponent
        func inFolder(_ name: String) -> String {
            folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        }
        let kept = Set(written.map { ($0 as NSString).lastPathComponent })
        var removed: [String] = []
        let previous = read(recordPath)
        if let previous, previous.version == 1 {
            for old in previous.files where !kept.contains(old.name) && !old.name.contains("/") {
                let path = inFolder(old.name)
                guard entry(path) == old, unlink(path) == 0 else { continue }
                removed.append(path)
            }
        }
        let record = RunRecord(files: filesBeside(recordPath, written).compactMap(entry))
        // Nothing to record (one image named as -o names it): no hidden file beside it.
        if record.files.isEmpty {
            if previous != nil { unlink(recordPath) }
            return removed.sorted()
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(record)
        try AtomicOutput.write(to: recordPath) { temporary in try data.write(to: URL(fileURLWithPath: temporary)) }
        return removed.sorted()
    }
}
