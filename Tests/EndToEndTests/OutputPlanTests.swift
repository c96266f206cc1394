import Foundation
import TestSupport
import Testing

/// The one output plan (CommandSupport/OutputPlan) and format value (CoreTypes/ImageFormat), run
/// through the binaries: a format is named the same however the user spells it.
@Suite(.tags(.tools)) struct OutputPlanTests {
    /// `imgtool blur DIR -o out/ --format .png` wrote out/a..png, and `--format PNG` out/a.PNG.
    @Test(arguments: [".png", "PNG", "png", ".PNG"])
    func blurFolderFormatNamesTheFilesOnce(format: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let photo = Fixtures.asset("screenshot-text.png")
        try FileManager.default.copyItem(atPath: photo, toPath: inputs.appendingPathComponent("a.png").path)
        try FileManager.default.copyItem(atPath: photo, toPath: inputs.appendingPathComponent("b.png").path)
        let out = folder.appendingPathComponent("out").path + "/"
        let result = try run("imgtool", ["blur", inputs.path, "-o", out, "--format", format, "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["a.png", "b.png"])
    }

    /// A JPEG asked for as `--format JPEG` into a folder is named .jpeg, as the user spelt it, and is a JPEG.
    @Test func blurFolderKeepsTheSpellingOfAnAlias() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.asset("screenshot-text.png"), toPath: inputs.appendingPathComponent("a.png").path)
        let out = folder.appendingPathComponent("out").path + "/"
        let result = try run("imgtool", ["blur", inputs.path, "-o", out, "--format", "JPEG", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["a.jpeg"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out + "a.jpeg"))
        #expect(bytes.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
    }
}
