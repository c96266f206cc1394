import HorizonKit
import TestSupport
import Testing
import Vips

/// The gradients libvips computes for the estimator.
@Suite(.tags(.fast)) struct HorizonGradientTests {
    /// 8-bit grey levels go into the blur without a float copy of the picture: the gradients must be
    /// those of the float copy, bit for bit (libvips' float convolution sums each value as a double
    /// either way).
    @Test(arguments: ["horizon-lake.jpg", "horizon-pier.jpg", "no-horizon-leaf.jpg", "horizon-portrait.jpg"])
    func eightBitGreyBlursAsItsFloatCopy(asset: String) throws {
        let thumbnail = try Image.thumbnail(file: Fixtures.asset(asset), width: 1024, height: 1024, enlarging: true)
            .copiedToMemory()
        let map = try HorizonDetector.edgeMap(of: thumbnail)
        let grey = try thumbnail.colourspace(.grey)
        try #require(grey.bandFormat == .uchar)
        let smooth = try grey.cast(.float).gaussianBlur(sigma: 1, minAmplitude: 0.01, precision: .float)
            .copiedToMemory()
        let sobelX = try Image.matrix(width: 3, height: 3, values: [-1, 0, 1, -2, 0, 2, -1, 0, 1].map { $0 / 8 })
        let sobelY = try Image.matrix(width: 3, height: 3, values: [-1, -2, -1, 0, 0, 0, 1, 2, 1].map { $0 / 8 })
        let gx = try smooth.conv(sobelX, precision: .float).floats()
        let gy = try smooth.conv(sobelY, precision: .float).floats()
        #expect(map.gx.count == gx.count && map.gy.count == gy.count)
        #expect(map.gx.map(\.bitPattern) == gx.map(\.bitPattern), "\(asset): horizontal gradients")
        #expect(map.gy.map(\.bitPattern) == gy.map(\.bitPattern), "\(asset): vertical gradients")
        // Not a flat picture: the comparison is of real gradients.
        #expect(gx.contains { abs($0) > 10 } && gy.contains { abs($0) > 10 })
    }
}
