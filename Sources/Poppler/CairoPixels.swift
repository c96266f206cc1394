import CPoppler

/// cairo stores pixels as native-endian 32-bit words 0xAARRGGBB with premultiplied alpha and
/// its own row stride; libvips wants packed R, G, B(, A) bytes with straight alpha.
enum CairoPixels {
    /// The pixels unpacked into a new array.
    static func unpack(
        _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, alpha: Bool
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * (alpha ? 4 : 3)) { buffer, count in
            if let target = buffer.baseAddress {
                unpack(
                    UnsafeRawPointer(data), width: width, height: height, stride: stride, alpha: alpha,
                    into: UnsafeMutableRawPointer(target))
            }
            count = buffer.count
        }
    }

    /// The pixels unpacked into `target`, which may be `data` itself (unpacking in place): each
    /// pixel's word is read before its bytes are written, and no byte is written ahead of a word
    /// still to be read (packed rows are never longer than cairo's).
    static func unpack(
        _ data: UnsafeRawPointer, width: Int, height: Int, stride: Int, alpha: Bool,
        into target: UnsafeMutableRawPointer
    ) {
        let bands = alpha ? 4 : 3
        var target = target
        // `while` over raw pointers: this runs for every pixel of every page, and for-in over
        // ranges is many times slower in debug builds (the tests run those). Raw loads and stores:
        // the same bytes are read as words and written as bytes.
        var y = 0
        while y < height {
            var word = data + y * stride
            let end = word + width * 4
            while word < end {
                let pixel = word.load(as: UInt32.self)
                var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                if alpha {
                    let a = pixel >> 24
                    if a != 0 && a != 255 {
                        // Undo premultiplication with rounding: c = c' * 255 / a.
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    target.storeBytes(of: UInt8(a), toByteOffset: 3, as: UInt8.self)
                }
                target.storeBytes(of: UInt8(r), toByteOffset: 0, as: UInt8.self)
                target.storeBytes(of: UInt8(g), toByteOffset: 1, as: UInt8.self)
                target.storeBytes(of: UInt8(b), toByteOffset: 2, as: UInt8.self)
                target += bands
                word += 4
            }
            y += 1
        }
    }
}
