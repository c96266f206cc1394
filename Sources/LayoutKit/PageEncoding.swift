import CoreTypes
import Foundation
import PageLayout
import Vips

/// How a book (an EPUB, a comic archive) carries a page or a view drawn by pdflayout: the image
/// encoding its content calls for, chosen from the lossless render.
enum PageEncoding {
    /// JPEG at quality 85: pages are shown at their pixel size on a screen that is often sharper.
    static let jpegOptions = SaverOptions(parsing: "[Q=85,optimize_coding=true,strip=true]")
    /// Pages drawn losslessly and quickly: they are encoded again (`encoded`).
    static let renderOptions = SaverOptions(parsing: "[compression=1,strip=true]")
    /// A page of text and drawings: 256 colours (libimagequant), sharp where JPEG rings.
    static let paletteOptions = SaverOptions(parsing: "[palette=true,effort=4,strip=true]")

    /// A grey page (text, line art): sixteen grey levels, a 4-bit palette, a quarter smaller than
    /// 256 colours (bench/epub/RESULTS.md); kept only within `greyLevelsError` of the render.
    static let greyLevelsOptions = SaverOptions(
        parsing: "[palette=true,colours=16,dither=0,effort=4,compression=9,strip=true]")
    /// What the sixteen levels may change, of 255: at most one level's step (255 / 15) at any pixel
    /// (no colour merged away) and a fraction of a step on average (letter edges, not the gradients
    /// of a grey photograph, which would band).
    static let greyLevelsError = (largest: 16.0, mean: 1.0)
    /// A page whose channels nowhere differ by more than this is grey.
    static let greyChroma = 8.0

    /// The page's image as a book carries it: sixteen grey levels for a grey page of text where
    /// they are within `greyLevelsError` of the render; otherwise a 256-colour PNG where that is
    /// the smaller file (text, line art, flat colour: no ringing around letters), a JPEG where it
    /// is not (photographs, which a palette would band). Returns the file written beside
    /// `rendered` and its media type.
    static func encoded(_ rendered: String) throws(VipsError) -> (file: String, type: String) {
        // Decoded once (random access keeps the pixels for every encoding and the comparison).
        let image = try Image.load(rendered)
        if try isGrey(image) {
            let levels = rendered + ".grey.png"
            try image.save(to: levels, format: .png, options: greyLevelsOptions)
            if try isWithinGreyLevelsError(levels, of: image) { return (levels, "image/png") }
        }
        let palette = rendered + ".palette.png", jpeg = rendered + ".jpg"
        try image.save(to: palette, format: .png, options: paletteOptions)
        try image.save(to: jpeg, format: .jpeg, options: jpegOptions)
        func size(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? .max
        }
        let paletteSize = size(palette), jpegSize = size(jpeg)
        return paletteSize <= jpegSize ? (palette, "image/png") : (jpeg, "image/jpeg")
    }

    /// True when no pixel's channels differ by more than `greyChroma`.
    static func isGrey(_ image: Image) throws(VipsError) -> Bool {
        guard image.bands >= 3 else { return true }
        let red = try image.extractBand(0), green = try image.extractBand(1), blue = try image.extractBand(2)
        let redGreen = try red.subtract(green).abs().maximum()
        let greenBlue = try green.subtract(blue).abs().maximum()
        return redGreen <= greyChroma && greenBlue <= greyChroma
    }

    /// The largest and mean difference between `encoded` (as a reader decodes it) and `image`.
    static func difference(_ encoded: String, from image: Image) throws(VipsError) -> (largest: Double, mean: Double) {
        var decoded = try Image.load(encoded)
        if decoded.bands < 3 { decoded = try decoded.colourspace(.srgb) }
        let difference = try image.extractBand(0, count: 3).subtract(decoded.extractBand(0, count: 3)).abs()
            .copiedToMemory()
        return (try difference.maximum(), try difference.average())
    }

    static func isWithinGreyLevelsError(_ encoded: String, of image: Image) throws(VipsError) -> Bool {
        let error = try difference(encoded, from: image)
        return error.largest <= greyLevelsError.largest && error.mean <= greyLevelsError.mean
    }

    /// `views` drawn by `context` (the `index`th at its `index`th scale) into `folder`, each as a
    /// book carries it: a comic's JPEG page shown as it is, as it was (`RenderContext.storedJPEG`);
    /// any other drawn losslessly and then `encoded`. Returns each view's file and media type.
    static func images(
        of views: [View], context: RenderContext, background: Colour, in folder: String
    ) throws -> [(file: String, type: String)] {
        let rendered = views.indices.map { folder + "/rendered-\($0).png" }
        let files = try context.draw(
            views, into: rendered, format: .png, options: renderOptions, background: background)
        return try views.indices.map { index in
            files[index] == rendered[index] ? try encoded(files[index]) : (files[index], "image/jpeg")
        }
    }
}
