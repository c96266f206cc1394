import CoreTypes

extension ImageFormat {
    /// Whether this libvips writes the format here (AVIF and HEIC depend on the build; a saver
    /// blocked as untrusted, such as ImageMagick's for .bmp, does not count).
    public var canSave: Bool { Image.canSave(format: suffix) }
}

extension Image {
    /// Writes the image in `format` with `options` (see `save(to:format:options:strip:)`).
    public func save(
        to filename: String, format: ImageFormat, options: SaverOptions, strip: Bool = false
    )
        throws(VipsError)
    {
        try save(to: filename, format: format.suffix, options: options.text, strip: strip)
    }

    /// Writes the image to a descriptor in `format` with `options`.
    public func save(
        toDescriptor descriptor: Int32 = 1, format: ImageFormat, options: SaverOptions, strip: Bool = false
    ) throws(VipsError) {
        try save(toDescriptor: descriptor, format: format.suffix, options: options.text, strip: strip)
    }
}
