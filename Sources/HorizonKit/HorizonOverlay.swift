import Horizon
import Vips

/// `--overlay`: the picture (8-bit sRGB, as displayed) with the detected horizon drawn across it.
///
/// The line is computed, not drawn: each pixel's distance to the line comes from a coordinate
/// image, and a one-pixel ramp at the line's edge anti-aliases it. libvips' draw operations would
/// mutate a shared image; this stays a lazy, thread-safe pipeline.
public enum HorizonOverlay {
    /// Red for a horizon found; amber for the best guess of a picture where none was found.
    public static let foundColour: [Double] = [255, 32, 32]
    public static let rejectedColour: [Double] = [255, 191, 0]

    public static func render(_ image: Image, line: LineSegment?, found: Bool) throws(VipsError) -> Image {
        let picture = try displayed(image)
        guard let line else { return picture }

        let dx = line.end.x - line.start.x, dy = line.end.y - line.start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return picture }
        // Unit normal n; distance of pixel centre (x + ½, y + ½) = n·(x, y) + n·(½, ½) − n·start.
        let nx = -dy / length, ny = dx / length
        let offset = 0.5 * (nx + ny) - (nx * line.start.x + ny * line.start.y)
        let halfWidth = max(1.0, Double(max(picture.width, picture.height)) / 600)

        let xy = try Image.coordinates(width: picture.width, height: picture.height)
        let distance = try xy.recomb(try Image.matrix(width: 2, height: 1, values: [nx, ny]))
            .linear([1], [offset]).abs()
        // 1 inside the stroke, 0 beyond it, a one-pixel ramp between.
        let weight = try distance.linear([-1], [halfWidth + 0.5]).clamped(low: 0, high: 1)
        let colour = try picture.linear([0, 0, 0], found ? foundColour : rejectedColour)
        return try picture.cast(.float).blended(with: colour, weight: weight).cast(.uchar)
    }

    /// The picture as a screen shows it: 8-bit sRGB, transparency over white.
    static func displayed(_ image: Image) throws(VipsError) -> Image {
        var picture = image.hasAlpha ? try image.flatten(background: [255]) : image
        if picture.interpretation != .srgb || picture.bands != 3 {
            picture = try picture.colourspace(.srgb)
        }
        return try picture.cast(.uchar)
    }
}
