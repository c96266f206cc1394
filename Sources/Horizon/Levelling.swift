#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What to keep after turning the picture level.
public enum CropMode: String, Sendable, CaseIterable {
    /// The largest rectangle with the picture's own aspect ratio (default).
    case aspect
    /// The largest rectangle of any aspect ratio.
    case maxArea = "max-area"
    /// The whole turned canvas, wedges included.
    case none
}

/// An axis-aligned rectangle in the levelled canvas (continuous pixel coordinates).
public struct CropRect: Sendable, Equatable {
    /// Left edge in canvas coordinates.
    public var x: Double
    /// Top edge in canvas coordinates.
    public var y: Double
    /// Width in pixels.
    public var width: Double
    /// Height in pixels.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// width × height, pixels².
    public var area: Double { width * height }

    /// Top-left, top-right, bottom-right, bottom-left.
    public var corners: [ImagePoint] {
        [
            ImagePoint(x: x, y: y), ImagePoint(x: x + width, y: y),
            ImagePoint(x: x + width, y: y + height), ImagePoint(x: x, y: y + height),
        ]
    }

    /// Size of the canvas that just holds a W×H picture turned by `angleDegrees`.
    public static func canvasSize(
        width: Double, height: Double,
        angleDegrees: Double
    ) -> (width: Double, height: Double) {
        let s = abs(sin(angleDegrees / degreesPerRadian)), c = abs(cos(angleDegrees / degreesPerRadian))
        return (width * c + height * s, width * s + height * c)
    }

    /// The whole canvas.
    public static func none(width: Double, height: Double, angleDegrees: Double) -> CropRect {
        let canvas = canvasSize(width: width, height: height, angleDegrees: angleDegrees)
        return CropRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    }

    /// The largest W:H rectangle inside the turned picture, centred in the canvas:
    /// scale k = min(W / (W·c + H·s), H / (W·s + H·c)), i.e. the picture shrunk until its
    /// turned bounding box fits inside the picture itself.
    public static func sameAspect(width: Double, height: Double, angleDegrees: Double) -> CropRect {
        let canvas = canvasSize(width: width, height: height, angleDegrees: angleDegrees)
        let k = min(width / canvas.width, height / canvas.height)
        return centred(width: k * width, height: k * height, in: canvas)
    }

    /// The largest rectangle of any proportions inside the turned picture, centred.
    ///
    /// With L, S the long and short sides, s = |sin α|, c = |cos α|: if S ≤ 2·s·c·L the short
    /// side is the binding one and the crop is (S/2)/s × (S/2)/c, its longer length along the
    /// picture's longer side (two corners touch the long sides); otherwise all four corners touch
    /// and w = (W·c − H·s)/(c² − s²), h = (H·c − W·s)/(c² − s²).
    public static func maxArea(width: Double, height: Double, angleDegrees: Double) -> CropRect {
        let canvas = canvasSize(width: width, height: height, angleDegrees: angleDegrees)
        let s = abs(sin(angleDegrees / degreesPerRadian)), c = abs(cos(angleDegrees / degreesPerRadian))
        let long = max(width, height), short = min(width, height)
        let w: Double, h: Double
        if short <= 2 * s * c * long || abs(c - s) < 1e-12 {
            let half = short / 2
            (w, h) = width >= height ? (half / s, half / c) : (half / c, half / s)
        } else {
            let cos2 = c * c - s * s
            (w, h) = ((width * c - height * s) / cos2, (height * c - width * s) / cos2)
        }
        return centred(width: w, height: h, in: canvas)
    }

    /// The crop for `mode`: `sameAspect`, `maxArea` or `none`.
    public static func make(_ mode: CropMode, width: Double, height: Double, angleDegrees: Double) -> CropRect {
        switch mode {
        case .aspect: return sameAspect(width: width, height: height, angleDegrees: angleDegrees)
        case .maxArea: return maxArea(width: width, height: height, angleDegrees: angleDegrees)
        case .none: return none(width: width, height: height, angleDegrees: angleDegrees)
        }
    }

    /// Whole pixels only, never growing: edges move inward to integers after an optional inset
    /// (an interpolator reaching 1–2 px beyond the rectangle needs that margin to avoid dark rims).
    public func roundedInward(inset: Double = 0) -> CropRect {
        let left = (x + inset - 1e-9).rounded(.up), top = (y + inset - 1e-9).rounded(.up)
        let right = (x + width - inset + 1e-9).rounded(.down)
        let bottom = (y + height - inset + 1e-9).rounded(.down)
        return CropRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    private static func centred(
        width: Double, height: Double,
        in canvas: (width: Double, height: Double)
    ) -> CropRect {
        CropRect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
    }
}

/// A 2×3 affine map in CGAffineTransform's layout [a, b, c, d, tx, ty]:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Sendable, Equatable {
    /// Matrix entries and translation, as in CGAffineTransform.
    public var a, b, c, d, tx, ty: Double

    /// A transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// [a, b, c, d, tx, ty], the JSON form.
    public var components: [Double] { [a, b, c, d, tx, ty] }

    /// Where `p` goes under the transform.
    public func apply(_ p: ImagePoint) -> ImagePoint {
        ImagePoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse map, nil when the matrix is singular.
    public func inverted() -> AffineTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-15 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }
}

/// Everything needed to straighten a W×H picture whose horizon is tilted by `angleDegrees`.
public struct Levelling: Sendable, Equatable {
    /// Width of the picture to straighten, pixels.
    public var sourceWidth: Double
    /// Height of the picture to straighten, pixels.
    public var sourceHeight: Double
    /// The detected tilt; the picture is turned by the opposite amount (clockwise when positive).
    public var angleDegrees: Double
    /// The canvas that holds the whole turned picture.
    public var canvasWidth: Double
    /// Height of that canvas (see `canvasWidth`).
    public var canvasHeight: Double
    /// Source pixel coordinates → levelled canvas coordinates.
    public var transform: AffineTransform
    /// The kept rectangle, in canvas coordinates.
    public var crop: CropRect

    /// The straightening of a `width` × `height` picture tilted by `angleDegrees`, cropped by `mode`.
    public init(width: Double, height: Double, angleDegrees: Double, crop mode: CropMode = .aspect) {
        sourceWidth = width
        sourceHeight = height
        self.angleDegrees = angleDegrees
        let canvas = CropRect.canvasSize(width: width, height: height, angleDegrees: angleDegrees)
        canvasWidth = canvas.width
        canvasHeight = canvas.height
        // Turn by −angle on screen (y down): x' = x·cos α − y·sin α, y' = x·sin α + y·cos α,
        // about the picture's centre, which lands on the canvas's centre.
        let cosine = cos(angleDegrees / degreesPerRadian), sine = sin(angleDegrees / degreesPerRadian)
        let (a, b, c, d) = (cosine, sine, -sine, cosine)
        transform = AffineTransform(
            a: a, b: b, c: c, d: d,
            tx: canvas.width / 2 - (a * width / 2 + c * height / 2),
            ty: canvas.height / 2 - (b * width / 2 + d * height / 2))
        crop = CropRect.make(mode, width: width, height: height, angleDegrees: angleDegrees)
    }

    /// Tilts smaller than this many degrees (either way) count as level: turning by them would
    /// resample and crop the picture for a change below the estimator's own error (median 0.18°),
    /// and a levelled photo measured again would be turned again.
    public static let levelTolerance = 0.1

    /// True when a tilt of `angleDegrees` is within `levelTolerance` of level.
    public static func isLevel(_ angleDegrees: Double) -> Bool {
        Swift.abs(angleDegrees) < levelTolerance
    }

    /// The same for whole-pixel sizes.
    public init(width: Int, height: Int, angleDegrees: Double, crop mode: CropMode = .aspect) {
        self.init(width: Double(width), height: Double(height), angleDegrees: angleDegrees, crop: mode)
    }
}
