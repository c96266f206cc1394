import CoreTypes
import Vips

/// The format and saver options of a levelled copy: the input's own format and, for JPEG, its
/// quality (estimated from the quantisation tables), chroma subsampling and progressive mode.
public struct HorizonSaveFormat: Sendable, Equatable {
    public var format: ImageFormat
    public var options: SaverOptions

    /// Chooses the format for `image`, with `userFormat` and `userOptions` from
    /// `-o name.ext[options]` overriding, and `jpegQuality` estimated from the file.
    public static func choose(
        for image: Image, userFormat: ImageFormat?, userOptions: SaverOptions = .none, jpegQuality: Int?
    ) -> HorizonSaveFormat {
        let loader = image.loader ?? ""
        var format = userFormat ?? inputFormat(for: image, loader: loader)
        if !format.canSave { format = .png }
        let fromJPEG = loader.hasPrefix("jpegload")
        var defaults = SaverOptions.none
        if format.isSame(as: .jpeg) {
            defaults = defaults.adding(
                "Q", "\(fromJPEG ? jpegQuality ?? ImageFormat.reencodeQuality : ImageFormat.reencodeQuality)")
            if fromJPEG, let subsampling = image.string(field: "jpeg-chroma-subsample") {
                defaults = defaults.adding("subsample_mode", subsampling == "4:4:4" ? "off" : "on")
            }
            if fromJPEG && image.int(field: "jpeg-multiscan") == 1 { defaults = defaults.adding("interlace") }
        } else {
            defaults = format.defaultOptions
        }
        // The user's settings last, so that they win.
        return HorizonSaveFormat(format: format, options: userOptions.over(defaults))
    }

    /// The format the input's loader reads (HEIF holding AV1 is AVIF); PNG when libvips has no saver for it.
    private static func inputFormat(for image: Image, loader: String) -> ImageFormat {
        if loader.hasPrefix("heifload") {
            return image.string(field: "heif-compression") == "av1" ? .avif : .heic
        }
        return ImageFormat(loader: loader) ?? .png
    }
}
