import CoreTypes
import TestSupport
import Testing
import Vips

/// `Image(wrapping:)`: a libvips image over memory another library owns, without a copy, which
/// keeps that memory until libvips closes the image and then gives it back, once.
@Suite(.tags(.fast)) struct WrappedMemoryTests {
    /// 4 × 2 pixels of 3 bands, bytes 0, 10, 20, …; `released` turns true when they are given back.
    static func memory(released: Locked<Int>) -> PixelMemory {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 24, alignment: 16)
        for index in 0..<24 { bytes.storeBytes(of: UInt8(index * 10), toByteOffset: index, as: UInt8.self) }
        return PixelMemory(bytes: bytes, width: 4, height: 2, bands: 3) {
            bytes.deallocate()
            released.withLock { $0 += 1 }
        }
    }

    @Test func theImageReadsTheMemoryAndKeepsItUntilItCloses() throws {
        let released = Locked(0)
        var memory: PixelMemory? = Self.memory(released: released)
        let bytes = try #require(memory?.bytes)
        var image: Image? = try Image(wrapping: try #require(memory))
        memory = nil
        #expect(released.withLock { $0 } == 0, "given back while the image holds it")
        #expect(image?.width == 4 && image?.height == 2 && image?.bands == 3 && image?.bandFormat == .uchar)
        #expect(try image?.bytes() == (0..<24).map { UInt8($0 * 10) })
        // No copy: a byte changed in the memory is the image's.
        bytes.storeBytes(of: 255, toByteOffset: 0, as: UInt8.self)
        #expect(try image?.bytes().first == 255)
        image = nil
        #expect(released.withLock { $0 } == 1, "given back once, when the image closed")
    }

    @Test func memoryOfAnImageNeverMadeIsGivenBackByItsLastHolder() throws {
        let released = Locked(0)
        do {
            let memory = Self.memory(released: released)
            #expect(memory.count == 24)
        }
        #expect(released.withLock { $0 } == 1)
    }
}
