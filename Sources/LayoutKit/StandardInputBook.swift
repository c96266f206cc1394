import Foundation
import ToolSupport

/// Standard input (`-`) as pdflayout reads it: a PDF, or a comic archive (`cat book.cbz |
/// pdflayout - …`). The first kilobyte tells them apart: a PDF says "%PDF" in it; a zip, 7z, RAR
/// or tar archive (plain or compressed) starts with its signature. Anything else is read as a PDF
/// (and refused as "not a PDF" in plain words). A comic archive is spooled, a chunk at a time, to
/// a private temporary file, since libarchive reads its entries from a file, and read from there.
public enum StandardInputBook {
    case pdf([UInt8])
    case comic(ComicSource)

    /// Reads standard input to its end. Throws `ComicError` for an archive that is no readable
    /// comic (or over `ComicBook.totalLimit` bytes, or a comic of over `pageLimit` pages),
    /// `LayoutError.spool` when it cannot be spooled.
    public static func read(pageLimit: Int? = nil) throws -> StandardInputBook {
        try read(from: FileHandle.standardInput, pageLimit: pageLimit)
    }

    static func read(from input: FileHandle, pageLimit: Int? = nil) throws -> StandardInputBook {
        var head: [UInt8] = []
        while head.count < 1024, let chunk = try? input.read(upToCount: 1024 - head.count), !chunk.isEmpty {
            head += chunk
        }
        guard isArchive(head) else { return .pdf(head + [UInt8](input.readDataToEndOfFile())) }
        let folder = try TemporaryFolder(prefix: "pdflayout-stdin")
        defer { folder.remove() }
        let spool = folder.path + "/standard-input"
        guard FileManager.default.createFile(atPath: spool, contents: Data(head)),
            let file = FileHandle(forWritingAtPath: spool)
        else { throw LayoutError.spool("cannot spool standard input into \(folder.path)") }
        defer { try? file.close() }
        var total = head.count
        do {
            try file.seekToEnd()
            while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty {
                total += chunk.count
                guard total <= ComicBook.totalLimit else { throw ComicError.tooLarge(limit: ComicBook.totalLimit) }
                try file.write(contentsOf: chunk)
            }
        } catch let error as ComicError {
            throw error
        } catch {
            throw LayoutError.spool("cannot spool standard input into \(folder.path): \(SystemErrorText.reason(error))")
        }
        return .comic(try ComicBook.read(spool, name: "Comic", pageLimit: pageLimit))
    }

    /// True when `head` (the first bytes) is a comic archive's and holds no "%PDF".
    static func isArchive(_ head: [UInt8]) -> Bool {
        guard head.firstRange(of: Array("%PDF".utf8)) == nil else { return false }
        let signatures: [[UInt8]] = [
            [0x50, 0x4B, 0x03, 0x04],  // zip (CBZ)
            [0x50, 0x4B, 0x05, 0x06],  // an empty zip: its end record alone ("no images", not "not a PDF")
            [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C],  // 7z (CB7)
            Array("Rar!\u{1A}\u{07}".utf8),  // RAR (CBR)
            [0x1F, 0x8B],  // gzip (a compressed CBT)
            Array("BZh".utf8),  // bzip2
            [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],  // xz
            [0x28, 0xB5, 0x2F, 0xFD],  // zstd
        ]
        if signatures.contains(where: { head.starts(with: $0) }) { return true }
        return head.count >= 262 && Array(head[257..<262]) == Array("ustar".utf8)  // tar (CBT)
    }
}
