import TestSupport
import Testing

@testable import Vips

/// libvips failures are told apart by kind in the face, so that callers never search their text.
@Suite(.tags(.fast)) struct VipsErrorKindTests {
    @Test func aMissingHEIFEncoderIsItsOwnKind() {
        let unsupported = VipsError("heifsave: Unsupported codec: No encoder for this codec").fromSaver(
            "heifsave_target")
        #expect(unsupported.kind == .noEncoder(saver: "heifsave_target"))
        #expect(unsupported.description.hasPrefix("heifsave"))  // the text itself is kept
        #expect(VipsError("heifsave: No Encoder found").fromSaver("heifsave").kind == .noEncoder(saver: "heifsave"))
        // Another saver's failure, or another heifsave failure, stays a plain failure.
        #expect(VipsError("pngsave: unsupported codec").fromSaver("pngsave").kind == .failed)
        #expect(VipsError("heifsave: out of memory").fromSaver("heifsave").kind == .failed)
    }
}
