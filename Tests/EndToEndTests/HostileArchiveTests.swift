import Foundation
import TestSupport
import Testing

/// Archives made to hurt: each is refused with one line naming the file (exit status 1), no
/// output is written, nothing appears outside the output's folder, and a page that decompresses
/// to gigabytes is stopped at the entry limit (256 MB) without using that memory.
@Suite(.tags(.tools)) struct HostileArchiveTests {
    /// Python's zipfile and tarfile write names and kinds that zip(1) refuses to make.
    static let maker = """
        import io, sys, tarfile, zipfile
        kind, path = sys.argv[1], sys.argv[2]
        jpeg = open(sys.argv[3], "rb").read()
        def z(entries, **kw):
            with zipfile.ZipFile(path, "w", **kw) as f:
                for name, data, attr in entries:
                    info = zipfile.ZipInfo(name)
                    if attr: info.external_attr = attr << 16
                    f.writestr(info, data)
        if kind == "two": z([("p1.jpg", jpeg, 0), ("p2.jpg", jpeg, 0)])
        elif kind == "dotdot": z([("p1.jpg", jpeg, 0), ("../escaped.jpg", jpeg, 0)])
        elif kind == "absolute": z([("p1.jpg", jpeg, 0), ("/tmp/absolute.jpg", jpeg, 0)])
        elif kind == "symlink": z([("p1.jpg", jpeg, 0), ("p2.jpg", "/etc/passwd", 0o120777)])
        elif kind == "duplicate": z([("p1.jpg", jpeg, 0), ("p1.jpg", jpeg, 0)])
        elif kind == "text": z([("readme.txt", "hello", 0), ("notes.nfo", "x", 0)])
        elif kind == "fake": z([("p1.jpg", jpeg, 0), ("p2.jpg", "not a jpeg at all" * 100, 0)])
        elif kind == "bomb":
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as f:
                f.writestr("p1.jpg", jpeg)
                with f.open("p2.png", "w", force_zip64=True) as entry:
                    chunk = bytes(64 << 20)
                    for _ in range(32): entry.write(chunk)
        elif kind == "tarlink":
            with tarfile.open(path, "w") as t:
                info = tarfile.TarInfo("p1.jpg"); info.size = len(jpeg); t.addfile(info, io.BytesIO(jpeg))
                link = tarfile.TarInfo("p2.jpg"); link.type = tarfile.SYMTYPE; link.linkname = "../../etc/passwd"
                t.addfile(link)
        elif kind == "tardotdot":
            with tarfile.open(path, "w:gz") as t:
                info = tarfile.TarInfo("../../escaped.jpg"); info.size = len(jpeg); t.addfile(info, io.BytesIO(jpeg))
        """

    struct Case: Sendable, CustomTestStringConvertible {
        var kind: String
        var suffix: String
        var expected: String
        var testDescription: String { kind }
    }

    static let cases = [
        Case(kind: "dotdot", suffix: "cbz", expected: "points outside the archive"),
        Case(kind: "absolute", suffix: "cbz", expected: "has an absolute path"),
        Case(kind: "symlink", suffix: "cbz", expected: "is a symbolic link"),
        Case(kind: "duplicate", suffix: "cbz", expected: "two entries are named"),
        Case(kind: "text", suffix: "cbz", expected: "no images to lay out"),
        Case(kind: "fake", suffix: "cbz", expected: "p2.jpg is not a readable image"),
        Case(kind: "bomb", suffix: "cbz", expected: "decompresses to more than 256 MB"),
        Case(kind: "tarlink", suffix: "cbt", expected: "is a symbolic link"),
        Case(kind: "tardotdot", suffix: "cbt", expected: "points outside the archive"),
        Case(kind: "truncated", suffix: "cbz", expected: "damaged archive"),
    ]

    @Test(arguments: cases) func refusedWithOneLineAndNothingWritten(_ item: Case) throws {
        let root = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // The archive two folders down, so that "../../x" would land inside `root` where we look.
        let folder = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let archive = folder.appendingPathComponent("hostile.\(item.suffix)").path
        let script = root.appendingPathComponent("make.py").path
        try Data(Self.maker.utf8).write(to: URL(fileURLWithPath: script))
        let jpeg = Fixtures.asset("horizon-fog.jpg")
        if item.kind == "truncated" {
            let whole = folder.appendingPathComponent("whole.cbz").path
            let made = try run("python3", [script, "two", whole, jpeg])
            try #require(made.status == 0, "\(made.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: whole))
            try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: archive))
            try FileManager.default.removeItem(atPath: whole)
        } else {
            let made = try run("python3", [script, item.kind, archive, jpeg])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let before = try Set(FileManager.default.subpathsOfDirectory(atPath: root.path))
        for output in ["book.epub", "book.cbz", "book.pdf", "page.png"] {
            let path = folder.appendingPathComponent(output).path
            let result = try run("pdflayout", [archive, "--two-up", "-o", path], timeout: 120)
            #expect(result.status == 1, "\(item.kind) → \(output): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(archive) && result.stderr.contains(item.expected), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        let after = try Set(FileManager.default.subpathsOfDirectory(atPath: root.path))
        #expect(after == before, "new files: \(after.subtracting(before))")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute.jpg"))
    }

    /// 10,001 pages, each the first 600 bytes of a JPEG: past the page limit the comic is refused as
    /// soon as its reading passes it, with the PDF's rule (exit status 64, --pages or --force named,
    /// nothing written), not read to the end and decoded first (which would refuse the broken pages).
    @Test func aComicOverThePageLimitIsRefusedWhileRead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("many.cbz").path
        let script = """
            import sys, zipfile
            jpeg = open(sys.argv[2], "rb").read()[:600]
            with zipfile.ZipFile(sys.argv[1], "w") as f:
                for n in range(10001): f.writestr("p%05d.jpg" % n, jpeg)
            """
        let made = try run("python3", ["-c", script, archive, Fixtures.asset("truncated.jpg")])
        try #require(made.status == 0, "\(made.stderr)")
        let output = folder.appendingPathComponent("out.cbz").path
        let result = try run("pdflayout", [archive, "--two-up", "-o", output], timeout: 120)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr == "pdflayout: \(archive): over 10000 pages to lay out (reading stopped there): "
                + "choose some with --pages, or add --force\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["many.cbz"])
    }
}
