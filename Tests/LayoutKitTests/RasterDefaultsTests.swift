import CoreTypes
import LayoutKit
import TestSupport
import Testing

/// Page images are encoded fast unless the name asks otherwise (`page.webp[effort=6]`).
@Suite(.tags(.fast)) struct RasterDefaultsTests {
    @Test func pagesAreEncodedFastUnlessTheNameSaysOtherwise() {
        #expect(RasterJob.defaultOptions(for: .png, given: SaverOptions()).text == "[compression=1]")
        #expect(RasterJob.defaultOptions(for: .webp, given: SaverOptions()).text == "[effort=0]")
        #expect(RasterJob.defaultOptions(for: .jpeg, given: SaverOptions()).isEmpty)
        let asked = SaverOptions(parsing: "[effort=6,Q=90]")
        #expect(RasterJob.defaultOptions(for: .webp, given: asked) == asked)
    }
}
