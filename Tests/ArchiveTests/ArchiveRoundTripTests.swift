import Archive
import Foundation
import TestSupport
import Testing

// The archive face on real archives: zips written by libzip read back by libarchive and checked
// by Info-ZIP's unzip; what a hostile archive declares comes through as stated, for the caller to
// refuse; a decompression bomb stops at the limit; a truncated archive is an error.
@Suite(.tags(.fast)) struct ArchiveRoundTripTests {
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

    @Test func anEntryLargerThanTheLimitIsRefused() throws {
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

    /// A zip whose headers understate an entry (1000 bytes said, 5 MB deflated inside): the
    /// header check lets it through, the bytes read stop it at the limit.
    @Test func anEntryThatUnderstatesItsSizeIsStoppedAtTheLimitWhileReading() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("liar.zip").path
        let big = folder.appendingPathComponent("zeros").path
        try Data(count: 5_000_000).write(to: URL(fileURLWithPath: big))
        let writer = try ZipWriter(path: path)
        try writer.add(name: "page.png", file: big, compressed: true)
        try writer.close()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func setSize(at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8((1000 >> (8 * index)) & 0xFF) }
        }
        setSize(at: 22)  // the local header's uncompressed size
        let central = try #require(
            (0..<bytes.count - 4).first { bytes[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] })
        setSize(at: central + 24)  // the central directory's
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for copy in [false, true] {
            let reader = try ArchiveReader(path: path)
            let entry = try #require(try reader.next())
            #expect(entry.declaredSize == 1000)
            let target = folder.appendingPathComponent("page-\(copy)").path
            #expect(throws: ArchiveError.entryTooLarge(name: "page.png", limit: 1_000_000)) {
                if copy {
                    _ = try reader.copyData(name: entry.name, limit: 1_000_000, to: target)
                } else {
                    _ = try reader.readData(name: entry.name, limit: 1_000_000)
                }
            }
        }
    }

    /// A tar header that declares a 2 GB page followed by 1 KB: refused as too large from the
    /// header alone (reading the data would instead find the archive cut short).
    @Test func anEntryDeclaredLargerThanTheLimitIsRefusedBeforeReading() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("declared.tar").path
        let made = try run(
            "python3",
            [
                "-c",
                """
                import sys, tarfile
                info = tarfile.TarInfo("page.png"); info.size = 2_000_000_000
                open(sys.argv[1], "wb").write(info.tobuf(tarfile.USTAR_FORMAT) + bytes(1024))
                """, path,
            ])
        try #require(made.status == 0, "\(made.stderr)")
        for copy in [false, true] {
            let reader = try ArchiveReader(path: path)
            let entry = try #require(try reader.next())
            #expect(entry.declaredSize == 2_000_000_000)
            let target = folder.appendingPathComponent("page-\(copy)").path
            #expect(throws: ArchiveError.entryTooLarge(name: "page.png", limit: 256_000_000)) {
                if copy {
                    _ = try reader.copyData(name: entry.name, limit: 256_000_000, to: target)
                } else {
                    _ = try reader.readData(name: entry.name, limit: 256_000_000)
                }
            }
            #expect(!FileManager.default.fileExists(atPath: target), "refused before the file is made")
        }
    }

    /// copyData writes the entry's bytes into a new file, never into one that exists.
    @Test func copyDataWritesTheEntryIntoANewFileOnly() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.zip").path
        let page = folder.appendingPathComponent("page").path
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try bytes.write(to: URL(fileURLWithPath: page))
        let writer = try ZipWriter(path: path)
        try writer.add(name: "a.jpg", file: page, compressed: true)
        try writer.add(name: "b.jpg", file: page, compressed: true)
        try writer.close()
        let reader = try ArchiveReader(path: path)
        let first = try #require(try reader.next())
        let copy = folder.appendingPathComponent("copy").path
        #expect(try reader.copyData(name: first.name, limit: 1_000_000, to: copy) == 300_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes)
        let second = try #require(try reader.next())
        #expect(throws: ArchiveError.self) { _ = try reader.copyData(name: second.name, limit: 1_000_000, to: copy) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes, "the existing file is left alone")
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

    /// A zip whose entries are encrypted (Info-ZIP's `zip -P`) is said to be encrypted, not damaged.
    @Test func anEncryptedArchiveIsSaidToBeEncrypted() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(repeating: 7, count: 1000).write(to: folder.appendingPathComponent("p1.jpg"))
        let made = try run("zip", ["-q", "-P", "secret", "locked.cbz", "p1.jpg"], currentDirectory: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let reader = try ArchiveReader(path: folder.appendingPathComponent("locked.cbz").path)
        var failure: ArchiveError?
        do {
            while let entry = try reader.next() { _ = try reader.readData(name: entry.name, limit: 10_000) }
        } catch let error as ArchiveError {
            failure = error
        }
        #expect(failure == .encrypted, "\(String(describing: failure))")
        #expect(failure?.description.contains("encrypted") == true)
    }
}
