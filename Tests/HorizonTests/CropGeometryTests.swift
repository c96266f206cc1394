import Horizon
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kept rectangle after levelling: inside the turned picture, and as large as possible.
@Suite(.tags(.fast)) struct CropGeometryTests {
    static let sizes: [(width: Double, height: Double)] = [
        (3000, 2000), (2000, 3000), (1920, 1080), (1000, 1000), (4000, 1000), (1000, 4000), (640, 427),
    ]
    static let angles: [Double] = [-30, -15, -5, -2, -0.5, 0, 0.3, 2, 5, 12, 30, 44]

    /// Whether a centred w×h rectangle fits in a W×H picture turned by `angle` — derived here
    /// independently of the code under test: a corner (±w/2, ±h/2), turned back, must satisfy
    /// |x| ≤ W/2 and |y| ≤ H/2, and the worst corners give these two sums.
    static func fits(_ w: Double, _ h: Double, in width: Double, _ height: Double, angle: Double) -> Bool {
        let s = abs(sin(angle * .pi / 180)), c = abs(cos(angle * .pi / 180))
        let slack = 1e-9 * max(width, height)
        return w * c + h * s <= width + slack && w * s + h * c <= height + slack
    }

    /// Corners of `rect` (levelled canvas) taken back to the source picture with the levelling
    /// transform must all land inside it.
    static func cornersInside(_ levelling: Levelling, _ rect: CropRect) -> Bool {
        guard let back = levelling.transform.inverted() else { return false }
        let slack = 1e-9 * max(levelling.sourceWidth, levelling.sourceHeight)
        return rect.corners.allSatisfy { corner in
            let p = back.apply(corner)
            return p.x >= -slack && p.x <= levelling.sourceWidth + slack
                && p.y >= -slack && p.y <= levelling.sourceHeight + slack
        }
    }

    /// Figures from the shared note for a 3:2 photo.
    @Test(arguments: [(2.0, 0.904, 0.929), (5.0, 0.787, 0.837), (-2.0, 0.904, 0.929)])
    func keptShareOfA3x2Photo(angle: Double, sameAspect: Double, maxArea: Double) {
        let (w, h) = (3000.0, 2000.0)
        let aspect = CropRect.sameAspect(width: w, height: h, angleDegrees: angle)
        let largest = CropRect.maxArea(width: w, height: h, angleDegrees: angle)
        #expect(abs(aspect.area / (w * h) - sameAspect) < 0.0005, "same aspect keeps \(aspect.area / (w * h))")
        #expect(abs(largest.area / (w * h) - maxArea) < 0.0005, "max area keeps \(largest.area / (w * h))")
    }

    @Test func cropsLieInsideTheTurnedPicture() {
        for size in Self.sizes {
            for angle in Self.angles {
                let levelling = Levelling(width: size.width, height: size.height, angleDegrees: angle)
                for mode in [CropMode.aspect, .maxArea] {
                    let rect = CropRect.make(mode, width: size.width, height: size.height, angleDegrees: angle)
                    #expect(Self.cornersInside(levelling, rect), "\(mode) \(size) at \(angle)°")
                    #expect(Self.fits(rect.width, rect.height, in: size.width, size.height, angle: angle))
                    // Centred on the canvas, where the picture's centre lands.
                    #expect(abs(rect.x + rect.width / 2 - levelling.canvasWidth / 2) < 1e-9 * size.width)
                    #expect(abs(rect.y + rect.height / 2 - levelling.canvasHeight / 2) < 1e-9 * size.height)
                }
            }
        }
    }

    /// Same aspect: the picture's proportions, and no room to grow (1 ppm larger no longer fits).
    @Test func sameAspectIsTightAndKeepsProportions() {
        for size in Self.sizes {
            for angle in Self.angles {
                let rect = CropRect.sameAspect(width: size.width, height: size.height, angleDegrees: angle)
                #expect(abs(rect.width / rect.height - size.width / size.height) < 1e-12 * size.width)
                let grown = 1 + 1e-6
                #expect(
                    !Self.fits(
                        rect.width * grown, rect.height * grown, in: size.width, size.height,
                        angle: angle))
                let s = abs(sin(angle * .pi / 180)), c = abs(cos(angle * .pi / 180))
                let k = min(
                    size.width / (size.width * c + size.height * s),
                    size.height / (size.width * s + size.height * c))
                #expect(abs(rect.area - k * k * size.width * size.height) < 1e-9 * rect.area)
            }
        }
    }

    /// Max area: equal to the closed form, at least the same-aspect area, and no rectangle of any
    /// aspect ratio is larger (brute force over ratios; the best rectangle of a given ratio in a
    /// centrally symmetric convex region can be taken centred).
    @Test func maxAreaBeatsEveryAspectRatio() {
        for size in Self.sizes {
            for angle in Self.angles {
                let (W, H) = (size.width, size.height)
                let rect = CropRect.maxArea(width: W, height: H, angleDegrees: angle)
                #expect(rect.area >= CropRect.sameAspect(width: W, height: H, angleDegrees: angle).area * (1 - 1e-12))
                let s = abs(sin(angle * .pi / 180)), c = abs(cos(angle * .pi / 180))
                func best(ratio r: Double) -> Double {  // largest centred rectangle of width/height r
                    let h = min(W / (r * c + s), H / (r * s + c))
                    return r * h * h
                }
                var bruteBest = 0.0, bestRatio = 1.0
                for i in 0...4000 {
                    let r = exp(log(0.02) + Double(i) / 4000 * (log(50) - log(0.02)))
                    if best(ratio: r) > bruteBest { bruteBest = best(ratio: r); bestRatio = r }
                }
                // Polish the grid optimum by golden-section search on log ratio.
                var lo = log(bestRatio) - 0.01, hi = log(bestRatio) + 0.01
                for _ in 0..<100 {
                    let m1 = lo + 0.382 * (hi - lo), m2 = lo + 0.618 * (hi - lo)
                    if best(ratio: exp(m1)) < best(ratio: exp(m2)) { lo = m1 } else { hi = m2 }
                }
                bruteBest = max(bruteBest, best(ratio: exp((lo + hi) / 2)))
                #expect(
                    bruteBest <= rect.area * (1 + 1e-9),
                    "\(size) at \(angle)°: brute force found \(bruteBest) > \(rect.area)")
                #expect(
                    bruteBest >= rect.area * (1 - 1e-9),
                    "\(size) at \(angle)°: closed form \(rect.area) not attained")
            }
        }
    }

    @Test func noCropKeepsTheWholeCanvas() {
        for angle in Self.angles {
            let levelling = Levelling(width: 3000, height: 2000, angleDegrees: angle, crop: .none)
            let canvas = CropRect(x: 0, y: 0, width: levelling.canvasWidth, height: levelling.canvasHeight)
            #expect(levelling.crop == canvas)
            #expect(levelling.crop.area >= 3000 * 2000 * (1 - 1e-12))
        }
    }

    @Test func levelPictureKeepsEverything() {
        for mode in CropMode.allCases {
            let levelling = Levelling(width: 1200, height: 800, angleDegrees: 0, crop: mode)
            #expect(levelling.crop == CropRect(x: 0, y: 0, width: 1200, height: 800))
            #expect(levelling.transform == .identity)
        }
    }

    @Test func roundingInwardStaysInside() {
        for angle in [-7.3, 0.4, 2, 13] {
            let exact = CropRect.sameAspect(width: 3000, height: 2000, angleDegrees: angle)
            for inset in [0.0, 1.5] {
                let whole = exact.roundedInward(inset: inset)
                for value in [whole.x, whole.y, whole.width, whole.height] { #expect(value == value.rounded()) }
                #expect(whole.x >= exact.x + inset - 1e-9 && whole.y >= exact.y + inset - 1e-9)
                #expect(whole.x + whole.width <= exact.x + exact.width - inset + 1e-9)
                #expect(whole.y + whole.height <= exact.y + exact.height - inset + 1e-9)
                #expect(whole.width >= exact.width - 2 * inset - 2 && whole.height >= exact.height - 2 * inset - 2)
            }
        }
    }
}
