import CVips

/// Metadata edits on private copies (the pixels are shared).
extension Image {
    /// A copy whose metadata field `name` holds the integer `value` (the pixels are shared).
    public func settingInt(_ value: Int, field name: String) throws(VipsError) -> Image {
        let fresh = try copy()
        vips_image_set_int(fresh.pointer, name, Int32(value))
        return fresh
    }

    /// A copy without the metadata field `name` (the pixels are shared).
    public func removingField(_ name: String) throws(VipsError) -> Image {
        let fresh = try copy()
        _ = vips_image_remove(fresh.pointer, name)
        return fresh
    }
}
