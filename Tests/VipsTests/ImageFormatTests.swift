import CoreTypes
import TestSupport
import Testing
import Vips

/// The one image-format value and the one saver-options value every command writes with.
@Suite(.tags(.fast)) struct ImageFormatTests {
    @Test func namesAreReadHoweverTheyAreSpelt() {
        // `--format png`, `--format .png`, `--format PNG` and a `.PNG` suffix are one format, named `.png`.
        for name in ["png", ".png", "PNG", ".PNG", "..png"] {
            #expect(ImageFormat(named: name).suffix == ".png", "\(name)")
            #expect(ImageFormat(named: name) == .png, "\(name)")
        }
        // An alias keeps its spelling (files named .jpeg stay .jpeg) but is the same format.
        let jpeg = ImageFormat(named: "JPEG")
        #expect(jpeg.suffix == ".jpeg" && jpeg.canonicalSuffix == ".jpg")
        #expect(jpeg.isSame(as: .jpeg) && jpeg != .jpeg)
        #expect(ImageFormat(named: "tiff").isSame(as: .tiff))
        #expect(ImageFormat(path: "a/b/PHOTO.JFIF")?.isSame(as: .jpeg) == true)
        #expect(ImageFormat(path: "dir.v2/out") == nil)
        #expect(ImageFormat.jpeg.names("x/IMG_1.JPEG") && !ImageFormat.png.names("x/a.jpg"))
    }

    @Test func factsOfTheFormats() {
        #expect(ImageFormat.jpeg.maxSide == 65_535 && !ImageFormat.jpeg.hasAlpha)
        #expect(ImageFormat.webp.maxSide == 16_383 && ImageFormat.webp.hasAlpha)
        #expect(ImageFormat.png.maxSide == ImageFormat.libvipsMaxSide && ImageFormat.png.hasAlpha)
        #expect(ImageFormat.jpeg.defaultOptions.text == "[Q=90]" && ImageFormat.png.defaultOptions.isEmpty)
        #expect(ImageFormat(loader: "jpegload_source") == .jpeg && ImageFormat(loader: "tiffload") == .tiff)
        #expect(ImageFormat(loader: "matrixload") == nil)
        // An unknown suffix is a format of its own, with no facts, which this libvips cannot write.
        let unknown = ImageFormat(named: "nope")
        #expect(unknown.suffix == ".nope" && unknown.aliases == [".nope"] && !unknown.canSave)
        #expect(ImageFormat.png.canSave && ImageFormat(named: "JPEG").canSave && ImageFormat.webp.canSave)
    }

    @Test func saverOptionsRenderOnceAndTheUsersWin() {
        let given = SaverOptions(parsing: "[Q=85,strip]")
        #expect(given.entries == [.init("Q", "85"), .init("strip")])
        #expect(given.text == "[Q=85,strip]" && SaverOptions(parsing: "Q=85,strip") == given)
        #expect(SaverOptions(parsing: "").text == "" && SaverOptions(parsing: "[]").isEmpty)
        #expect(given.value("Q") == "85" && given.contains("strip") && !given.contains("interlace"))
        let defaults = SaverOptions([.init("Q", "90"), .init("subsample_mode", "on")])
        // Defaults first, the user's settings last; a default the user sets is left out.
        #expect(given.over(defaults).text == "[subsample_mode=on,Q=85,strip]")
        #expect(SaverOptions.none.over(defaults) == defaults)
        #expect(SaverOptions.none.adding("compression", "1").text == "[compression=1]")
    }
}
