import CArchive

#if canImport(Glibc)
import Glibc
#endif

/// Reads the entries of an archive one after the other with libarchive: zip (CBZ), 7z (CB7), tar
/// (CBT, any compression), RAR (CBR, as far as libarchive reads it). Nothing is extracted under an
/// entry's own name: its bytes come into memory or into a file the caller names, at most a given
/// number of them. An entry whose header declares more is refused before any byte is decompressed;
/// one that declares less or nothing and decompresses to gigabytes is refused after `limit` bytes.
/// Not thread-safe: one reader, one thread.
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
    private var current: Entry?

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
            throw archive_read_has_encrypted_entries(handle) > 0 ? .encrypted : .damaged(Self.message(handle))
        }
        if archive_entry_is_encrypted(entry) != 0 {
            finished = true
            throw .encrypted
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
        current = Entry(name: name, kind: kind, declaredSize: size)
        return current
    }

    /// Refuses the current entry when its header already says it holds more than `limit` bytes.
    private func checkDeclaredSize(name: String, limit: Int) throws(ArchiveError) {
        if let size = current?.declaredSize, size > limit { throw .entryTooLarge(name: name, limit: limit) }
    }

    /// Decompresses the current entry a chunk at a time, giving each chunk to `take`; throws
    /// `.entryTooLarge` before a chunk would pass `limit` bytes in all.
    private func readChunks(
        name: String, limit: Int, _ take: (UnsafeRawBufferPointer) throws(ArchiveError) -> Void
    ) throws(ArchiveError) -> Int {
        try checkDeclaredSize(name: name, limit: limit)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        var total = 0
        while true {
            let count = archive_read_data(handle, chunk.baseAddress, chunk.count)
            if count == 0 { return total }
            guard count > 0 else {
                throw archive_read_has_encrypted_entries(handle) > 0 ? .encrypted : .damaged(Self.message(handle))
            }
            guard total + count <= limit else { throw .entryTooLarge(name: name, limit: limit) }
            total += count
            try take(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        }
    }

    /// The current entry's bytes, decompressed, in memory (for small entries: the limit is the
    /// memory it may take); throws `.entryTooLarge` when the header declares more than `limit`
    /// bytes or as soon as the data passes it (nothing more is decompressed), `.damaged` when the
    /// data breaks off.
    public func readData(name: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        var data: [UInt8] = []
        _ = try readChunks(name: name, limit: limit) { data.append(contentsOf: $0) }
        return data
    }

    /// Writes the current entry's bytes, decompressed, into a new file at `path` (created, never
    /// opened if it exists, readable by its owner only), a chunk at a time, so memory stays at one
    /// chunk whatever the entry holds; returns their count. Throws as `readData` does, and
    /// `.cannotExtract` when the file cannot be made or written; the caller removes a file left
    /// part-written by a throw.
    public func copyData(name: String, limit: Int, to path: String) throws(ArchiveError) -> Int {
        try checkDeclaredSize(name: name, limit: limit)
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .cannotExtract(name: name, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        return try readChunks(name: name, limit: limit) { (bytes) throws(ArchiveError) in
            var rest = bytes
            while !rest.isEmpty {
                let written = write(file, rest.baseAddress, rest.count)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    throw .cannotExtract(name: name, reason: String(cString: strerror(errno)))
                }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
    }

    private static func message(_ handle: OpaquePointer) -> String {
        guard let text = archive_error_string(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
