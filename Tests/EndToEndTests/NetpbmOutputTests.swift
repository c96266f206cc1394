import Foundation
import TestSupport
import Testing

/// `-o x.pgm` is grey P5 and `-o x.pfm` float PF, as their names say (issue 41 §4).
@Suite(.tags(.tools)) struct NetpbmOutputTests {
    @Test(arguments: [("x.pgm", "P5"), ("x.pfm", "PF"), ("x.ppm", "P6")])
    func theSuffixDecidesTheNetpbmKind(name: String, magic: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run(
            "imgtool", ["blur", Fixtures.asset("screenshot-text.png"), "-o", name, "-q"], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        #expect(String(decoding: bytes.prefix(2), as: UTF8.self) == magic)
        // The same through standard output.
        let piped = try run(
            "imgtool",
            [
                "blur", Fixtures.asset("screenshot-text.png"), "-o", "-", "--format", String(name.dropFirst(2)),
                "-q",
            ])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(String(decoding: piped.stdout.prefix(2), as: UTF8.self) == magic)
    }
}
