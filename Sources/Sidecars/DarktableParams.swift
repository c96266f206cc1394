/// darktable history parameters: the module's C struct as lower-case hex of its little-endian bytes.
public enum DarktableParams {
    /// "rotate and perspective" (ashift) at module version 1: rotation (degrees, positive
    /// counter-clockwise), vertical and horizontal lens shift, toggle. darktable converts version 1
    /// to its current one on load; every later field takes its default (no crop of its own).
    public static let ashiftVersion = 1
    /// "crop" at module version 1: left, top, right, bottom (fractions of its input), ratio n, d.
    public static let cropVersion = 1

    public static func ashift(rotation: Double) -> String {
        hex(floats: [Float(rotation), 0, 0], ints: [0])
    }

    public static func crop(left: Double, top: Double, right: Double, bottom: Double) -> String {
        // The ratio is the module's default (-1, -1); 0:0 makes darktable 4.2 compute a NaN box.
        hex(floats: [left, top, right, bottom].map { Float($0) }, ints: [-1, -1])
    }

    static func hex(floats: [Float], ints: [Int32]) -> String {
        var bytes: [UInt8] = []
        for value in floats { bytes += littleEndian(value.bitPattern) }
        for value in ints { bytes += littleEndian(UInt32(bitPattern: value)) }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff), UInt8(value >> 24)]
    }
}
