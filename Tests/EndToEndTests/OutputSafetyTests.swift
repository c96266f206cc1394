import Foundation
import TestSupport
import Testing

/// The output rules every command shares (CommandSupport/OutputSafety, OutputPlan), run
/// as a user runs the tools: an output is never an input (also through symbolic and hard links)
/// unless the command has --in-place and it was given; two outputs never go to one place; -o DIR/
/// works for one input as for many.
@Suite(.tags(.tools)) struct OutputSafetyTests {
    static func digest(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A folder with a PNG, a JPEG and a PDF, plus a symbolic and a hard link to the PNG.
    static func workspace() throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let manager = FileManager.default
        try manager.copyItem(atPath: Fixtures.asset("screenshot-text.png"), toPath: folder.path + "/s.png")
        try manager.copyItem(atPath: Fixtures.asset("tilted-lake.jpg"), toPath: folder.path + "/lake.jpg")
        try manager.copyItem(atPath: Fixtures.asset("book-rtl.pdf"), toPath: folder.path + "/nn.pdf")
        try manager.createSymbolicLink(atPath: folder.path + "/link.png", withDestinationPath: "s.png")
        try manager.linkItem(atPath: folder.path + "/s.png", toPath: folder.path + "/hard.png")
        return folder
    }

    @Test(arguments: [
        ["imgtool", "blur", "s.png", "-o", "s.png"],
        ["imgtool", "blur", "s.png", "-o", "./s.png"],
        ["imgtool", "blur", "s.png", "-o", "link.png"],
        ["imgtool", "blur", "link.png", "-o", "hard.png"],
        ["imgtool", "blur", "s.png", "-o", "s.png[compression=1]"],
        ["imgtool", "horizon", "lake.jpg", "--fix", "-o", "lake.jpg"],
        ["imgtool", "horizon", "lake.jpg", "--overlay", "lake.jpg"],
        ["pdflayout", "nn.pdf", "--two-up", "-o", "nn.pdf"],
        ["pdflayout", "prefs", "nn.pdf", "--rtl", "-o", "nn.pdf"],
    ])
    func anOutputThatIsAnInputIsRefused(command: [String]) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try ["s.png", "lake.jpg", "nn.pdf"].map { try Self.digest(folder.path + "/" + $0) }
        let result = try run(command[0], Array(command.dropFirst()), currentDirectory: folder)
        #expect(result.status == 64, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("inputs are never overwritten"), "\(result.stderr)")
        // Only horizon --fix has --in-place, and only its message offers it.
        #expect(result.stderr.contains("--in-place") == (command.contains("--fix")), "\(result.stderr)")
        let after = try ["s.png", "lake.jpg", "nn.pdf"].map { try Self.digest(folder.path + "/" + $0) }
        #expect(before == after, "\(command) changed an input")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["hard.png", "lake.jpg", "link.png", "nn.pdf", "s.png"], "\(left)")
    }

    /// In a batch, the file whose output would be an input fails alone (exit 1); the others are written.
    @Test func aBatchFailsOnlyTheFileWhoseOutputIsAnInput() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path + "/s.png", toPath: folder.path + "/out/a.png")
        let before = try Self.digest(folder.path + "/out/a.png")
        let result = try run("imgtool", ["blur", "out/a.png", "s.png", "-o", "out/"], currentDirectory: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("out/a.png: -o out/a.png is the input itself"), "\(result.stderr)")
        #expect(!result.stderr.contains("--in-place"), "blur has no --in-place: \(result.stderr)")
        #expect(try Self.digest(folder.path + "/out/a.png") == before)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/s.png"))
    }

    /// horizon --fix --in-place is the one way to replace an input.
    @Test func inPlaceStillReplacesTheInput() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.digest(folder.path + "/lake.jpg")
        let result = try run("imgtool", ["horizon", "lake.jpg", "--fix", "--in-place", "-q"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.digest(folder.path + "/lake.jpg") != before)
    }

    @Test(arguments: [
        ["--overlay", "-", "--fix", "-o", "-"],
        ["--overlay", "x.jpg", "--fix", "-o", "x.jpg"],
        ["--overlay", "x.jpg", "--fix", "-o", "./x.jpg[Q=90]"],
    ])
    func twoOutputsInOnePlaceAreRefused(arguments: [String]) throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run("imgtool", ["horizon", "lake.jpg"] + arguments, currentDirectory: folder)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("-o and --overlay would both write"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.jpg"))
    }

    /// -o DIR/ means the same with one input as with many, in every command.
    @Test func oneInputIntoAFolder() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blur = try run("imgtool", ["blur", "s.png", "-o", "frosted/", "-q"], currentDirectory: folder)
        #expect(blur.status == 0, "\(blur.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/frosted/s.png"))
        let layout = try run("pdflayout", ["nn.pdf", "--two-up", "-o", "spreads/", "-q"], currentDirectory: folder)
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/spreads/nn.pdf"))
        let fix = try run("imgtool", ["horizon", "lake.jpg", "--fix", "-o", "level/", "-q"], currentDirectory: folder)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/level/lake.jpg"))
        let prefs = try run(
            "pdflayout", ["prefs", "nn.pdf", "--rtl", "-o", "spreads/", "-q"], currentDirectory: folder)
        #expect(prefs.status == 0, "\(prefs.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/spreads/nn.pdf"))
        // One input whose folder output is itself: 64, as for a named file.
        let own = try run("imgtool", ["blur", "s.png", "-o", "./"], currentDirectory: folder)
        #expect(own.status == 64 && own.stderr.contains("inputs are never overwritten"), "\(own.stderr)")
        // An existing folder named without the slash is a folder too.
        let again = try run("imgtool", ["blur", "lake.jpg", "-o", "frosted", "-q"], currentDirectory: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/frosted/lake.jpg"))
    }

    /// pdflayout writes to standard output like the image commands: a PDF, or one image with --format.
    @Test func pdflayoutWritesToStandardOutput() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = try run("pdflayout", ["nn.pdf", "--two-up", "-o", "-"], currentDirectory: folder)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdout.starts(with: Data("%PDF-".utf8)))
        #expect(pdf.stderr.contains("<stdout>: 4 sheets"), "\(pdf.stderr)")
        let image = try run(
            "pdflayout", ["nn.pdf", "--single", "--pages", "2", "-o", "-", "--format", "png"], currentDirectory: folder)
        #expect(image.status == 0, "\(image.stderr)")
        #expect(image.stdout.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
        let several = try run(
            "pdflayout", ["nn.pdf", "--two-up", "-o", "-", "--format", "png"], currentDirectory: folder)
        #expect(several.status == 64 && several.stdout.isEmpty, "\(several.stderr)")
        #expect(several.stderr.contains("-o - writes one image"), "\(several.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["hard.png", "lake.jpg", "link.png", "nn.pdf", "s.png"], "\(left)")
    }
}
