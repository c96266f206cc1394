/// Per-pixel arithmetic that libvips 8.14 has no single operation for, and coordinate images.
extension Image {
    /// A two-band float image of the given size whose pixels hold their own (x, y) coordinates.
    public static func coordinates(width: Int, height: Int) throws(VipsError) -> Image {
        try Operation.call("xyz", [("width", .int(width)), ("height", .int(height))]).image()
    }

    /// `min(max(self, low), high)` per pixel, as float.
    public func clamped(low: Double, high: Double) throws(VipsError) -> Image {
        // libvips 8.14 has no clamp operation; this needs no masks:
        // clamp(v) = (|v − low| − |v − high| + low + high) / 2.
        let belowLow = try linear([1], [-low]).abs()
        let belowHigh = try linear([1], [-high]).abs()
        return try belowLow.subtract(belowHigh).linear([0.5], [(low + high) / 2])
    }

    /// out = self × (1 − k) + other × k per pixel, with k a one-band 0…1 image.
    public func blended(with other: Image, weight k: Image) throws(VipsError) -> Image {
        let difference = try other.subtract(self)
        let scaled = try Operation.call("multiply", [("left", .image(difference)), ("right", .image(k))]).image()
        return try Operation.call("add", [("left", .image(self)), ("right", .image(scaled))]).image()
    }
}
