import Foundation

/// Writes a folder of files so that its name only ever holds a whole one: the files go to a
/// hidden sibling folder (`.NAME.PID-RANDOM.tmp`, `AtomicOutput`'s pattern, so that the next run
/// sweeps what a killed one left), which is renamed into place when complete.
public enum AtomicFolder {
    /// Calls `write` with a fresh temporary folder beside `destination`, then moves it into place.
    /// An existing destination is replaced only when `mayReplace` allows it (it is moved aside,
    /// the new folder renamed in, the old one removed: for that moment the name holds nothing);
    /// an empty folder is always replaced. A symbolic link to a folder is followed: the folder it
    /// names is written, the link kept. On any error nothing is left but what was there.
    public static func write<T>(
        to destination: String, mayReplace: (String) -> Bool, _ write: (String) throws -> T
    ) throws -> T {
        var url = URL(fileURLWithPath: destination).standardizedFileURL
        // A symbolic link to a folder (a web root pointing at the real one) is written through:
        // the folder it names is replaced and the link kept (renaming over the link would fail).
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil, InputScan.isFolder(url.path) {
            url = url.resolvingSymlinksInPath()
        }
        let parent = url.deletingLastPathComponent().path, name = url.lastPathComponent
        guard InputScan.isFolder(parent) else {
            throw FileWriteError(path: destination, "folder \(parent) does not exist")
        }
        try checkReplaceable(url.path, mayReplace: mayReplace)
        AbandonedTemporaries.sweep(folder: parent, before: name)
        let temporary = AbandonedTemporaries.temporaryPath(in: parent, for: name)
        TemporaryFiles.shared.register(temporary)
        defer { TemporaryFiles.shared.forget(temporary) }
        do {
            do {
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            } catch {
                throw FileWriteError(path: destination, "cannot write: \(SystemErrorText.reason(error))")
            }
            let result = try write(temporary)
            try checkReplaceable(url.path, mayReplace: mayReplace)
            try moveIntoPlace(temporary, url.path, parent: parent, name: name)
            return result
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    private static func checkReplaceable(_ path: String, mayReplace: (String) -> Bool) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw FileWriteError(path: path, "exists and is not a folder") }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard entries.isEmpty || mayReplace(path) else {
            throw FileWriteError(path: path, "folder exists and holds other files: give a new or empty folder")
        }
    }

    private static func moveIntoPlace(
        _ temporary: String, _ destination: String, parent: String, name: String
    )
        throws
    {
        if rename(temporary, destination) == 0 { return }
        guard errno == ENOTEMPTY || errno == EEXIST else {
            throw FileWriteError(path: destination, "cannot write: \(String(cString: strerror(errno)))")
        }
        // The old folder goes aside under a name the sweep knows, so a kill here leaves no debris
        // that a later run would not remove.
        let aside = AbandonedTemporaries.temporaryPath(in: parent, for: name)
        TemporaryFiles.shared.register(aside)
        defer { TemporaryFiles.shared.forget(aside) }
        guard rename(destination, aside) == 0 else {
            throw FileWriteError(path: destination, "cannot replace: \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, destination)
            throw FileWriteError(path: destination, "cannot write: \(reason)")
        }
        try? FileManager.default.removeItem(atPath: aside)
    }
}
