import CoreTypes
import Vips

/// The format and saver options of a levelled copy: the input's own format and, for JPEG, its
/// quality (estimated from the quantisation tables), chroma subsampling and progressive mode.
public struct HorizonSaveFormat: Sendable, Equatable {
    /// Saver suffix, e.g. ".jpg".
    public var suffix: String
    /// libvips option string, e.g. "[Q=87,subsample_mode=on]", or empty.
    public var options: String

    /// Formats whose saver the input's loader maps to; anything else is written as PNG.
    static let suffixes: [(loader: String, suffix: String)] = [
        ("jpegload", ".jpg"), ("pngload", ".png"), ("webpload", ".webp"), ("tiffload", ".tif"),
        ("gifload", ".gif"), ("jp2kload", ".jp2"), ("jxlload", ".jxl"), ("ppmload", ".ppm"),
        ("radload", ".hdr"), ("fitsload", ".fits"), ("vipsload", ".v"),
    ]

    /// WebP files do not record their quality; 90 keeps a re-save close to the original.
    static let webpQuality = 90
    /// For JPEGs whose tables cannot be read (no DQT before the scan).
    static let fallbackJPEGQuality = 90

    /// Chooses the format for a picture loaded by `loader` (nil: unknown), with `userSuffix` and
    /// `userOptions` from `-o name.ext[options]` overriding, and `quality` estimated from the file.
    public static func choose(
        for image: Image, userSuffix: String?, userOptions: String,
        jpegQuality: Int?
    ) -> HorizonSaveFormat {
        let loader = image.loader ?? ""
        var suffix = userSuffix ?? inputSuffix(for: image, loader: loader)
        if !Image.canSave(format: suffix) { suffix = ".png" }
        var parts: [String] = []
        let isJPEG = [".jpg", ".jpeg", ".jpe", ".jfif"].contains(suffix)
        if isJPEG && !userOptions.contains("Q=") {
            parts.append("Q=\(loader.hasPrefix("jpegload") ? jpegQuality ?? fallbackJPEGQuality : fallbackJPEGQuality)")
        }
        if isJPEG && loader.hasPrefix("jpegload") {
            if let subsampling = image.string(field: "jpeg-chroma-subsample") {
                parts.append("subsample_mode=\(subsampling == "4:4:4" ? "off" : "on")")
            }
            if image.int(field: "jpeg-multiscan") == 1 { parts.append("interlace") }
        }
        if suffix == ".webp" && !userOptions.contains("Q=") { parts.append("Q=\(webpQuality)") }
        let user = userOptions.count > 2 ? String(userOptions.dropFirst().dropLast()) : ""
        if !user.isEmpty { parts.append(user) }  // last, so the user's settings win
        return HorizonSaveFormat(suffix: suffix, options: parts.isEmpty ? "" : "[" + parts.joined(separator: ",") + "]")
    }

    /// Whether the file name's extension already names the format of `suffix` (.jpeg for .jpg).
    public static func isSameFormat(_ path: String, _ suffix: String) -> Bool {
        guard let ext = SaveTarget(path).suffix else { return false }
        let aliases: [[String]] = [[".jpg", ".jpeg", ".jpe", ".jfif"], [".tif", ".tiff"], [".heic", ".heif"]]
        return ext == suffix || aliases.contains { $0.contains(ext) && $0.contains(suffix) }
    }

    private static func inputSuffix(for image: Image, loader: String) -> String {
        if loader.hasPrefix("heifload") {
            return image.string(field: "heif-compression") == "av1" ? ".avif" : ".heic"
        }
        return suffixes.first { loader.hasPrefix($0.loader) }?.suffix ?? ".png"
    }
}
