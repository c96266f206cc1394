import Foundation
import LibRaw
import TestSupport
import Testing

/// The LibRaw face on the two DNG fixtures (Assets/make-tilted-dng.py: a Bayer mosaic of a known
/// picture, one stored sideways with orientation 6): metadata, demosaics, and its errors by kind.
@Suite(.tags(.fast)) struct RawPhotoTests {
    static let lake = Fixtures.asset("tilted-lake.dng")
    static let portrait = Fixtures.asset("portrait-lighthouse.dng")

    @Test func metadataIsTheFixtures() throws {
        let meta = try RawPhoto(path: Self.lake).metadata
        #expect(meta.make == "frostlevel" && meta.model == "tilted lake fixture")
        #expect(meta.width == 922 && meta.height == 576 && meta.flip == 0 && !meta.turnsQuarter)
        #expect(meta.colourFilter == .bayer)
        #expect(meta.previewWidth == 0 && meta.iso == nil && meta.lens == nil)
    }

    /// The full demosaic is the displayed size at 8 or 16 bits; half size takes each 2×2 block as a pixel.
    @Test func demosaicSizesAndDepths() throws {
        let photo = try RawPhoto(path: Self.lake)
        let full = try photo.develop(halfSize: false)
        #expect(full.width == 922 && full.height == 576 && full.bands == 3 && full.bitsPerSample == 8)
        #expect(full.bytes.count == 922 * 576 * 3)
        let deep = try photo.develop(halfSize: false, bits: 16)
        #expect(deep.bitsPerSample == 16 && deep.bytes.count == 922 * 576 * 3 * 2)
        let half = try photo.develop(halfSize: true)
        #expect(half.width == 461 && half.height == 288)
        // A picture, not a blank: the lake fixture has sky above and water below.
        #expect(Set(full.bytes).count > 16)
    }

    /// A photo stored sideways (orientation 6) is developed upright, its metadata already displayed.
    @Test func sidewaysPhotoIsDevelopedUpright() throws {
        let photo = try RawPhoto(path: Self.portrait)
        #expect(photo.metadata.flip == 6 && photo.metadata.turnsQuarter)
        #expect(photo.metadata.width < photo.metadata.height)
        let developed = try photo.develop(halfSize: false)
        #expect(developed.width == photo.metadata.width && developed.height == photo.metadata.height)
    }

    /// Failures carry their kind: no preview, not a raw photo, no file.
    @Test func errorsHaveKinds() throws {
        #expect(throws: RawError.self) { _ = try RawPhoto(path: Self.lake).preview() }
        do {
            _ = try RawPhoto(path: Self.lake).preview()
        } catch {
            #expect(error.kind == .noPreview)
        }
        do {
            _ = try RawPhoto(path: Fixtures.asset("horizon-lake.jpg"))
            Issue.record("a JPEG opened as a raw photo")
        } catch {
            #expect(error.kind == .unsupported)
        }
        do {
            _ = try RawPhoto(path: "/nonexistent/photo.dng")
            Issue.record("a missing file opened")
        } catch {
            #expect(error.kind == .cannotOpen)
        }
    }

    @Test func rawSuffixes() {
        #expect(RawPhoto.isRaw("a/IMG_1.CR2") && RawPhoto.isRaw("x.dng") && RawPhoto.isRaw("y.Nef"))
        #expect(!RawPhoto.isRaw("photo.jpg") && !RawPhoto.isRaw("raw.dng/photo") && !RawPhoto.isRaw("dng"))
        #expect(RawPhoto.libraryVersion.first?.isNumber == true)
    }
}
