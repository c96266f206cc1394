#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The input of the horizon estimator: per-pixel intensity gradients of a small greyscale picture.
//
// Coordinates everywhere in this module are continuous: the image covers [0, width] × [0, height],
// x grows to the right, y grows downward, and pixel (i, j) has its centre at (i + 0.5, j + 0.5).
// With that convention, scaling a point from a thumbnail to the full image is a plain multiplication.

/// One edge pixel, for building synthetic edge maps.
public struct EdgePoint: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var gx: Float
    public var gy: Float

    public init(x: Int, y: Int, gx: Float, gy: Float) {
        self.x = x
        self.y = y
        self.gx = gx
        self.gy = gy
    }
}

/// Gradient field of a downscaled greyscale picture (EXIF orientation already applied).
///
/// `gx` and `gy` are row-major, `width * height` long, in grey levels (0…255 scale) per pixel,
/// i.e. a Sobel response divided by 8. Only the magnitude's scale matters for
/// `HorizonEstimator.Configuration.minMagnitude`; everything else is relative.
public struct EdgeMap: Sendable {
    public let width: Int
    public let height: Int
    public var gx: [Float]
    public var gy: [Float]

    public init(width: Int, height: Int, gx: [Float], gy: [Float]) {
        precondition(width > 0 && height > 0, "EdgeMap needs a non-empty size")
        precondition(gx.count == width * height && gy.count == width * height,
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

    /// Computes the gradients from grey levels (0…255, row-major) with an optional Gaussian blur
    /// followed by a Sobel operator. This is the pure-Swift twin of the libvips pipeline and the
    /// way tests turn synthetic pictures into edge maps.
    public init(luminance: [Float], width: Int, height: Int, blurSigma: Double = 1.0) {
        precondition(luminance.count == width * height, "luminance must hold width × height values")
        let smooth = blurSigma > 0
            ? gaussianBlur(luminance, width: width, height: height, sigma: blurSigma)
            : luminance
        var gx = [Float](repeating: 0, count: width * height)
        var gy = gx
        sobel(smooth, width: width, height: height, gx: &gx, gy: &gy)
        self.init(width: width, height: height, gx: gx, gy: gy)
    }

    /// Same as `init(luminance:width:height:blurSigma:)` for 8-bit grey pixels.
    public init(grey: [UInt8], width: Int, height: Int, blurSigma: Double = 1.0) {
        self.init(luminance: grey.map(Float.init), width: width, height: height, blurSigma: blurSigma)
    }
}

extension EdgeMap: CustomStringConvertible {
    /// Short on purpose: test failures and logs would otherwise print every gradient.
    public var description: String { "EdgeMap(\(width)×\(height))" }
}

/// Separable Gaussian blur with clamped borders (so the picture's border never looks like an edge).
/// Each pass adds one shifted, weighted copy of the source per tap: plain loops over contiguous
/// memory that the compiler vectorises.
func gaussianBlur(_ source: [Float], width: Int, height: Int, sigma: Double) -> [Float] {
    let radius = max(1, Int((3 * sigma).rounded(.up)))
    var kernel = (-radius...radius).map { i in Float(exp(-Double(i * i) / (2 * sigma * sigma))) }
    let total = kernel.reduce(0, +)
    kernel = kernel.map { $0 / total }

    var rows = [Float](repeating: 0, count: source.count)
    var out = [Float](repeating: 0, count: source.count)
    source.withUnsafeBufferPointer { src in
    rows.withUnsafeMutableBufferPointer { tmp in
    kernel.withUnsafeBufferPointer { taps in
        for y in 0..<height {
            let row = y * width
            for k in -radius...radius {
                let weight = taps[k + radius]
                // Columns whose neighbour x + k lies inside the row; the rest read the border pixel.
                let first = max(0, -k), last = min(width, width - k)
                if first < last {
                    for x in first..<last { tmp[row + x] += weight * src[row + x + k] }
                }
                if first > 0 { for x in 0..<min(first, width) { tmp[row + x] += weight * src[row] } }
                if last < width { for x in max(last, 0)..<width { tmp[row + x] += weight * src[row + width - 1] } }
            }
        }
    }}}
    rows.withUnsafeBufferPointer { tmp in
    out.withUnsafeMutableBufferPointer { dst in
    kernel.withUnsafeBufferPointer { taps in
        for y in 0..<height {
            for k in -radius...radius {
                let weight = taps[k + radius]
                let srcRow = min(max(y + k, 0), height - 1) * width, dstRow = y * width
                for x in 0..<width { dst[dstRow + x] += weight * tmp[srcRow + x] }
            }
        }
    }}}
    return out
}

/// 3×3 Sobel divided by 8 (grey levels per pixel); the one-pixel frame stays zero.
func sobel(_ source: [Float], width: Int, height: Int, gx: inout [Float], gy: inout [Float]) {
    guard width >= 3 && height >= 3 else { return }
    source.withUnsafeBufferPointer { s in
        gx.withUnsafeMutableBufferPointer { outX in
            gy.withUnsafeMutableBufferPointer { outY in
                for y in 1..<(height - 1) {
                    let up = (y - 1) * width, mid = y * width, down = (y + 1) * width
                    for x in 1..<(width - 1) {
                        let tl = s[up + x - 1], tc = s[up + x], tr = s[up + x + 1]
                        let ml = s[mid + x - 1], mr = s[mid + x + 1]
                        let bl = s[down + x - 1], bc = s[down + x], br = s[down + x + 1]
                        outX[mid + x] = ((tr + 2 * mr + br) - (tl + 2 * ml + bl)) * 0.125
                        outY[mid + x] = ((bl + 2 * bc + br) - (tl + 2 * tc + tr)) * 0.125
                    }
                }
            }
        }
    }
}
