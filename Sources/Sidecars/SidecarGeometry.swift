import CoreTypes
import Horizon

#if canImport(Glibc)
import Glibc
#endif

/// The editors that read a straightening from a file beside the photo.
public enum SidecarEditor: String, Sendable, CaseIterable {
    case rawtherapee, darktable, lightroom

    /// How the editor names its sidecar: RawTherapee and darktable add to the whole name
    /// (`IMG_1.CR2.pp3`, `IMG_1.CR2.xmp`); Lightroom and Camera Raw replace the suffix (`IMG_1.xmp`).
    public var name: SidecarName {
        switch self {
        case .rawtherapee: return SidecarName(suffix: ".pp3", replacesPhotoSuffix: false)
        case .darktable: return SidecarName(suffix: ".xmp", replacesPhotoSuffix: false)
        case .lightroom: return SidecarName(suffix: ".xmp", replacesPhotoSuffix: true)
        }
    }

    /// The sidecar's path beside `photo`.
    public func path(for photo: String) -> String { name.path(for: photo) }
}

/// A straightening in each editor's terms, from the horizon's tilt and the photo's displayed size.
///
/// Every editor turns the picture about its centre; the tilt is undone by turning it clockwise
/// by the horizon's angle (this project's angle is positive when the horizon rises to the right).
/// RawTherapee, darktable's "rotate and perspective" and Camera Raw all count positive angles
/// counter-clockwise, so each is given minus the horizon's angle.
public struct SidecarGeometry: Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// The horizon's tilt, degrees, positive when it rises to the right.
    public var horizonDegrees: Double
    public var crop: CropMode

    public init(width: Int, height: Int, horizonDegrees: Double, crop: CropMode = .aspect) {
        self.width = Double(width)
        self.height = Double(height)
        self.horizonDegrees = horizonDegrees
        self.crop = crop
    }

    /// The editors' rotation: positive counter-clockwise.
    public var counterClockwiseDegrees: Double { horizonDegrees == 0 ? 0 : -horizonDegrees }

    private var levelling: Levelling {
        Levelling(width: width, height: height, angleDegrees: horizonDegrees, crop: crop)
    }

    /// The kept rectangle in the photo's own frame (the turned picture centred on the unturned
    /// frame, as RawTherapee and Camera Raw place it); the whole frame for `--crop none`.
    public var cropInFrame: CropRect {
        let levelling = levelling
        guard crop != .none else { return CropRect(x: 0, y: 0, width: width, height: height) }
        return CropRect(
            x: levelling.crop.x - (levelling.canvasWidth - width) / 2,
            y: levelling.crop.y - (levelling.canvasHeight - height) / 2,
            width: levelling.crop.width, height: levelling.crop.height)
    }

    /// RawTherapee's [Crop] in whole pixels, never outside the turned picture.
    public var rawTherapeeCrop: (x: Int, y: Int, width: Int, height: Int) {
        let rect = cropInFrame.roundedInward()
        return (Int(rect.x), Int(rect.y), Int(rect.width), Int(rect.height))
    }

    /// Camera Raw's crop box: the kept rectangle's top-left and bottom-right corners, found in the
    /// unturned photo and given as fractions of its width and height (left, top, right, bottom).
    /// The rectangle is level in the turned picture, so in the unturned photo its corners are
    /// turned back by the crop angle about the centre (as darktable's Lightroom import reads them).
    public var fractionalCrop: (left: Double, top: Double, right: Double, bottom: Double) {
        let rect = cropInFrame
        let turn = counterClockwiseDegrees * .pi / 180
        let halfWidth = rect.width / 2, halfHeight = rect.height / 2
        // The top-left corner, centre-relative, in the turned picture: (−w/2, −h/2); back in the
        // photo: x = x′·cos A − y′·sin A, y = x′·sin A + y′·cos A (y down).
        let x = -halfWidth * cos(turn) + halfHeight * sin(turn)
        let y = -halfWidth * sin(turn) - halfHeight * cos(turn)
        return (0.5 + x / width, 0.5 + y / height, 0.5 - x / width, 0.5 - y / height)
    }

    /// darktable's crop module after "rotate and perspective", whose output is the bounding box of
    /// the turned picture: left, top, right, bottom as fractions of that box.
    public var darktableCrop: (left: Double, top: Double, right: Double, bottom: Double) {
        let levelling = levelling
        let rect =
            crop == .none ? CropRect.none(width: width, height: height, angleDegrees: horizonDegrees) : levelling.crop
        let w = levelling.canvasWidth, h = levelling.canvasHeight
        return (rect.x / w, rect.y / h, (rect.x + rect.width) / w, (rect.y + rect.height) / h)
    }
}
