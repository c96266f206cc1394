import Foundation
import TestSupport
import Testing

/// Files in `folder` (hidden ones too), sorted: what a run left there.
func listing(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

func copyAsset(_ name: String, to path: String) throws {
    try FileManager.default.copyItem(atPath: Fixtures.asset(name), toPath: path)
}

/// Two inputs never end in one output: the final paths after every naming rule (suffix,
/// `--format`, tag, sidecar names, numbered pages, folders) are compared before anything is
/// written, and the run is refused (64) naming both inputs (issue 41 §1).
@Suite(.tags(.tools)) struct SharedOutputTests {
    /// A small SVG: read by libvips, never written, so its copy is a PNG.
    static let svg = Data(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#4a7"/></svg>"##
            .utf8)

    static func refused(_ result: RunResult, naming inputs: [String]) {
        #expect(result.status == 64, "\(result.stderr)")
        for input in inputs { #expect(result.stderr.contains(input), "\(input) not named: \(result.stderr)") }
        #expect(result.stderr.contains("would both be written as"), "\(result.stderr)")
    }

    @Test(arguments: [["blur"], ["horizon", "--angle", "2", "--fix"]])
    func anSVGAndAPNGOfOneNameAreRefused(command: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.svg.write(to: folder.appendingPathComponent("a.svg"))
        try copyAsset("screenshot-text.png", to: folder.path + "/a.png")
        let result = try run(
            "imgtool", [command[0], "a.svg", "a.png"] + command.dropFirst() + ["-o", "out/"], currentDirectory: folder)
        Self.refused(result, naming: ["a.svg", "a.png"])
        #expect(listing(folder.appendingPathComponent("out")).isEmpty, "something was written")
    }

    /// Beside the photos too: a.svg and a.png both become a-level.png.
    @Test func besideThePhotosTheTaggedCopiesAreCompared() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.svg.write(to: folder.appendingPathComponent("a.svg"))
        try copyAsset("tilted-lake.jpg", to: folder.path + "/b.jpg")
        try copyAsset("screenshot-text.png", to: folder.path + "/a.png")
        let result = try run(
            "imgtool", ["horizon", "a.svg", "a.png", "b.jpg", "--angle", "2", "--fix"], currentDirectory: folder)
        Self.refused(result, naming: ["a.svg", "a.png"])
        #expect(listing(folder) == ["a.png", "a.svg", "b.jpg"])
    }

    /// Lightroom names one `IMG.xmp` for IMG.CR2 and IMG.jpg: the raw's crop would become the JPEG's.
    @Test func lightroomSidecarsOfARawAndAJPEGAreRefused() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyAsset("tilted-lake.dng", to: folder.path + "/IMG.dng")
        try copyAsset("tilted-lake.jpg", to: folder.path + "/IMG.jpg")
        let result = try run(
            "imgtool", ["horizon", "IMG.dng", "IMG.jpg", "--sidecar", "lightroom"], currentDirectory: folder)
        Self.refused(result, naming: ["IMG.dng", "IMG.jpg"])
        #expect(listing(folder) == ["IMG.dng", "IMG.jpg"])
        // Each editor's own name apart (RawTherapee's IMG.dng.pp3, IMG.jpg.pp3): written.
        let apart = try run(
            "imgtool", ["horizon", "IMG.dng", "IMG.jpg", "--sidecar", "rawtherapee", "-q"], currentDirectory: folder)
        #expect(apart.status == 0, "\(apart.stderr)")
        #expect(listing(folder) == ["IMG.dng", "IMG.dng.pp3", "IMG.jpg", "IMG.jpg.pp3"])
    }

    /// The straightened copy of one photo and the drawing of another, both named out/x.jpg.
    @Test func aCopyAndAnotherInputsDrawingAreRefused() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyAsset("tilted-lake.jpg", to: folder.path + "/x-horizon.jpg")
        try copyAsset("horizon-lake.jpg", to: folder.path + "/x.jpg")
        let result = try run(
            "imgtool",
            ["horizon", "x.jpg", "x-horizon.jpg", "--angle", "2", "--fix", "-o", "out/", "--overlay", "out/"],
            currentDirectory: folder)
        // x.jpg's drawing is out/x-horizon.jpg, x-horizon.jpg's copy too.
        Self.refused(result, naming: ["x.jpg", "x-horizon.jpg"])
    }

    /// A PNG named x.jpg gets a PNG copy, out/x.png, as x.png does: the check before the run goes
    /// by the suffix, so the second to be written is refused when its name is resolved (exit 1).
    @Test func aNameThatDependsOnTheContentIsRefusedWhenWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyAsset("screenshot-text.png", to: folder.path + "/x.jpg")
        try copyAsset("screenshot-text.png", to: folder.path + "/x.png")
        try copyAsset("tilted-lake.jpg", to: folder.path + "/t.jpg")
        let result = try run(
            "imgtool", ["horizon", "x.jpg", "x.png", "t.jpg", "--angle", "2", "--fix", "-o", "out/", "-j", "1", "-q"],
            currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("x.jpg and x.png would both be written as out/x.png"), "\(result.stderr)")
        #expect(listing(folder.appendingPathComponent("out")) == ["t.jpg", "x.png"])
    }

    static func documentsFolder() throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        try copyAsset("comic.cbz", to: folder.path + "/in/book.cbz")
        try copyAsset("mixed.pdf", to: folder.path + "/in/book.pdf")
        return folder
    }

    @Test(arguments: [[String](), ["--format", "png", "--dpi", "10"], ["--format", "epub", "--dpi", "10"]])
    func aComicAndAPDFOfOneNameAreRefused(format: [String]) throws {
        let folder = try Self.documentsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run("pdflayout", ["in/", "--two-up", "-o", "out/"] + format, currentDirectory: folder)
        Self.refused(result, naming: ["in/book.cbz", "in/book.pdf"])
        #expect(listing(folder.appendingPathComponent("out")).isEmpty, "something was written")
    }

    /// p.pdf's views are numbered out/p-001.png …, which p-001.pdf's one image would be too.
    @Test func aNumberedFamilyAndAFileInItAreRefused() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("in"), withIntermediateDirectories: true)
        try copyAsset("mixed.pdf", to: folder.path + "/in/p.pdf")
        try copyAsset("book-rtl.pdf", to: folder.path + "/in/p-001.pdf")
        let result = try run(
            "pdflayout", ["in/", "--single", "--format", "png", "--dpi", "10", "-o", "out/"], currentDirectory: folder)
        Self.refused(result, naming: ["in/p.pdf", "in/p-001.pdf"])
    }

    /// Different names in one folder, the same names in different subfolders: all written.
    @Test func distinctOutputsAreWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["in/x", "in/y"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try copyAsset("screenshot-text.png", to: folder.path + "/\(sub)/a.png")
        }
        let result = try run("imgtool", ["blur", "in/", "-r", "-o", "out/", "-q"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(listing(folder.appendingPathComponent("out/x")) == ["a.png"])
        #expect(listing(folder.appendingPathComponent("out/y")) == ["a.png"])
    }
}
