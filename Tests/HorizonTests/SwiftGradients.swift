import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The pure-Swift twin of the tool's libvips gradient pipeline (Gaussian blur, then Sobel ÷ 8),
// so the estimator's tests run on synthetic scenes without libvips.

extension EdgeMap {
    /// Computes the gradients from grey levels (0…255, row-major) with an optional Gaussian blur
    /// followed by a Sobel operator.
    init(luminance: [Float], width: Int, height: Int, blurSigma: Double = 1.0) {
        precondition(luminance.count == width * height, "luminance must hold width × height values")
        let smooth =
            blurSigma > 0
            ? gaussianBlur(luminance, width: width, height: height, sigma: blurSigma)
            : luminance
        var gx = [Float](repeating: 0, count: width * height)
        var gy = gx
        sobel(smooth, width: width, height: height, gx: &gx, gy: &gy)
        self.init(width: width, height: height, gx: gx, gy: gy)
    }

    /// Same as `init(luminance:width:height:blurSigma:)` for 8-bit grey pixels.
    init(grey: [UInt8], width: Int, height: Int, blurSigma: Double = 1.0) {
        self.init(luminance: grey.map(Float.init), width: width, height: height, blurSigma: blurSigma)
    }
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
                        if last < width {
                            for x in max(last, 0)..<width { tmp[row + x] += weight * src[row + width - 1] }
                        }
                    }
                }
            }
        }
    }
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
            }
        }
    }
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
