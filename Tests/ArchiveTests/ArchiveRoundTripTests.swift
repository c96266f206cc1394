import Archive
import Foundation
import TestSupport
import Testing

// The archive face on real archives: zips written by libzip read back by libarchive and checked
// by Info-ZIP's unzip; what a hostile archive declares comes through as stated, for the caller to
// refuse; a decompression bomb stops at the limit; a truncated archive is an error.
@Suite struct ArchiveRoundTripTests {
    @Test func writtenZipHasAStoredFirstEntryWithoutExtraFieldAndReadsBack() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.zip").path
        let big = folder.appendingPathComponent("big.txt").path
        try Data(repeating: 65, count: 300_000).write(to: URL(fileURLWithPath: big))
        let writer = try ZipWriter(path: path)
        try writer.add(name: "mimetype", text: "application/epub+zip", compressed: false)
        try writer.add(name: "dir/big.txt", file: big, compressed: true)
        try writer.close()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Local header: method 0 (stored) at 8, extra field length 0 at 28, the name at 30.
        #expect(bytes[8] == 0 && bytes[9] == 0)
        #expect(bytes[28] == 0 && bytes[29] == 0)
        #expect(String(decoding: bytes[30..<58], as: UTF8.self) == "mimetypeapplication/epub+zip")
        #expect(bytes.count < 10_000, "the repeated text is deflated")
        let test = try run("unzip", ["-t", path])
        #expect(test.status == 0, "\(test.text)")

        let reader = try ArchiveReader(path: path)
        var names: [String] = []
        while let entry = try reader.next() {
            names.append(entry.name)
            #expect(entry.kind == .file)
            let data = try reader.readData(name: entry.name, limit: 1_000_000)
            #expect(data.count == (entry.name == "mimetype" ? 20 : 300_000))
        }
        #expect(names == ["mimetype", "dir/big.txt"])
    }

    @Test func anEntryLargerThanTheLimitIsRefusedWhileReading() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bomb.zip").path
        let big = folder.appendingPathComponent("zeros").path
        try Data(count: 5_000_000).write(to: URL(fileURLWithPath: big))
        let writer = try ZipWriter(path: path)
        try writer.add(name: "page.png", file: big, compressed: true)
        try writer.close()
        let reader = try ArchiveReader(path: path)
        let entry = try #require(try reader.next())
        #expect(throws: ArchiveError.entryTooLarge(name: "page.png", limit: 1_000_000)) {
            _ = try reader.readData(name: entry.name, limit: 1_000_000)
        }
    }

    @Test func aTruncatedArchiveAndANonArchiveAreErrors() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.zip").path
        let page = folder.appendingPathComponent("page").path
        try Data((0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            .write(to: URL(fileURLWithPath: page))
        let writer = try ZipWriter(path: path)
        try writer.add(name: "a.jpg", file: page, compressed: false)
        try writer.add(name: "b.jpg", file: page, compressed: false)
        try writer.close()
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = folder.appendingPathComponent("cut.zip").path
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        var failed = false
        do {
            let reader = try ArchiveReader(path: cut)
            while let entry = try reader.next() { _ = try reader.readData(name: entry.name, limit: 10_000_000) }
        } catch {
            failed = true
        }
        #expect(failed, "a zip cut in half reads to the end without an error")
        #expect(throws: ArchiveError.self) {
            let reader = try ArchiveReader(path: Fixtures.asset("not-an-image.txt"))
            _ = try reader.next()
        }
    }
}
