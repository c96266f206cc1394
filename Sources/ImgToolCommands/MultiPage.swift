import ToolSupport
import Vips

/// Animated GIFs and WebPs, multi-page TIFFs and HEIFs: imgtool works on the first frame or page
/// only. Every command says so in one line on stderr (unless -q) and in `pages` in its JSON.
enum MultiPage {
    /// Frames or pages the file holds (libvips' `n-pages`; 1 when it does not say). OpenJPEG's
    /// loader counts a JPEG 2000 file's resolution levels there: one picture, not pages.
    static func count(_ image: Image) -> Int {
        if image.loader?.hasPrefix("jp2kload") == true { return 1 }
        return max(1, image.int(field: "n-pages") ?? 1)
    }

    /// "frames" for animations (GIF, WebP), "pages" for documents; `format` as `imgtool info` names it.
    static func unit(format: String) -> String {
        format == "gif" || format == "webp" ? "frames" : "pages"
    }

    static func unit(_ image: Image) -> String {
        unit(format: ImageInfo.formatName(loader: image.loader))
    }

    /// The notice for a file of several frames or pages, nil for one.
    static func notice(file: String, image: Image) -> String? {
        let pages = count(image)
        guard pages > 1 else { return nil }
        let unit = unit(image)
        return "imgtool: \(file == "-" ? "<stdin>" : file): \(pages) \(unit); only the first is used"
    }

    /// Prints the notice unless quiet; returns the count for the record.
    static func report(file: String, image: Image, quiet: Bool) -> Int {
        if !quiet, let line = notice(file: file, image: image) { Console.error(line) }
        return count(image)
    }
}
