import Foundation

/// A line-by-line Swift port of shared/tools/frost_ref.py: Apple's UIImage+ImageEffects (v1.0)
/// for opaque 8-bit RGB, exact and slow. Written independently of the Frost module on purpose,
/// so that the fidelity tests compare the tool with the algorithm, not with itself.
enum AppleFrostReference {
    struct Look {
        var radius: Double
        /// Tint colour 0...1 per R, G, B (Apple's grey styles give the same level thrice).
        var tint: [Double]
        var alpha: Double
        var saturation: Double
    }

    /// The table in notes/frost.md.
    static let light = Look(radius: 30, tint: [1.00, 1.00, 1.00], alpha: 0.30, saturation: 1.8)
    static let extraLight = Look(radius: 20, tint: [0.97, 0.97, 0.97], alpha: 0.82, saturation: 1.8)
    static let dark = Look(radius: 20, tint: [0.11, 0.11, 0.11], alpha: 0.73, saturation: 1.8)
    static func tintEffect(_ rgb: [Double]) -> Look { Look(radius: 10, tint: rgb, alpha: 0.6, saturation: -1.0) }

    static func boxWidth(radius: Double, scale: Double) -> Int {
        let d = Int((radius * scale * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        return d % 2 == 1 ? d : d + 1
    }

    /// Interleaved RGB in, interleaved RGB out.
    static func frost(_ rgb: [UInt8], width: Int, height: Int, look: Look, scale: Double) -> [UInt8] {
        let d = boxWidth(radius: look.radius, scale: scale)
        var effect = rgb
        for _ in 0..<3 { effect = boxPass(effect, width: width, height: height, d: d) }
        effect = saturate(effect, s: look.saturation)
        // The tint fill only ever gives 256 possible values per channel: tabulate them.
        let table = (0..<3).map { c in
            (0...255).map { e in
                let value = Double(e) * (1 - look.alpha) + 255 * look.tint[c] * look.alpha
                return UInt8(min(255, max(0, value.rounded(.toNearestOrEven))))  // np.rint
            }
        }
        var out = effect
        for index in 0..<out.count { out[index] = table[index % 3][Int(effect[index])] }
        return out
    }

    /// One vImageBoxConvolve_ARGB8888 pass: d × d box, edges extended, rounded to 8 bits.
    /// Running sums along rows then columns; plain loops over raw buffers, since the tests run
    /// unoptimised and this is the slow part.
    static func boxPass(_ input: [UInt8], width: Int, height: Int, d: Int) -> [UInt8] {
        let r = d / 2, area = d * d, rowLength = width * 3
        var rows = [Int32](repeating: 0, count: input.count)
        var out = [UInt8](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { horizontal in
                for y in 0..<height {
                    let base = y * rowLength
                    for c in 0..<3 {
                        var sum: Int32 = 0
                        for x in -r...r { sum += Int32(source[base + min(max(x, 0), width - 1) * 3 + c]) }
                        for x in 0..<width {
                            horizontal[base + x * 3 + c] = sum
                            let entering = x + r + 1 < width ? x + r + 1 : width - 1
                            let leaving = x - r > 0 ? x - r : 0
                            sum += Int32(source[base + entering * 3 + c]) - Int32(source[base + leaving * 3 + c])
                        }
                    }
                }
            }
            rows.withUnsafeBufferPointer { horizontal in
                out.withUnsafeMutableBufferPointer { target in
                    var sums = [Int32](repeating: 0, count: rowLength)
                    for y in -r...r {
                        let row = min(max(y, 0), height - 1) * rowLength
                        for i in 0..<rowLength { sums[i] += horizontal[row + i] }
                    }
                    for y in 0..<height {
                        let base = y * rowLength
                        let entering = (y + r + 1 < height ? y + r + 1 : height - 1) * rowLength
                        let leaving = (y - r > 0 ? y - r : 0) * rowLength
                        for i in 0..<rowLength {
                            target[base + i] = UInt8((Int(sums[i]) + area / 2) / area)
                            sums[i] += horizontal[entering + i] - horizontal[leaving + i]
                        }
                    }
                }
            }
        }
        return out
    }

    /// Apple's matrix re-expressed with R, G, B output rows; coefficients × 256 rounded as Python's
    /// round() does (half to even), (sum + 128) floor-divided by 256, clamped.
    static func saturate(_ input: [UInt8], s: Double) -> [UInt8] {
        let f: [[Double]] = [
            [0.2126 + 0.7873 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s],
            [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s],
        ]
        let m = f.flatMap { row in row.map { Int(($0 * 256).rounded(.toNearestOrEven)) } }
        var out = [UInt8](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for pixel in stride(from: 0, to: source.count, by: 3) {
                    let red = Int(source[pixel]), green = Int(source[pixel + 1]), blue = Int(source[pixel + 2])
                    for o in 0..<3 {
                        let sum = m[o * 3] * red + m[o * 3 + 1] * green + m[o * 3 + 2] * blue + 128
                        let divided = sum >= 0 ? sum / 256 : -((-sum + 255) / 256)  // floor division
                        target[pixel + o] = UInt8(min(255, max(0, divided)))
                    }
                }
            }
        }
        return out
    }

    /// Peak signal-to-noise ratio in dB (infinity when identical).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var total = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<a.count {
                    let difference = Int(a[index]) - Int(b[index])
                    total += difference * difference
                }
            }
        }
        let mse = Double(total) / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    static func meanAbsoluteError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let counts = histogram(a, b)
        return Double(counts.indices.reduce(0) { $0 + $1 * counts[$1] }) / Double(a.count)
    }

    static func maximumAbsoluteError(_ a: [UInt8], _ b: [UInt8]) -> Int {
        histogram(a, b).lastIndex { $0 > 0 } ?? 0
    }

    /// How many samples differ by 0, 1, ... 255.
    private static func histogram(_ a: [UInt8], _ b: [UInt8]) -> [Int] {
        precondition(a.count == b.count)
        var counts = [Int](repeating: 0, count: 256)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<a.count { counts[abs(Int(a[index]) - Int(b[index]))] += 1 }
            }
        }
        return counts
    }
}
