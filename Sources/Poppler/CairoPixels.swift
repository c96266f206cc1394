import CPoppler

/// cairo stores pixels as native-endian 32-bit words 0xAARRGGBB with premultiplied alpha and
/// its own row stride; libvips wants packed R, G, B(, A) bytes with straight alpha.
enum CairoPixels {
    static func unpack(
        _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, alpha: Bool
    ) -> [UInt8] {
        let bands = alpha ? 4 : 3
        var out = [UInt8](repeating: 0, count: width * height * bands)
        out.withUnsafeMutableBufferPointer { buffer in
            // `while` over raw pointers: this runs for every pixel of every page, and for-in over
            // ranges is many times slower in debug builds (the tests run those).
            guard var target = buffer.baseAddress else { return }
            var y = 0
            while y < height {
                var word = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let end = word + width
                while word < end {
                    var r = (word.pointee >> 16) & 0xFF, g = (word.pointee >> 8) & 0xFF, b = word.pointee & 0xFF
                    if alpha {
                        let a = word.pointee >> 24
                        if a != 0 && a != 255 {
                            // Undo premultiplication with rounding: c = c' * 255 / a.
                            r = min(255, (r * 255 + a / 2) / a)
                            g = min(255, (g * 255 + a / 2) / a)
                            b = min(255, (b * 255 + a / 2) / a)
                        }
                        target[3] = UInt8(a)
                    }
                    target[0] = UInt8(r); target[1] = UInt8(g); target[2] = UInt8(b)
                    target += bands
                    word += 1
                }
                y += 1
            }
        }
        return out
    }
}
