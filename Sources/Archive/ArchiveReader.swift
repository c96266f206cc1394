import CArchive

#if canImport(Glibc)
import Glibc
#endif

/// Reads the entries of an archive one after the other with libarchive: zip (CBZ), 7z (CB7), tar
/// (CBT, any compression), RAR (CBR, as far as libarchive reads it). Nothing is extracted to disk:
/// each entry's bytes come into memory, at most a given number of them, so a small archive that
/// decompresses to gigabytes is refused after `limit` bytes. Not thread-safe: one reader, one thread.
public final class ArchiveReader {
    /// What an entry is. Only `.file` entries have data worth reading.
    public enum Kind: Sendable, Equatable {
        case file, folder, symbolicLink, hardLink, other
    }

    /// An entry's header: its name as stored (never trusted as a path), its kind and the size it
    /// declares (which may lie; reading enforces the limit whatever it says).
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        public var declaredSize: Int?
    }

    private let handle: OpaquePointer
    private var finished = false

    /// Opens `path` (any format and compression libarchive knows). Throws `.cannotOpen`.
    public init(path: String) throws(ArchiveError) {
        guard let handle = archive_read_new() else { throw .cannotOpen("out of memory") }
        archive_read_support_filter_all(handle)
        archive_read_support_format_all(handle)
        guard archive_read_open_filename(handle, path, 1 << 16) == ARCHIVE_OK else {
            let message = Self.message(handle)
            archive_read_free(handle)
            throw .cannotOpen(message)
        }
        self.handle = handle
    }

    deinit { archive_read_free(handle) }

    /// The next entry's header, nil after the last. Throws `.damaged` when the archive breaks off.
    public func next() throws(ArchiveError) -> Entry? {
        guard !finished else { return nil }
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF {
            finished = true
            return nil
        }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
            finished = true
            throw .damaged(Self.message(handle))
        }
        let name: String
        if let utf8 = archive_entry_pathname_utf8(entry) {
            name = String(cString: utf8)
        } else if let raw = archive_entry_pathname(entry) {
            name = String(cString: raw)  // not UTF-8: invalid bytes become U+FFFD
        } else {
            name = ""
        }
        let kind: Kind
        if archive_entry_hardlink(entry) != nil {
            kind = .hardLink
        } else {
            switch archive_entry_filetype(entry) & S_IFMT {
            case S_IFREG: kind = .file
            case S_IFDIR: kind = .folder
            case S_IFLNK: kind = .symbolicLink
            default: kind = .other
            }
        }
        let size = archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil
        return Entry(name: name, kind: kind, declaredSize: size)
    }

    /// The current entry's bytes, decompressed; throws `.entryTooLarge` as soon as they pass
    /// `limit` (nothing more is decompressed), `.damaged` when the data breaks off.
    public func readData(name: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            guard count > 0 else { throw .damaged(Self.message(handle)) }
            guard data.count + count <= limit else { throw .entryTooLarge(name: name, limit: limit) }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    private static func message(_ handle: OpaquePointer) -> String {
        guard let text = archive_error_string(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
