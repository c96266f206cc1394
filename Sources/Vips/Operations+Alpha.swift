/// Alpha premultiplication, so that averaging and resampling do not pull in the colour of
/// transparent pixels.
extension Image {
    /// Multiplies the colour bands by alpha/255 (float result), so that averaging does not pull
    /// in the colour of transparent pixels.
    public func premultiplied() throws(VipsError) -> Image {
        try Operation.call("premultiply", [("in", .image(self))]).image()
    }

    /// Divides the colour bands by alpha/255 again (float result).
    public func unpremultiplied() throws(VipsError) -> Image {
        try Operation.call("unpremultiply", [("in", .image(self))]).image()
    }

    /// The same picture with an opaque alpha band added (255, or 65535 for 16-bit pictures), so
    /// that what is drawn around it afterwards can be transparent.
    public func withOpaqueAlpha() throws(VipsError) -> Image {
        let opaque: Double = bandFormat == .ushort ? 65_535 : 255
        return try Operation.call("bandjoin_const", [("in", .image(self)), ("c", .doubles([opaque]))]).image()
    }
}
