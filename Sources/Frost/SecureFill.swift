/// The pixels a secure frost is made from: every pixel inside the hidden area replaced by values
/// computed only from pixels outside it, so that nothing inside can change the output.
///
/// Each inside pixel takes the nearest outside pixels in its row (left and right) and its column
/// (above and below), weighted by the inverse of their distance: the border ring drawn inward,
/// which the blur then softens. A pixel with no outside pixel in its row or column takes the mean
/// of all outside pixels (mid-grey when the whole image is hidden).
public enum SecureFill {
    /// `pixels`: width × height × bands bytes, band-interleaved; `inside`: width × height flags.
    /// Returns the filled copy (outside pixels unchanged).
    public static func filled(_ pixels: [UInt8], width: Int, height: Int, bands: Int, inside: [Bool]) -> [UInt8] {
        precondition(pixels.count == width * height * bands && inside.count == width * height)
        var result = pixels
        let mean = outsideMean(pixels, bands: bands, inside: inside)
        // Per pixel: the nearest outside neighbour in each direction (index) and its distance.
        let count = width * height
        var sums = [Float](repeating: 0, count: count * bands)
        var weights = [Float](repeating: 0, count: count)
        pixels.withUnsafeBufferPointer { source in
            inside.withUnsafeBufferPointer { hidden in
                sums.withUnsafeMutableBufferPointer { sum in
                    weights.withUnsafeMutableBufferPointer { weight in
                        func add(_ target: Int, from neighbour: Int, distance: Int) {
                            let w = 1 / Float(distance)
                            weight[target] += w
                            for band in 0..<bands { sum[target * bands + band] += w * Float(source[neighbour * bands + band]) }
                        }
                        for y in 0..<height {
                            let row = y * width
                            var last = -1
                            for x in 0..<width {
                                if !hidden[row + x] { last = x } else if last >= 0 { add(row + x, from: row + last, distance: x - last) }
                            }
                            last = -1
                            for x in stride(from: width - 1, through: 0, by: -1) {
                                if !hidden[row + x] { last = x } else if last >= 0 { add(row + x, from: row + last, distance: last - x) }
                            }
                        }
                        for x in 0..<width {
                            var last = -1
                            for y in 0..<height {
                                if !hidden[y * width + x] { last = y } else if last >= 0 {
                                    add(y * width + x, from: last * width + x, distance: y - last)
                                }
                            }
                            last = -1
                            for y in stride(from: height - 1, through: 0, by: -1) {
                                if !hidden[y * width + x] { last = y } else if last >= 0 {
                                    add(y * width + x, from: last * width + x, distance: last - y)
                                }
                            }
                        }
                    }
                }
            }
        }
        for index in 0..<count where inside[index] {
            for band in 0..<bands {
                let value = weights[index] > 0 ? Double(sums[index * bands + band] / weights[index]) : mean[band]
                result[index * bands + band] = UInt8(max(0, min(255, value.rounded())))
            }
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
