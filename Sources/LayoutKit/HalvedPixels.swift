/// The exact 2 × 2 box average of packed 8-bit pixels (a partial block at the right or bottom edge
/// averages what is there), for the reader's normal set from its sharp one: done here on the bytes
/// already in hand, it costs far less than a libvips pipeline per page.
enum HalvedPixels {
    static func halve(
        _ pixels: [UInt8], width: Int, height: Int, bands: Int
    ) -> (pixels: [UInt8], width: Int, height: Int) {
        let outWidth = (width + 1) / 2, outHeight = (height + 1) / 2
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * bands)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                // `while` loops: this runs for every pixel of every page (see CairoPixels).
                var y = 0
                while y < outHeight {
                    let row0 = 2 * y * width * bands
                    let row1 = min(2 * y + 1, height - 1) * width * bands
                    let rows = 2 * y + 1 < height ? 2 : 1
                    var x = 0
                    while x < outWidth {
                        let x0 = 2 * x * bands, x1 = min(2 * x + 1, width - 1) * bands
                        let columns = 2 * x + 1 < width ? 2 : 1
                        let count = rows * columns
                        var band = 0
                        while band < bands {
                            var sum = Int(source[row0 + x0 + band])
                            if columns == 2 { sum += Int(source[row0 + x1 + band]) }
                            if rows == 2 {
                                sum += Int(source[row1 + x0 + band])
                                if columns == 2 { sum += Int(source[row1 + x1 + band]) }
                            }
                            target[(y * outWidth + x) * bands + band] = UInt8((sum + count / 2) / count)
                            band += 1
                        }
                        x += 1
                    }
                    y += 1
                }
            }
        }
        return (out, outWidth, outHeight)
    }
}
