/// An image file format as the tools write it: the suffix it is named by (as the user spelt it,
/// lower-cased: `.jpeg` stays `.jpeg`), the suffixes that name the same format, the largest side
/// it holds, whether it keeps transparency, the saver options a re-encoded copy gets by default,
/// and the libvips loader that reads it. Whether this machine's libvips can write it is asked of
/// the `Vips` face (`ImageFormat.canSave`).
public struct ImageFormat: Sendable, Hashable, CustomStringConvertible {
    /// The suffix with its dot, lower-case, as named (`.jpeg` for `--format JPEG`).
    public let suffix: String
    /// The format's own suffix (`.jpg` for `.jpeg`), first of `aliases`.
    public let canonicalSuffix: String
    /// Every suffix naming this format (`.jpg .jpeg .jpe .jfif`); just `suffix` for formats not listed.
    public let aliases: [String]
    /// The largest width or height the format holds (libvips itself stops at 10 million pixels).
    public let maxSide: Int
    /// Whether an alpha channel survives in the file.
    public let hasAlpha: Bool
    /// What a re-encoded copy is saved with when the user gives nothing (`[Q=90]` for JPEG and WebP).
    public let defaultOptions: SaverOptions
    /// The prefix of the libvips loader reading this format (`jpegload`), nil when unknown.
    public let loader: String?

    /// libvips' own limit on a side: 10 million pixels.
    public static let libvipsMaxSide = 10_000_000

    private init(
        _ suffix: String, aliases: [String] = [], maxSide: Int = libvipsMaxSide, alpha: Bool = true,
        defaults: SaverOptions = .none, loader: String?
    ) {
        self.suffix = suffix
        canonicalSuffix = suffix
        self.aliases = [suffix] + aliases
        self.maxSide = maxSide
        hasAlpha = alpha
        defaultOptions = defaults
        self.loader = loader
    }

    private init(_ family: ImageFormat, spelt suffix: String) {
        self.suffix = suffix
        canonicalSuffix = family.canonicalSuffix
        aliases = family.aliases
        maxSide = family.maxSide
        hasAlpha = family.hasAlpha
        defaultOptions = family.defaultOptions
        loader = family.loader
    }

    /// WebP records no quality; 90 keeps a re-save close to the original (and is the JPEG
    /// quality when the original's cannot be estimated).
    public static let reencodeQuality = 90

    public static let jpeg = ImageFormat(
        ".jpg", aliases: [".jpeg", ".jpe", ".jfif"], maxSide: 65_535, alpha: false,
        defaults: SaverOptions([.init("Q", "\(reencodeQuality)")]), loader: "jpegload")
    public static let png = ImageFormat(".png", loader: "pngload")
    public static let webp = ImageFormat(
        ".webp", maxSide: 16_383, defaults: SaverOptions([.init("Q", "\(reencodeQuality)")]), loader: "webpload")
    public static let tiff = ImageFormat(".tif", aliases: [".tiff"], loader: "tiffload")
    public static let gif = ImageFormat(".gif", maxSide: 65_535, loader: "gifload")
    public static let heic = ImageFormat(".heic", aliases: [".heif"], loader: "heifload")
    public static let avif = ImageFormat(".avif", loader: nil)
    public static let jxl = ImageFormat(".jxl", loader: "jxlload")
    public static let jp2 = ImageFormat(".jp2", loader: "jp2kload")
    public static let ppm = ImageFormat(".ppm", alpha: false, loader: "ppmload")
    public static let hdr = ImageFormat(".hdr", alpha: false, loader: "radload")
    public static let fits = ImageFormat(".fits", alpha: false, loader: "fitsload")
    public static let vips = ImageFormat(".v", loader: "vipsload")

    /// The formats with known facts, in the order loaders are matched.
    public static let known: [ImageFormat] = [jpeg, png, webp, tiff, gif, heic, avif, jxl, jp2, ppm, hdr, fits, vips]

    /// A format from a suffix or a format name as users write them: `.png`, `png`, `PNG`,
    /// `.JPEG` (kept as `.jpeg`). A suffix with no known facts is a format of its own, which
    /// `canSave` then judges.
    public init(named text: String) {
        var name = text.lowercased()
        while name.hasPrefix(".") { name.removeFirst() }
        let suffix = "." + name
        let family = Self.known.first { $0.aliases.contains(suffix) }
        self = family.map { ImageFormat($0, spelt: suffix) } ?? ImageFormat(suffix, loader: nil)
    }

    /// The format a file name's suffix names (`a/b/PHOTO.JPG` → `.jpg`), nil when it has none.
    public init?(path: String) {
        guard let suffix = SaveTarget(path).suffix else { return nil }
        self.init(named: suffix)
    }

    /// The format the libvips loader `loader` reads (`jpegload_source` → JPEG), nil when unknown.
    public init?(loader: String) {
        guard let family = Self.known.first(where: { $0.loader.map(loader.hasPrefix) ?? false }) else { return nil }
        self = family
    }

    /// Whether `other` is the same format, however spelt (`.jpeg` and `.jpg`).
    public func isSame(as other: ImageFormat) -> Bool { canonicalSuffix == other.canonicalSuffix }

    /// Whether the file name's suffix names this format (`photo.JPEG` for JPEG).
    public func names(_ path: String) -> Bool {
        ImageFormat(path: path).map(isSame) ?? false
    }

    /// The same format named by its own suffix (`.jpg` for `.jpeg`).
    public var canonical: ImageFormat { ImageFormat(named: canonicalSuffix) }

    public static func == (lhs: ImageFormat, rhs: ImageFormat) -> Bool { lhs.suffix == rhs.suffix }
    public func hash(into hasher: inout Hasher) { hasher.combine(suffix) }

    public var description: String { suffix }
}
