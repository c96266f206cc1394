import CVips

/// Large images from outside libvips' formats: raw pixels mapped from a file, and constants.
/// Both lazy: pixels are read or computed only as a saver pulls them.
extension Image {
    /// Maps headerless, packed, band-interleaved 8-bit pixels from a file, starting `offset` bytes
    /// in. libvips opens the file here and reads rows through mmap windows as they are needed,
    /// so the name may be unlinked once this returns. (rawload is blocked with the untrusted
    /// loaders and re-enabled alone in `VipsRuntime`: nothing sniffs a format into it.)
    public static func rawload(
        path: String, width: Int, height: Int, bands: Int, offset: Int = 0,
        interpretation: Interpretation = .srgb
    ) throws(VipsError) -> Image {
        try Operation.call(
            "rawload",
            [
                ("filename", .string(path)), ("width", .int(width)), ("height", .int(height)), ("bands", .int(bands)),
                ("offset", .int(offset)), ("format", .string("uchar")),
                ("interpretation", .string(interpretation.rawValue)),
            ]
        ).image()
    }

    /// A uniform 8-bit image of one value per band (`colour.count` bands).
    public static func constant(width: Int, height: Int, colour: [Double]) throws(VipsError) -> Image {
        let black = try Operation.call(
            "black", [("width", .int(width)), ("height", .int(height)), ("bands", .int(colour.count))]
        ).image()
        return try black.linear([1], colour, uchar: true)
    }
}
