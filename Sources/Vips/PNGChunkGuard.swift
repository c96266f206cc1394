#if canImport(Glibc)
import Glibc
#endif

/// libspng (libvips 8.14's PNG reader) reserves what a chunk declares before reading it, so a tiny
/// file declaring a huge tEXt chunk costs that memory before it is refused (found by the fuzzer;
/// figures in bench/fuzz/RESULTS.md). So chunk lengths are checked against the bytes that really
/// follow, first.
enum PNGChunkGuard {
    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    /// Past this many chunks the walk stops (a sound PNG has a few hundred).
    private static let chunkLimit = 100_000

    /// The problem with a PNG file's chunk structure, or nil (also for files that are not PNG).
    static func problem(path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return problem(size: Int(info.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? bytes : nil
        }
    }

    /// The same for bytes in memory.
    static func problem(bytes: [UInt8]) -> String? {
        problem(size: bytes.count) { offset, count in
            offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : nil
        }
    }

    private static func problem(size: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> String? {
        guard size >= 8, read(0, 8) == signature else { return nil }
        var offset = 8
        for _ in 0..<chunkLimit {
            guard offset + 8 <= size, let header = read(offset, 8) else { return nil }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8].map { (65...122).contains($0) ? $0 : 63 }, as: UTF8.self)
            let follow = size - offset - 12
            // The spec caps a chunk at 2^31 - 1 bytes; more than the file holds is damage either way.
            if length > Int(Int32.max) || length > follow {
                return
                    "corrupt or truncated PNG: its \(type) chunk declares \(length) bytes but \(max(0, follow)) follow"
            }
            if type == "IEND" { return nil }
            offset += 12 + length
        }
        return nil
    }
}
