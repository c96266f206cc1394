import Horizon
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 2×3 affine that levels a picture: source pixels → levelled canvas.
@Suite(.tags(.fast)) struct LevellingTransformTests {
    static let angles: [Double] = [-25, -5, -0.7, 0.7, 2, 5, 25]

    /// The picture's corners land on the canvas border, one on each side, and span it exactly.
    @Test(arguments: angles)
    func cornersTouchEverySideOfTheCanvas(angle: Double) {
        let levelling = Levelling(width: 3000, height: 2000, angleDegrees: angle)
        let corners = [
            ImagePoint(x: 0, y: 0), ImagePoint(x: 3000, y: 0),
            ImagePoint(x: 3000, y: 2000), ImagePoint(x: 0, y: 2000),
        ].map(levelling.transform.apply)
        let eps = 1e-9
        #expect(abs(corners.map(\.x).min()!) < eps * 3000)
        #expect(abs(corners.map(\.y).min()!) < eps * 3000)
        #expect(abs(corners.map(\.x).max()! - levelling.canvasWidth) < eps * 3000)
        #expect(abs(corners.map(\.y).max()! - levelling.canvasHeight) < eps * 3000)
        // Turning preserves the sides' lengths.
        let side = hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y)
        #expect(abs(side - 3000) < 1e-9 * 3000)
    }

    /// A horizon at the detected tilt comes out level, and a positive tilt is turned clockwise.
    @Test(arguments: angles)
    func horizonComesOutLevel(angle: Double) {
        let levelling = Levelling(width: 1024, height: 683, angleDegrees: angle)
        let t = angle * .pi / 180
        // Two points on a line rising to the right by `angle` (y grows downward).
        let left = ImagePoint(x: 100, y: 400), right = ImagePoint(x: 900, y: 400 - 800 * tan(t))
        let a = levelling.transform.apply(left), b = levelling.transform.apply(right)
        #expect(abs(a.y - b.y) < 1e-9 * 1024)
        #expect(b.x > a.x)
        // Clockwise on screen for positive angles: the middle of the right edge moves down.
        let rightMiddle = levelling.transform.apply(ImagePoint(x: 1024, y: 341.5))
        #expect((rightMiddle.y - levelling.canvasHeight / 2).sign == (angle > 0 ? .plus : .minus))
        // The picture's centre is the canvas's centre, and the crop's.
        let centre = levelling.transform.apply(ImagePoint(x: 512, y: 341.5))
        #expect(abs(centre.x - levelling.canvasWidth / 2) < 1e-9 && abs(centre.y - levelling.canvasHeight / 2) < 1e-9)
        #expect(abs(levelling.crop.x + levelling.crop.width / 2 - centre.x) < 1e-9)
    }

    /// The same-aspect crop is tight: its corners, taken back to the source, lie inside it and at
    /// least one touches the border.
    @Test(arguments: angles)
    func cropCornersMapInsideTheSource(angle: Double) throws {
        for mode in [CropMode.aspect, .maxArea] {
            let levelling = Levelling(width: 3000, height: 2000, angleDegrees: angle, crop: mode)
            let back = try #require(levelling.transform.inverted())
            let points = levelling.crop.corners.map(back.apply)
            let margins = points.flatMap { [$0.x, 3000 - $0.x, $0.y, 2000 - $0.y] }
            #expect(margins.min()! > -1e-6, "\(mode): a corner falls outside by \(-margins.min()!)")
            #expect(margins.min()! < 1e-6, "\(mode): not tight, \(margins.min()!) px to spare")
        }
    }

    @Test func layoutMatchesCoreGraphics() {
        let t = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(t.components == [1, 2, 3, 4, 5, 6])
        #expect(t.apply(ImagePoint(x: 10, y: 100)) == ImagePoint(x: 1 * 10 + 3 * 100 + 5, y: 2 * 10 + 4 * 100 + 6))
        let levelling = Levelling(width: 640, height: 480, angleDegrees: 3)
        let rad = 3 * Double.pi / 180
        let c = levelling.transform.components
        #expect(abs(c[0] - cos(rad)) < 1e-15 && abs(c[1] - sin(rad)) < 1e-15)
        #expect(abs(c[2] + sin(rad)) < 1e-15 && abs(c[3] - cos(rad)) < 1e-15)
    }

    @Test(arguments: angles)
    func inverseUndoesTheTransform(angle: Double) throws {
        let transform = Levelling(width: 800, height: 600, angleDegrees: angle).transform
        let back = try #require(transform.inverted())
        for p in [ImagePoint(x: 0, y: 0), ImagePoint(x: 123.4, y: 567.8), ImagePoint(x: 800, y: 600)] {
            let q = back.apply(transform.apply(p))
            #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
        }
    }

    /// Detect on a thumbnail, level the original: the angle carries over and the crop keeps the
    /// same share of the picture at any size.
    @Test func thumbnailEstimateLevelsTheOriginal() throws {
        let estimate = try #require(HorizonEstimator().estimate(Scene.seascape(tilt: 3.2).edgeMap()))
        let full = estimate.scaled(toWidth: 6000, height: 4003)
        let small = Levelling(width: 640, height: 427, angleDegrees: estimate.angleDegrees)
        let large = Levelling(width: 6000, height: 4003, angleDegrees: full.angleDegrees)
        #expect(abs(small.crop.area / (640 * 427) - large.crop.area / (6000 * 4003)) < 1e-3)
        // The scaled horizon line comes out level in the full-size levelled canvas.
        let a = large.transform.apply(full.line.start), b = large.transform.apply(full.line.end)
        #expect(abs(a.y - b.y) < 0.01 * 6000 / 640)
    }
}
