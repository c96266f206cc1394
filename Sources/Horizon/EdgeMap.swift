// The input of the horizon estimator: per-pixel intensity gradients of a small greyscale picture.
//
// Coordinates everywhere in this module are continuous: the image covers [0, width] × [0, height],
// x grows to the right, y grows downward, and pixel (i, j) has its centre at (i + 0.5, j + 0.5).
// With that convention, scaling a point from a thumbnail to the full image is a plain multiplication.

/// One edge pixel, for building synthetic edge maps.
public struct EdgePoint: Sendable, Equatable {
    /// Column of the pixel.
    public var x: Int
    /// Row of the pixel.
    public var y: Int
    /// Horizontal gradient, grey levels per pixel.
    public var gx: Float
    /// Vertical gradient (y down), grey levels per pixel.
    public var gy: Float

    /// An edge pixel at (x, y) with gradient (gx, gy).
    public init(x: Int, y: Int, gx: Float, gy: Float) {
        self.x = x
        self.y = y
        self.gx = gx
        self.gy = gy
    }
}

/// Gradient field of a downscaled greyscale picture (EXIF orientation already applied). The tool
/// computes it with libvips (`HorizonDetector.edgeMap(of:)`: Gaussian blur σ = 1, Sobel ÷ 8);
/// tests build it in Swift from synthetic scenes (`Tests/HorizonTests/SwiftGradients.swift`).
///
/// `gx` and `gy` are row-major, `width * height` long, in grey levels (0…255 scale) per pixel,
/// i.e. a Sobel response divided by 8. Only the magnitude's scale matters for
/// `HorizonEstimator.Configuration.minMagnitude`; everything else is relative.
public struct EdgeMap: Sendable {
    /// Width of the analysed picture in pixels.
    public let width: Int
    /// Height of the analysed picture in pixels.
    public let height: Int
    /// Horizontal gradients, row-major.
    public var gx: [Float]
    /// Vertical gradients (y down), row-major.
    public var gy: [Float]

    /// Wraps gradient arrays of `width * height` values each (checked).
    public init(width: Int, height: Int, gx: [Float], gy: [Float]) {
        precondition(width > 0 && height > 0, "EdgeMap needs a non-empty size")
        precondition(
            gx.count == width * height && gy.count == width * height,
            "gx and gy must hold width × height values")
        self.width = width
        self.height = height
        self.gx = gx
        self.gy = gy
    }

    /// A map that is zero except at the given points (later points overwrite earlier ones).
    public init(width: Int, height: Int, points: [EdgePoint]) {
        var gx = [Float](repeating: 0, count: width * height)
        var gy = gx
        for p in points where p.x >= 0 && p.x < width && p.y >= 0 && p.y < height {
            gx[p.y * width + p.x] = p.gx
            gy[p.y * width + p.x] = p.gy
        }
        self.init(width: width, height: height, gx: gx, gy: gy)
    }
}

extension EdgeMap: CustomStringConvertible {
    /// Short on purpose: test failures and logs would otherwise print every gradient.
    public var description: String { "EdgeMap(\(width)×\(height))" }
}
