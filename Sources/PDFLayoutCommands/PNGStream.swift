import Foundation
import ToolSupport

/// An uncompressed PNG written into a pipe by a producer thread, band by band, for libvips to
/// load sequentially from the other end: the image flows into the saver without ever being whole.
/// PNG because libvips' PNG loader streams and is trusted (the PPM and .v loaders are blocked as
/// untrusted); uncompressed ("stored" deflate blocks) because compressing here would only be undone.
final class PNGStream: @unchecked Sendable {
    /// Fills `rows` rows starting at `top`, `bands` bytes per pixel, rows packed.
    typealias Fill = @Sendable (_ band: UnsafeMutableRawBufferPointer, _ top: Int, _ rows: Int) throws -> Void

    private(set) var readEnd: Int32
    private let writeEnd: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var failure: (any Error)?
    private var aborted = false

    init(width: Int, height: Int, bands: Int, bandBytes: Int, fill: @escaping Fill) throws {
        // A reader that stops early must give the producer an error, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ToolFailure("cannot create a pipe: \(String(cString: strerror(errno)))") }
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(writeEnd, 1031 /* F_SETPIPE_SZ, not exported to Swift */, 1 << 20) // fewer wake-ups; harmless if refused
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let rowBytes = width * bands
        let rows = max(1, min(height, bandBytes / max(1, rowBytes)))
        let thread = Thread { [self] in
            defer {
                close(writeEnd)
                finished.signal()
            }
            do {
                var encoder = StoredPNG(width: width, height: height, bands: bands)
                try send(encoder.header())
                var band = [UInt8](repeating: 0, count: rows * rowBytes)
                for top in stride(from: 0, to: height, by: rows) {
                    let count = min(rows, height - top)
                    try band.withUnsafeMutableBytes { try fill($0, top, count) }
                    try send(encoder.chunk(rows: band, count: count, last: top + count == height))
                }
                try send(encoder.trailer())
            } catch {
                lock.withLock { failure = error }
            }
        }
        thread.start()
    }

    /// Writes everything, waiting for the reader; gives up when `finish()` says so.
    private func send(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                if lock.withLock({ aborted }) { throw CancellationError() }
                let count = write(writeEnd, raw.baseAddress! + done, raw.count - done)
                if count > 0 {
                    done += count
                } else if count < 0 && errno == EPIPE {
                    throw CancellationError() // the reader has gone: its own error tells why
                } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                    var waiting = pollfd(fd: writeEnd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, 100)
                } else {
                    throw ToolFailure("the image stream was cut short: \(String(cString: strerror(errno)))")
                }
            }
        }
    }

    /// Closes this process's copy of the read end (libvips holds its own once it has loaded).
    func closeReadEnd() {
        guard readEnd >= 0 else { return }
        close(readEnd)
        readEnd = -1
    }

    /// Stops the producer if it is still writing, waits for it, and rethrows its failure, if any.
    /// A producer stopped because the reader went away reports nothing: the reader's error is the news.
    func finish() throws {
        lock.withLock { aborted = true }
        closeReadEnd()
        finished.wait()
        if let failure = lock.withLock({ failure }), !(failure is CancellationError) {
            throw failure
        }
    }
}

/// PNG framing around uncompressed rows: 8-bit RGB or RGBA, filter 0, deflate "stored" blocks,
/// one IDAT chunk per band, CRC-32 per chunk and Adler-32 over the whole zlib stream.
struct StoredPNG {
    let width: Int
    let height: Int
    let bands: Int
    private var adler = Adler32()
    private var started = false

    init(width: Int, height: Int, bands: Int) {
        self.width = width
        self.height = height
        self.bands = bands
    }

    func header() -> [UInt8] {
        var data: [UInt8] = []
        data += Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        data += [8, bands == 4 ? 6 : 2, 0, 0, 0] // depth, colour type RGB(A), deflate, filter 0, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.chunk("IHDR", data)
    }

    /// `count` rows of `rows` (packed) as one IDAT chunk; `last` closes the zlib stream.
    mutating func chunk(rows: [UInt8], count: Int, last: Bool) -> [UInt8] {
        let rowBytes = width * bands
        var filtered = [UInt8](repeating: 0, count: count * (rowBytes + 1))
        filtered.withUnsafeMutableBytes { target in
            rows.withUnsafeBytes { source in
                for row in 0..<count { // each row: filter type 0, then the pixels
                    target.baseAddress!.advanced(by: row * (rowBytes + 1) + 1)
                        .copyMemory(from: source.baseAddress!.advanced(by: row * rowBytes), byteCount: rowBytes)
                }
            }
        }
        adler.update(filtered)
        var data: [UInt8] = []
        data.reserveCapacity(filtered.count + filtered.count / 65535 * 5 + 16)
        if !started {
            data += [0x78, 0x01] // zlib: deflate, 32K window, no dictionary
            started = true
        }
        var start = 0
        repeat {
            let length = min(65535, filtered.count - start)
            let final = last && start + length == filtered.count
            data += [final ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            data += filtered[start..<start + length]
            start += length
        } while start < filtered.count
        if last { data += Self.bigEndian(adler.value) }
        return Self.chunk("IDAT", data)
    }

    func trailer() -> [UInt8] { Self.chunk("IEND", []) }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

struct Adler32 {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                // 5552 bytes is the longest run before b can overflow 32 bits (zlib's NMAX).
                let end = min(index + 5552, buffer.count)
                while index < end {
                    a &+= UInt32(buffer[index])
                    b &+= a
                    index += 1
                }
                a %= 65521
                b %= 65521
            }
        }
    }

    var value: UInt32 { b << 16 | a }
}

enum CRC32 {
    /// Slicing-by-4 tables: four bytes per step, several times faster than one table.
    static let tables: [[UInt32]] = {
        var first = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            first[index] = value
        }
        var tables = [first]
        for level in 1..<4 {
            tables.append((0..<256).map { index in
                let previous = tables[level - 1][index]
                return (previous >> 8) ^ first[Int(previous & 0xFF)]
            })
        }
        return tables
    }()

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        let (t0, t1, t2, t3) = (tables[0], tables[1], tables[2], tables[3])
        var crc: UInt32 = 0xFFFF_FFFF
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + 4 <= buffer.count {
                crc ^= UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8 | UInt32(buffer[index + 2]) << 16 | UInt32(buffer[index + 3]) << 24
                crc = t3[Int(crc & 0xFF)] ^ t2[Int((crc >> 8) & 0xFF)] ^ t1[Int((crc >> 16) & 0xFF)] ^ t0[Int(crc >> 24)]
                index += 4
            }
            while index < buffer.count {
                crc = t0[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return ~crc
    }
}
