import Foundation
import TestSupport
import Testing
import Vips

/// Black text on a fully transparent background: every pixel's colour is black, so the words live
/// only in the alpha band. A frost that kept the alpha sharp left them readable (tesseract read
/// "password: hunter2 / PIN 4711 0815" from PNG, and from JPEG, which flattens the alpha). The
/// alpha is blurred with the colour now; this checks every style, both routes and the formats
/// with and without alpha, with the unblurred image and a 1-point blur as controls.
@Suite(.tags(.external)) struct TransparentTextPrivacyTests {
    static let secrets = ["password", "hunter2", "4711", "0815"]

    /// A 2-band (grey + alpha) PNG like what ImageMagick's `xc:none` with black text gives.
    static func transparentText(in folder: URL) throws -> String {
        let mask = try Operation.call(
            "text",
            [("text", .string("password: hunter2\nPIN 4711 0815")), ("dpi", .int(300)), ("font", .string("sans"))]
        ).image()
        let alpha = try mask.embed(x: 24, y: 24, width: mask.width + 48, height: mask.height + 48)
        let black = try alpha.linear([0], [0]).cast(.uchar)
        let image = try Image.bandjoin([black, alpha]).interpreted(as: .grey)
        let path = folder.appendingPathComponent("transparent-text.png").path
        try image.save(to: path)
        return path
    }

    static func read(_ path: String) throws -> String {
        try PrivacyTests.ocr(path)
    }

    static func leaked(_ text: String) -> [String] {
        secrets.filter { text.contains($0) }
    }

    @Test func tesseractReadsTheOriginalAndAWeakBlur() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.transparentText(in: folder)
        #expect(Self.leaked(try Self.read(input)).count >= 3, "the control image is not readable")
        for format in ["png", "jpg"] {
            let weak = try PrivacyTests.blur(
                input, to: "weak.\(format)", in: folder, ["--radius", "1", "--style", "dark"])
            #expect(Self.leaked(try Self.read(weak)).count >= 3, "\(format): a 1-point blur hid the text")
        }
    }

    @Test(arguments: ["light", "extra-light", "dark", "tint"])
    func noStyleLeavesTheTextInTheAlpha(style: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.transparentText(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let look = style == "tint" ? ["--tint", "#3366ff"] : ["--style", style]
        for format in ["png", "jpg", "webp", "tif"] {
            for route in [[], ["--exact"]] {
                let name = "\(style)\(route.isEmpty ? "" : "-exact").\(format)"
                let output = try PrivacyTests.blur(input, to: name, in: folder, look + route)
                let leaked = Self.leaked(try Self.read(output))
                #expect(leaked.isEmpty, "\(name): tesseract reads \(leaked)")
            }
        }
        // Standard output too (PNG by default).
        let piped = try PrivacyTests.blur(input, to: "-png", in: folder, look)
        #expect(Self.leaked(try Self.read(piped)).isEmpty, "stdout: tesseract reads the text")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }
}
