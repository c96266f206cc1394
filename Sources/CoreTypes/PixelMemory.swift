/// Pixels handed from the library that drew them to the one that uses them, without a copy:
/// packed, band-interleaved bytes (`bands` a pixel, 8 bits a band, row by row) in memory their
/// maker owns, and how to give that memory back, which runs once, when the last reference goes.
/// A cairo canvas's memory wrapped by a libvips image is the case: `RasterCanvas.handOverPixels`
/// makes one, `Image(wrapping:)` keeps it until libvips closes the image.
public final class PixelMemory: @unchecked Sendable {
    /// The first pixel's first byte.
    public let bytes: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let bands: Int
    private let release: () -> Void

    /// `release` gives the memory back; it runs on whichever thread lets go of it last.
    public init(bytes: UnsafeMutableRawPointer, width: Int, height: Int, bands: Int, release: @escaping () -> Void) {
        self.bytes = bytes
        self.width = width
        self.height = height
        self.bands = bands
        self.release = release
    }

    deinit { release() }

    /// The pixels' bytes: width × height × bands.
    public var count: Int { width * height * bands }
}
