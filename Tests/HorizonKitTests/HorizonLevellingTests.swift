import CoreTypes
import Foundation
import Horizon
import HorizonKit
import ImageTestSupport
import TestSupport
import Testing
import Vips

/// `--fix` geometry through libvips: where pixels land, what is kept, what is not invented.
@Suite(.tags(.fast)) struct HorizonLevellingTests {
    /// libvips puts pixel centres at integers, this module at +0.5: the restated parameters must
    /// send pixel (i, j) to the same place.
    @Test func vipsParametersAgreeWithTheTransform() {
        let levelling = Levelling(width: 4000, height: 3000, angleDegrees: -4.2)
        let v = levelling.vipsAffine
        for (i, j) in [(0.0, 0.0), (3999.0, 0.0), (1234.0, 2345.0)] {
            let x = v.matrix[0] * (i + v.idx) + v.matrix[1] * (j + v.idy) + v.odx
            let y = v.matrix[2] * (i + v.idx) + v.matrix[3] * (j + v.idy) + v.ody
            let ours = levelling.transform.apply(ImagePoint(x: i + 0.5, y: j + 0.5))
            #expect(abs(x - (ours.x - 0.5)) < 1e-9 && abs(y - (ours.y - 0.5)) < 1e-9)
        }
    }

    /// libvips `affine` with `Levelling.vipsAffine` sends every pixel where `Levelling.transform`
    /// says, to a few hundredths of a pixel: a one-pixel dot's centroid is measured after the turn.
    @Test(arguments: [-7.0, 2.5, 13])
    func dotLandsWhereTheTransformSays(angle: Double) throws {
        let width = 120, height = 80
        for (i, j) in [(10, 10), (100, 40), (60, 70)] {
            var pixels = [UInt8](repeating: 0, count: width * height)
            pixels[j * width + i] = 255
            let dot = try Image(bytes: pixels, width: width, height: height, bands: 1).cast(.float)
            let levelling = Levelling(width: width, height: height, angleDegrees: angle, crop: .none)
            let v = levelling.vipsAffine
            let canvasWidth = Int(levelling.canvasWidth.rounded(.up)),
                canvasHeight = Int(levelling.canvasHeight.rounded(.up))
            let out = try dot.affine(
                v.matrix, outputArea: [0, 0, canvasWidth, canvasHeight], odx: v.odx, ody: v.ody,
                interpolate: .bilinear
            ).floats()
            var sum = 0.0, sx = 0.0, sy = 0.0
            for y in 0..<canvasHeight {
                for x in 0..<canvasWidth where out[y * canvasWidth + x] > 0 {
                    let w = Double(out[y * canvasWidth + x])
                    sum += w; sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5)
                }
            }
            let expected = levelling.transform.apply(ImagePoint(x: Double(i) + 0.5, y: Double(j) + 0.5))
            // Interpolation moves a dot's centroid by a few hundredths; a half-pixel convention
            // error would move it by 0.5.
            #expect(
                abs(sx / sum - expected.x) < 0.05 && abs(sy / sum - expected.y) < 0.05,
                "dot (\(i), \(j)) at \(angle)°: landed at (\(sx / sum), \(sy / sum)), expected (\(expected.x), \(expected.y))"
            )
        }
    }

    /// A boundary drawn rising by `angle` comes out level from the product's leveller, and at the
    /// row the transform predicts.
    @Test(arguments: [3.0, -6.0])
    func drawnLineComesOutLevel(angle: Double) throws {
        let picture = try HorizonTestImages.drawnSlope(width: 800, height: 500, degrees: angle)
        let leveller = HorizonLeveller(crop: .aspect)
        let plan = leveller.plan(width: 800, height: 500, angleDegrees: angle)
        let levelled = try leveller.level(picture, angleDegrees: angle)
        #expect(levelled.width == Int(plan.crop.width) && levelled.height == Int(plan.crop.height))
        let pixels = try levelled.bytes()
        let rows = [20, levelled.width / 2, levelled.width - 21].map {
            HorizonTestImages.boundaryRow(
                in: pixels, width: levelled.width, height: levelled.height, column: $0, sky: 200, ground: 70)
        }
        #expect(abs(rows[0] - rows[2]) < 0.15, "boundary rows \(rows)")
        // The boundary passed through the picture's centre, which lands on the canvas centre.
        let predicted = plan.levelling.canvasHeight / 2 - plan.crop.y
        #expect(abs(rows[1] - predicted) < 0.15, "boundary at \(rows[1]), predicted \(predicted)")
    }

    /// Every output pixel of a flat picture keeps its value: no black wedges, no dark rims.
    @Test(arguments: [CropMode.aspect, .maxArea], [7.0, -0.3, 14])
    func noWedgesOrRims(mode: CropMode, angle: Double) throws {
        let flat = try Image(bytes: [UInt8](repeating: 180, count: 600 * 400 * 3), width: 600, height: 400, bands: 3)
        let levelled = try HorizonLeveller(crop: mode).level(flat, angleDegrees: angle)
        let pixels = try levelled.bytes()
        #expect(
            pixels.min()! >= 178 && pixels.max()! <= 182, "\(mode) \(angle)°: values \(pixels.min()!)…\(pixels.max()!)")
    }

    /// The kept rectangle is the closed-form optimum, one pixel in from each side and rounded inward,
    /// and `--crop none` keeps the whole canvas with the background in the corners.
    @Test func outputSizes() throws {
        let (w, h, angle) = (3000.0, 2000.0, 5.0)
        let s = sin(angle * .pi / 180), c = cos(angle * .pi / 180)
        let k = min(w / (w * c + h * s), h / (w * s + h * c))
        let aspect = HorizonLeveller(crop: .aspect).plan(width: 3000, height: 2000, angleDegrees: angle).crop
        #expect(k * w - aspect.width >= 2 && k * w - aspect.width <= 4, "\(aspect.width) for \(k * w)")
        #expect(k * h - aspect.height >= 2 && k * h - aspect.height <= 4, "\(aspect.height) for \(k * h)")
        let maxArea = HorizonLeveller(crop: .maxArea).plan(width: 3000, height: 2000, angleDegrees: angle).crop
        let exact = ((w * c - h * s) / (c * c - s * s), (h * c - w * s) / (c * c - s * s))
        #expect(exact.0 - maxArea.width >= 2 && exact.0 - maxArea.width <= 4, "\(maxArea.width) for \(exact.0)")
        #expect(exact.1 - maxArea.height >= 2 && exact.1 - maxArea.height <= 4, "\(maxArea.height) for \(exact.1)")
        #expect(maxArea.area > aspect.area)

        let small = try Image(bytes: [UInt8](repeating: 180, count: 300 * 200), width: 300, height: 200, bands: 1)
        let whole = try HorizonLeveller(crop: .none, background: .white).level(small, angleDegrees: angle)
        #expect(
            whole.width == Int((300 * c + 200 * s).rounded(.up))
                && whole.height == Int((300 * s + 200 * c).rounded(.up)))
        let pixels = try whole.bytes()
        #expect(pixels[0] == 255 && pixels[pixels.count / 2 + whole.width / 2] == 180)
    }

    /// A straightened photo re-detects level.
    @Test(arguments: [("horizon-lake.jpg", 6.0), ("horizon-portrait.jpg", -9.0)])
    func levelledPhotoReadsLevel(asset: String, tilt: Double) throws {
        let tilted = try HorizonTestImages.tilted(asset, by: tilt)
        let estimator = HorizonEstimator()
        let first = try #require(try HorizonDetector.detect(image: tilted, estimator: estimator).estimate)
        let fixed = try HorizonLeveller().level(tilted, angleDegrees: first.angleDegrees).copiedToMemory()
        let again = try #require(try HorizonDetector.detect(image: fixed, estimator: estimator).estimate)
        #expect(abs(again.angleDegrees) < 0.3, "\(asset): \(again.angleDegrees)° after fixing \(first.angleDegrees)°")
    }

    @Test func jpegQualityIsReadFromTheTables() throws {
        let (folder, cleanUp) = try HorizonTestImages.folder()
        defer { cleanUp() }
        let picture = try Image.load(Fixtures.asset("horizon-lake.jpg"))
        for quality in [35, 72, 85, 97] {
            let path = folder.appendingPathComponent("q\(quality).jpg").path
            try picture.save(to: path, options: "[Q=\(quality)]")
            #expect(JPEGQuality.estimate(path: path) == quality)
        }
        #expect(JPEGQuality.estimate(path: Fixtures.asset("screenshot-text.png")) == nil)
    }
}
