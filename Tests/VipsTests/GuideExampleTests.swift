// docs/libraries.md's Vips example, run as written on Assets/tilted-lake.jpg,
// with its results checked. Only the public API: no @testable here.
import Foundation
import TestSupport
import Testing
import Vips

@Suite(.tags(.fast)) struct GuideExampleTests {
    @Test func loadThumbnailSaveAndCallByName() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Fixtures.asset("tilted-lake.jpg"), output = folder.appendingPathComponent("photo-small.png").path

        let photo = try Image.load(input)
        let small = try photo.thumbnail(width: 400, height: 400)
        let grey = try small.colourspace(.grey)
        try grey.save(to: output, strip: true)
        #expect((photo.width, photo.height, photo.bands) == (922, 576, 3))
        #expect((grey.width, grey.height, grey.bands) == (400, 250, 1))

        // Any other libvips operation by its name, with its arguments:
        let mirrored = try Operation.call("flip", [("in", .image(grey)), ("direction", .string("horizontal"))]).image()
        let brightness = try mirrored.average()
        #expect(abs(brightness - (try grey.average())) < 1e-9)

        // What was written: a one-band PNG of the thumbnail, without metadata.
        let back = try Image.load(output)
        #expect((back.width, back.height, back.bands) == (400, 250, 1))
        #expect(back.loader == "pngload")
        #expect(!back.hasField("exif-data"))
        // The flip really mirrors: its first column is the thumbnail's last one.
        let first = try mirrored.extractArea(x: 0, y: 0, width: 1, height: 250)
        let last = try grey.extractArea(x: 399, y: 0, width: 1, height: 250)
        #expect(try first.bytes() == last.bytes())
        #expect(try first.bytes() != grey.extractArea(x: 0, y: 0, width: 1, height: 250).bytes())
    }

    @Test func readmeShowsThisCode() throws {
        let missing = try Guide.linesMissing(
            fromExampleStartingWith: "import Vips", in: #filePath,
            skip: { $0.hasPrefix("let input =") })
        #expect(missing.isEmpty, "docs/libraries.md's Vips example differs from this test: \(missing)")
    }
}
