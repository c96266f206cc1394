/// Why an archive could not be read or written. The texts are whole sentences without a file
/// name (the command boundary adds it).
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not an archive libarchive reads, or could not be opened: libarchive's words.
    case cannotOpen(String)
    /// Reading stopped part-way (a truncated or damaged archive): libarchive's words.
    case damaged(String)
    /// The archive's entries (or its list of them) are encrypted: nothing is read without the
    /// password, which is not asked for.
    case encrypted
    /// An entry holds more than `limit` bytes once decompressed (a decompression bomb).
    case entryTooLarge(name: String, limit: Int)
    /// The archive being written could not be made or finished: the library's words.
    case cannotWrite(String)
    /// An entry's bytes could not be written to the file given to read it into (disk full…).
    case cannotExtract(name: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let text): return "not a readable archive: \(text)"
        case .damaged(let text): return "damaged archive: \(text)"
        case .encrypted: return "the archive is encrypted (password-protected); encrypted archives are not read"
        case .entryTooLarge(let name, let limit):
            return "\(name) decompresses to more than \(limit / 1_000_000) MB, refused"
        case .cannotWrite(let text): return "cannot write the archive: \(text)"
        case .cannotExtract(let name, let reason): return "cannot extract \(name): \(reason)"
        }
    }
}
