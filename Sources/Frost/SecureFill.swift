/// The pixels a secure frost is made from: every pixel inside the hidden area replaced by values
/// computed only from pixels outside it, so that nothing inside can change the output.
///
/// Each inside pixel takes the nearest outside pixels in its row (left and right) and its column
/// (above and below), weighted by the inverse of their distance: the border ring drawn inward,
/// which the blur then softens. A pixel with no outside pixel in its row or column takes the mean
/// of all outside pixels (mid-grey when the whole image is hidden).
public enum SecureFill {
    /// `pixels`: width × height × bands bytes, band-interleaved; `inside`: width × height flags.
    /// Returns the filled copy (outside pixels unchanged). Memory beyond the copy is proportional
    /// to the hidden area: sums are kept for inside pixels only, numbered in row order.
    public static func filled(_ pixels: [UInt8], width: Int, height: Int, bands: Int, inside: [Bool]) -> [UInt8] {
        precondition(pixels.count == width * height * bands && inside.count == width * height)
        let hiddenCount = inside.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard hiddenCount > 0 else { return pixels }
        var result = pixels
        let mean = outsideMean(pixels, bands: bands, inside: inside)
        var sums = [Float](repeating: 0, count: hiddenCount * bands)
        var weights = [Float](repeating: 0, count: hiddenCount)
        pixels.withUnsafeBufferPointer { source in
            inside.withUnsafeBufferPointer { hidden in
                sums.withUnsafeMutableBufferPointer { sum in
                    weights.withUnsafeMutableBufferPointer { weight in
                        func add(_ slot: Int, from neighbour: Int, distance: Int) {
                            let w = 1 / Float(distance)
                            weight[slot] += w
                            for band in 0..<bands {
                                sum[slot * bands + band] += w * Float(source[neighbour * bands + band])
                            }
                        }
                        // Top to bottom: the nearest outside pixels left and right (each run of
                        // hidden pixels in a row shares them) and above (kept per column).
                        var above = [Int](repeating: -1, count: width)
                        var slot = 0
                        for y in 0..<height {
                            let row = y * width
                            var x = 0
                            while x < width {
                                guard hidden[row + x] else {
                                    above[x] = y
                                    x += 1
                                    continue
                                }
                                var end = x
                                while end < width && hidden[row + end] { end += 1 }
                                for column in x..<end {
                                    if x > 0 { add(slot, from: row + x - 1, distance: column - x + 1) }
                                    if end < width { add(slot, from: row + end, distance: end - column) }
                                    if above[column] >= 0 {
                                        add(slot, from: above[column] * width + column, distance: y - above[column])
                                    }
                                    slot += 1
                                }
                                x = end
                            }
                        }
                        // Bottom to top, right to left (the slots in reverse): the nearest below.
                        var below = [Int](repeating: -1, count: width)
                        slot = hiddenCount - 1
                        for y in stride(from: height - 1, through: 0, by: -1) {
                            let row = y * width
                            for x in stride(from: width - 1, through: 0, by: -1) {
                                guard hidden[row + x] else {
                                    below[x] = y
                                    continue
                                }
                                if below[x] >= 0 { add(slot, from: below[x] * width + x, distance: below[x] - y) }
                                slot -= 1
                            }
                        }
                    }
                }
            }
        }
        var slot = 0
        for index in 0..<(width * height) where inside[index] {
            for band in 0..<bands {
                let value = weights[slot] > 0 ? Double(sums[slot * bands + band] / weights[slot]) : mean[band]
                result[index * bands + band] = UInt8(max(0, min(255, value.rounded())))
            }
            slot += 1
        }
        return result
    }

    /// The mean of each band over the pixels outside (128 when there are none).
    public static func outsideMean(_ pixels: [UInt8], bands: Int, inside: [Bool]) -> [Double] {
        var sums = [Double](repeating: 0, count: bands)
        var outside = 0
        for index in inside.indices where !inside[index] {
            outside += 1
            for band in 0..<bands { sums[band] += Double(pixels[index * bands + band]) }
        }
        return sums.map { outside > 0 ? $0 / Double(outside) : 128 }
    }

    /// The mean of each band over the pixels of `region` in an image already `filled` (so made
    /// from outside pixels only): the colour an average cover paints.
    public static func mean(of region: Region, in filled: [UInt8], width: Int, bands: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: bands)
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                for band in 0..<bands { sums[band] += Double(filled[(y * width + x) * bands + band]) }
            }
        }
        let area = Double(region.width * region.height)
        return sums.map { $0 / area }
    }

    /// width × height flags, true inside any of `regions` (already clipped to the image).
    public static func insideFlags(_ regions: [Region], width: Int, height: Int) -> [Bool] {
        var flags = [Bool](repeating: false, count: width * height)
        for region in regions {
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) { flags[y * width + x] = true }
            }
        }
        return flags
    }
}
