import Foundation
import Horizon
import TestSupport
import Vips

/// Pictures for the horizon tests, made in-process with libvips so the suite stays fast.
public enum HorizonTestImages {
    /// An Assets photo turned so that its (level) horizon rises to the right by `degrees`, then
    /// cropped to the centred same-aspect rectangle (minus a margin) so no wedge adds edges.
    /// libvips `similarity` turns clockwise for positive angles (checked by
    /// `HorizonSignTests.similarityTurnsClockwise`), so the turn is −degrees.
    public static func tilted(_ asset: String, by degrees: Double) throws -> Image {
        let original = try Image.load(Fixtures.asset(asset)).copiedToMemory()
        return try tilted(original, by: degrees)
    }

    public static func tilted(_ original: Image, by degrees: Double) throws -> Image {
        let turned = try Operation.call(
            "similarity",
            [
                ("in", .image(original)), ("angle", .double(-degrees)),
                ("interpolate", .object(try Interpolator.named(.bicubic))),
            ]
        ).image()
        let keep = CropRect.sameAspect(
            width: Double(original.width), height: Double(original.height),
            angleDegrees: degrees)
        let width = Int(keep.width) - 6, height = Int(keep.height) - 6
        return try turned.extractArea(
            x: (turned.width - width) / 2, y: (turned.height - height) / 2,
            width: width, height: height
        ).copiedToMemory()
    }

    /// A grey picture whose lower part is darker, the boundary through the centre rising to the
    /// right by `degrees` (drawn directly, anti-aliased): the sign reference.
    public static func drawnSlope(
        width: Int = 800, height: Int = 500, degrees: Double,
        sky: Double = 200, ground: Double = 70
    ) throws -> Image {
        let slope = tan(degrees * .pi / 180)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Boundary y at this column (y down, so rising to the right means y decreasing).
                let boundary = Double(height) / 2 - (Double(x) + 0.5 - Double(width) / 2) * slope
                let cover = min(max(Double(y) + 1 - boundary, 0), 1)  // share of the pixel below it
                pixels[y * width + x] = UInt8((sky + (ground - sky) * cover).rounded())
            }
        }
        return try Image(bytes: pixels, width: width, height: height, bands: 1)
    }

    /// Row (continuous, y down) of the dark-to-bright boundary in column `x` of a one-band image
    /// whose top is bright and bottom dark: the sum of the "darkness" above the flat sky level.
    public static func boundaryRow(
        in pixels: [UInt8], width: Int, height: Int, column x: Int,
        sky: Double, ground: Double
    ) -> Double {
        var darkRows = 0.0
        for y in 0..<height { darkRows += (sky - Double(pixels[y * width + x])) / (sky - ground) }
        return Double(height) - darkRows
    }

    /// A temporary folder removed when the returned closure runs.
    public static func folder() throws -> (URL, () -> Void) {
        let folder = try Fixtures.temporaryFolder()
        return (folder, { try? FileManager.default.removeItem(at: folder) })
    }
}
