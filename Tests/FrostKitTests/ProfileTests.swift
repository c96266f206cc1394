import Foundation
import FrostKit
import TestSupport
import Testing
import Vips

/// A profile that cannot be applied never shifts colours silently: `normalised` fails, or, when
/// the caller asks to fall back, falls back and says why (FrostInput keeps the reason for the command).
@Suite(.tags(.fast)) struct ProfileTests {
    /// A grey JPEG tagged with an RGB profile (Display P3): libvips cannot transform it.
    static func greyWithRGBProfile(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("grey-p3.jpg").path
        try Image.constant(width: 32, height: 24, colour: [90]).save(to: path, options: "[profile=p3]")
        return path
    }

    @Test func aProfileThatCannotBeAppliedFailsOrFallsBackLoudly() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.greyWithRGBProfile(in: folder)
        let image = try Image.load(path)
        #expect(image.hasICCProfile && image.bands == 1)
        #expect(throws: VipsError.self) { try FrostRenderer.normalised(image) }
        var told: [VipsError] = []
        let fallen = try FrostRenderer.normalised(image) { told.append($0) }
        #expect(told.count == 1)
        #expect(fallen.bands == 3 && fallen.interpretation == .srgb)
        #expect(try abs(fallen.average() - 90) < 0.5)
        // Without applying the profile, nothing is tried and nothing is told.
        _ = try FrostRenderer.normalised(image, applyingProfile: false) { told.append($0) }
        #expect(told.count == 1)

        let input = try FrostInput(
            source: .file(path), maxPixels: 1 << 20, applyingProfile: true, fastRoute: true, needsOriginal: true)
        #expect(input.profileNotApplied != nil)
        let kept = try FrostInput(
            source: .file(path), maxPixels: 1 << 20, applyingProfile: false, fastRoute: true, needsOriginal: true)
        #expect(kept.profileNotApplied == nil)
    }
}
