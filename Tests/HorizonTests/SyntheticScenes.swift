import Horizon
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An anti-aliased rectangle of uniform grey. Half-planes are rectangles far larger than the picture.
/// `angle` is its tilt in degrees, counter-clockwise on screen (direction (cos a, −sin a), y down);
/// `centre` is relative to the picture's centre.
struct Shape {
    let value: Float
    let centreX: Double
    let centreY: Double
    let angle: Double
    let halfLength: Double
    let halfThickness: Double
    /// Drawn on the picture as shot instead of on the level scene (so the scene's tilt ignores it).
    var fixedToPicture: Bool
    private let cosine: Double
    private let sine: Double

    init(
        value: Float, centreX: Double, centreY: Double, angle: Double, halfLength: Double,
        halfThickness: Double, fixedToPicture: Bool = false
    ) {
        self.value = value
        self.centreX = centreX
        self.centreY = centreY
        self.angle = angle
        self.halfLength = halfLength
        self.halfThickness = halfThickness
        self.fixedToPicture = fixedToPicture
        cosine = cos(angle / 180 * .pi)
        sine = sin(angle / 180 * .pi)
    }

    /// Everything below a line through (0, y) of the level scene (a sea under a sky).
    static func below(y: Double, value: Float, angle: Double = 0, fixedToPicture: Bool = false) -> Shape {
        let big = 1e5
        let a = angle / 180 * .pi
        // Move the centre `big` along the downward normal (sin a, cos a) from (0, y).
        return Shape(
            value: value, centreX: big * sin(a), centreY: y + big * cos(a), angle: angle,
            halfLength: big, halfThickness: big, fixedToPicture: fixedToPicture)
    }

    /// Fraction of the pixel centred on `point` that the shape covers (box-filtered edge).
    func coverage(_ x: Double, _ y: Double) -> Float {
        let dx = x - centreX, dy = y - centreY
        let u = dx * cosine - dy * sine
        let v = dx * sine + dy * cosine
        let along = min(max(0.5 + halfLength - abs(u), 0), 1)
        let across = min(max(0.5 + halfThickness - abs(v), 0), 1)
        return Float(along * across)
    }
}

extension SplitMix64 {
    /// Uniform in [−1, 1).
    mutating func signedUnit() -> Float { Float(next() >> 40) / Float(1 << 23) - 1 }
}

/// A level scene shown turned counter-clockwise by `tilt` degrees, i.e. its horizon rises to the
/// right by `tilt`: the pixel at p (relative to the centre) shows the scene point p turned
/// clockwise by `tilt`.
struct Scene {
    var width: Int
    var height: Int
    var tilt: Double = 0
    var background: Float = 200
    var shapes: [Shape] = []
    /// Uniform per-pixel noise of this amplitude (grey levels), before the blur.
    var noise: Float = 0
    var seed: UInt64 = 1

    func luminance() -> [Float] {
        var pixels = [Float](repeating: background, count: width * height)
        let t = tilt / 180 * .pi
        let c = cos(t), s = sin(t)
        let cx = Double(width) / 2, cy = Double(height) / 2
        for j in 0..<height {
            for i in 0..<width {
                let px = Double(i) + 0.5 - cx, py = Double(j) + 0.5 - cy
                let qx = c * px - s * py, qy = s * px + c * py
                var value = background
                for shape in shapes {
                    let k = shape.fixedToPicture ? shape.coverage(px, py) : shape.coverage(qx, qy)
                    if k > 0 { value += (shape.value - value) * k }
                }
                pixels[j * width + i] = value
            }
        }
        if noise > 0 {
            var random = SplitMix64(state: seed)
            for i in pixels.indices { pixels[i] += noise * random.signedUnit() }
        }
        return pixels
    }

    func edgeMap(blurSigma: Double = 1) -> EdgeMap {
        EdgeMap(luminance: luminance(), width: width, height: height, blurSigma: blurSigma)
    }

    /// Bright sky above, darker sea below a horizon `offset` pixels below the centre.
    static func seascape(
        width: Int = 640, height: Int = 427, tilt: Double, offset: Double = 30,
        sky: Float = 200, sea: Float = 80
    ) -> Scene {
        Scene(
            width: width, height: height, tilt: tilt, background: sky,
            shapes: [.below(y: offset, value: sea)])
    }
}
