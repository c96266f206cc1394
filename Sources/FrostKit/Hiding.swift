import Frost
import Vips

/// Where to hide: rectangles (given, or text found) or a mask image (white hides).
public enum HiddenArea {
    case regions([Region])
    /// A one-band 8-bit mask the size of the image (`FrostRenderer.preparedMask`).
    case mask(Image)
}

/// How to hide: frosted (obscures), and from which pixels, or covered (redacts).
public struct Hiding: Sendable {
    /// Make the frosted look only from pixels outside the hidden area (`SecureFill`): no pixel
    /// inside can change the output.
    public var secure: Bool
    /// An opaque cover instead of frost.
    public var cover: CoverChoice?

    public init(secure: Bool, cover: CoverChoice? = nil) {
        self.secure = secure
        self.cover = cover
    }
}

extension FrostRenderer {
    /// `original` (a `normalised` image, decoded in memory) with `area` hidden. Outside the area
    /// every pixel is the original's. Inside it:
    /// - frost, not secure: the frosted image of the whole original (as `inRegions`/`masked`);
    /// - frost, secure: the frosted image of the `SecureFill` copy, in which every inside pixel is
    ///   made from outside pixels only (with a mask: any pixel not black is inside, and grey
    ///   blends the frost with the filled copy, not with the original);
    /// - cover: the colour, or each region's average of the filled copy (so from outside only);
    ///   with a mask, any pixel not black is covered, hard-edged.
    public static func hidden(
        _ original: Image, area: HiddenArea, hiding: Hiding, effect: FrostEffect, scale: Double,
        exact: Bool
    ) throws(VipsError) -> Image {
        let width = original.width, height = original.height, bands = original.bands
        let needsFill = hiding.secure || hiding.cover == .average
        var inside: [Bool] = []
        var maskImage: Image?
        switch area {
        case .regions(let regions):
            if regions.isEmpty { return original }
            if needsFill { inside = SecureFill.insideFlags(regions, width: width, height: height) }
        case .mask(let mask):
            maskImage = mask
            if needsFill { inside = try mask.bytes().map { $0 > 0 } }
        }
        var source = original
        var filled: [UInt8] = []
        if needsFill {
            filled = SecureFill.filled(try original.bytes(), width: width, height: height, bands: bands, inside: inside)
            source = try Image(bytes: filled, width: width, height: height, bands: bands)
                .interpreted(as: original.interpretation)
        }
        if let cover = hiding.cover {
            return try covered(original, area: area, cover: cover, filled: filled, mask: maskImage)
        }
        let frosted = try frost(source, effect: effect, scale: scale, exact: exact)
        switch area {
        case .regions(let regions):
            return try inRegions(original: original, frosted: frosted, regions: regions)
        case .mask(let mask):
            return try masked(original: source, frosted: frosted, mask: mask)
        }
    }

    private static func covered(
        _ original: Image, area: HiddenArea, cover: CoverChoice, filled: [UInt8],
        mask: Image?
    ) throws(VipsError) -> Image {
        let bands = original.bands
        func paint(_ values: [Double]) -> [Double] {
            // Opaque: alpha, when there is a band for it, is 255.
            bands == 4 ? Array(values.prefix(3)) + [255] : Array(values.prefix(bands))
        }
        switch area {
        case .regions(let regions):
            var result = original
            for region in regions {
                let colour: [Double]
                switch cover {
                case .colour(let chosen): colour = chosen.bytes()
                case .average:
                    colour = SecureFill.mean(of: region, in: filled, width: original.width, bands: bands).map {
                        $0.rounded()
                    }
                }
                let patch = try Image.constant(width: region.width, height: region.height, colour: paint(colour))
                result = try result.insert(patch.interpreted(as: original.interpretation), x: region.x, y: region.y)
            }
            return result
        case .mask(let mask):
            let colour: [Double]
            switch cover {
            case .colour(let chosen): colour = chosen.bytes()
            case .average:
                let flags = try mask.bytes().map { $0 > 0 }
                var sums = [Double](repeating: 0, count: bands)
                var count = 0
                for index in flags.indices where flags[index] {
                    count += 1
                    for band in 0..<bands { sums[band] += Double(filled[index * bands + band]) }
                }
                colour = sums.map { count > 0 ? ($0 / Double(count)).rounded() : 128 }
            }
            let plate = try Image.constant(width: original.width, height: original.height, colour: paint(colour))
                .interpreted(as: original.interpretation)
            return try mask.ifThenElse(plate, original)
        }
    }
}
