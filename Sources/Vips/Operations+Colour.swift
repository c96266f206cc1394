/// Colour management.
extension Image {
    /// Converts pixels from the embedded ICC profile to sRGB (8 bits), attaching the sRGB profile.
    public func iccTransformedToSRGB() throws(VipsError) -> Image {
        try Operation.call(
            "icc_transform",
            [
                ("in", .image(self)), ("output_profile", .string(Interpretation.srgb.rawValue)),
                ("embedded", .bool(true)),
                ("depth", .int(8)),
            ]
        ).image()
    }

    /// True when the image carries an ICC profile.
    public var hasICCProfile: Bool { hasField("icc-profile-data") }
}
