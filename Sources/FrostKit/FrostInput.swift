import Vips

/// The input of `imgtool blur`, read so that memory stays bounded on large images.
///
/// The fast route keeps only the shrunken copy in memory: the full-size pixels are decoded top to
/// bottom (libvips sequential access) straight into the shrink, and, when the output needs them
/// again (`--mask`, `--region`), decoded a second time while the output is encoded. A
/// 100-megapixel photo then needs tens of megabytes instead of the 300 MB of its pixels.
///
/// Decoded into memory instead, as a whole: the exact route (full-size box passes read their
/// input many times), EXIF-rotated pictures (turning needs random access), standard input when a
/// second read is needed (a pipe reads once), and pictures whose pixels fit in `memoryBudget`,
/// for which a second decode would cost more time than the memory is worth.
///
/// Either way the whole input is decoded before anything is written (the shrink is computed into
/// memory first), so a corrupt input is reported as the input's fault and no output is made.
public final class FrostInput {
    /// How the pixels are held.
    public enum Route: String, Sendable {
        case streamed, inMemory = "in memory"
    }

    /// Decoded pixels up to this size are kept in memory when a second read would be needed:
    /// 64 MB holds a 5K screenshot with alpha (5120×2880×4).
    public static let memoryBudget = 64 << 20

    public let route: Route
    /// The normalised image (`FrostRenderer.normalised`) for the first read.
    public let image: Image
    /// Why the input's ICC profile could not be applied, nil when it was (or there was none to
    /// apply): the pixels were then taken as their colour space says, and the caller should say so.
    public let profileNotApplied: VipsError?
    private let reopen: (() throws(VipsError) -> Image)?
    private var second: Image?

    /// Opens `source` (a file, or a descriptor such as standard input). `fastRoute`: the blur runs on a shrunken copy (only
    /// then can the input stream). `needsOriginal`: the output composites over the original
    /// (`--mask`, `--region`).
    public init(
        source: ImageSource, maxPixels: Int, applyingProfile: Bool, fastRoute: Bool, needsOriginal: Bool,
        memoryBudget: Int = FrostInput.memoryBudget
    ) throws(VipsError) {
        let header = try Image.load(source, autorotate: false, access: .sequential, maxPixels: maxPixels)
        var problem: VipsError?
        let normalised = try FrostRenderer.normalised(header, applyingProfile: applyingProfile) { problem = $0 }
        profileNotApplied = problem
        let secondRead = needsOriginal
        let bytes = normalised.width.multipliedReportingOverflow(by: normalised.height).partialValue * normalised.bands
        let streams =
            fastRoute && header.orientation == 1
            && (!secondRead || (source.isRereadable && bytes > memoryBudget))
        if streams {
            route = .streamed
            image = normalised
            reopen =
                secondRead
                ? { () throws(VipsError) -> Image in
                    let again = try Image.load(source, autorotate: false, access: .sequential, maxPixels: maxPixels)
                    // Told once, on the first read.
                    return try FrostRenderer.normalised(again, applyingProfile: applyingProfile) { _ in }
                } : nil
        } else {
            route = .inMemory
            var decoded = try header.copiedToMemory()
            if header.orientation != 1 { decoded = try decoded.autorotated().copiedToMemory() }
            image = try FrostRenderer.normalised(decoded, applyingProfile: applyingProfile) { _ in }
            reopen = nil
        }
    }

    /// The original pixels to composite the frosted image over: the
    /// image in memory, or one more read of the file, shared by every caller.
    public func original() throws(VipsError) -> Image {
        guard let reopen else { return image }
        if let second { return second }
        let fresh = try reopen()
        second = fresh
        return fresh
    }

    /// A `--mask` file as `FrostRenderer.preparedMask` makes it, for a width × height image: read
    /// once, reduced to one 8-bit band and decoded into memory at its own size (so a corrupt mask is
    /// found before any output exists, and only one byte per mask pixel is held), then stretched lazily.
    public static func mask(source: ImageSource, maxPixels: Int, width: Int, height: Int) throws(VipsError) -> Image {
        var raw = try Image.load(source, autorotate: false, access: .sequential, maxPixels: maxPixels)
        if raw.orientation != 1 { raw = try raw.copiedToMemory().autorotated() }
        let grey = try FrostRenderer.preparedMask(raw, width: raw.width, height: raw.height).copiedToMemory()
        return try FrostRenderer.preparedMask(grey, width: width, height: height)
    }
}
