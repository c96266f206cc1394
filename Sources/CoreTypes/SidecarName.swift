/// How an editor names the sidecar file it reads beside a photo: its suffix, added to the photo's
/// whole name (RawTherapee's `IMG_1.CR2.pp3`, darktable's `IMG_1.CR2.xmp`) or put in place of the
/// photo's own suffix (Lightroom's and Camera Raw's `IMG_1.xmp`). One rule for the editors
/// (`SidecarEditor`) and the output model (`OutputKind.sidecar`).
public struct SidecarName: Sendable, Equatable, Hashable {
    /// With its dot: ".pp3", ".xmp".
    public var suffix: String
    public var replacesPhotoSuffix: Bool

    public init(suffix: String, replacesPhotoSuffix: Bool) {
        self.suffix = suffix
        self.replacesPhotoSuffix = replacesPhotoSuffix
    }

    /// The sidecar's path beside `photo` (a name without a suffix, or a hidden one such as
    /// `.hidden`, gets the suffix added).
    public func path(for photo: String) -> String {
        guard replacesPhotoSuffix else { return photo + suffix }
        let slash = photo.lastIndex(of: "/")
        if let dot = photo.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true,
            dot != (slash.map { photo.index(after: $0) } ?? photo.startIndex)
        {
            return String(photo[..<dot]) + suffix
        }
        return photo + suffix
    }
}
