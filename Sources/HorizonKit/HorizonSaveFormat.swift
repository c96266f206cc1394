import CoreTypes
import LibRaw
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
        let format = savable(userFormat ?? inputFormat(for: image, loader: loader))
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

    /// The format a copy of `image` keeps without `-o name.ext`: the one its loader reads, PNG where
    /// libvips cannot write that.
    public static func ownFormat(of image: Image) -> ImageFormat {
        savable(inputFormat(for: image, loader: image.loader ?? ""))
    }

    /// The same, named from the file's suffix before it is opened (to plan where the copy goes).
    public static func ownFormat(forPath path: String) -> ImageFormat {
        savable(ImageFormat(path: path))
    }

    /// What a levelled copy of the file at `path` is named for, before it is opened: a raw photo's
    /// developed copy is `rawCopyFormat`, named as any file of that format; any other photo's keeps
    /// its own format (`ownFormat(forPath:)`) and may keep the input's spelling of its suffix.
    public static func copyNaming(forPath path: String, userFormat: ImageFormat?) -> CopyNaming {
        if RawPhoto.isRaw(path) {
            return CopyNaming(format: rawCopyFormat(userFormat: userFormat), keepsInputSuffix: false)
        }
        return CopyNaming(format: ownFormat(forPath: path), keepsInputSuffix: true)
    }

    /// The format a copy is named for, and whether a name made from the input keeps the input's suffix.
    public struct CopyNaming: Sendable, Equatable {
        public var format: ImageFormat
        public var keepsInputSuffix: Bool

        public init(format: ImageFormat, keepsInputSuffix: Bool) {
            self.format = format
            self.keepsInputSuffix = keepsInputSuffix
        }
    }

    /// A raw photo's developed copy: `userFormat` (-o's), else TIFF (16 bits, as raw shooters keep).
    public static func rawCopyFormat(userFormat: ImageFormat?) -> ImageFormat {
        userFormat ?? .tiff
    }

    /// Bits a sample of a raw photo's demosaic for a copy in `format`: TIFF and PNG keep its 16
    /// bits; the others hold 8.
    public static func rawBits(for format: ImageFormat) -> Int {
        format == .tiff || format == .png ? 16 : 8
    }

    /// `format` where libvips writes it, else PNG.
    private static func savable(_ format: ImageFormat?) -> ImageFormat {
        format.flatMap { $0.canSave ? $0 : nil } ?? .png
    }

    /// The format the input's loader reads (HEIF holding AV1 is AVIF); nil when libvips has no
    /// saver for it.
    private static func inputFormat(for image: Image, loader: String) -> ImageFormat? {
        if loader.hasPrefix("heifload") {
            return image.string(field: "heif-compression") == "av1" ? .avif : .heic
        }
        return ImageFormat(loader: loader)
    }
}
