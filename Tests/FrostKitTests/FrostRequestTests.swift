import CoreTypes
import Foundation
import Frost
import FrostKit
import TestSupport
import Testing
import Vips

/// A frost request decides, once, what a program using FrostKit would otherwise decide for each
/// image: which route the pixels take, and what is found and hidden.
@Suite(.tags(.fast)) struct FrostRequestTests {
    static let light = FrostEffect.apple(.light)
    static let topBar = RegionSpec(PixelRect(x: 0, y: 0, width: 64, height: 8))

    /// `image` saved as a PNG in a folder of its own, and how to remove it.
    static func saved(_ image: Image) throws -> (path: String, cleanUp: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frost-request-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("input.png").path
        try image.save(to: path)
        return (path, { try? FileManager.default.removeItem(at: folder) })
    }

    @Test func theAreaAndTreatmentChooseTheRoute() {
        let whole = FrostRequest(effect: Self.light)
        #expect(!whole.hides && !whole.needsOriginal && whole.canStream && whole.method.hasPrefix("shrink "))
        let exact = FrostRequest(effect: Self.light, exact: true)
        #expect(!exact.canStream && exact.method == "exact")
        let panel = FrostRequest(effect: Self.light, area: .regions([Self.topBar]))
        #expect(!panel.hides && panel.needsOriginal && panel.canStream && panel.regionSpecs == [Self.topBar])
        let secure = FrostRequest(effect: Self.light, area: .regions([Self.topBar]), treatment: .secureFrost)
        #expect(secure.hides && !secure.canStream)
        let covered = FrostRequest(effect: Self.light, area: .regions([Self.topBar]), treatment: .cover(.average))
        #expect(covered.hides && covered.method == "cover")
        let text = FrostRequest(effect: Self.light, area: .text(language: "eng", within: [Self.topBar]))
        #expect(text.hides && text.regionSpecs == [Self.topBar] && !text.isMasked)
        let secrets = FrostRequest(
            effect: Self.light, area: .secrets(SecretMatcher(kinds: [.email]), language: "eng", within: []),
            treatment: .secureFrost)
        #expect(secrets.hides && secrets.regionSpecs.isEmpty)
    }

    /// Nothing found, nothing hidden: a blank image keeps every pixel under a secrets request,
    /// and the result says what was looked for (no secrets) and not text.
    @Test func aSecretsRequestOnABlankImageFindsAndHidesNothing() throws {
        let (path, cleanUp) = try Self.saved(try Image.constant(width: 120, height: 40, colour: [255, 255, 255]))
        defer { cleanUp() }
        let request = FrostRequest(
            effect: Self.light, area: .secrets(SecretMatcher(kinds: [.email, .card]), language: "eng", within: []),
            treatment: .cover(.colour(Colour(white: 0))))
        let input = try FrostInput(
            source: .file(path), maxPixels: Image.defaultMaxPixels, applyingProfile: true,
            fastRoute: request.canStream, needsOriginal: request.needsOriginal)
        let result = try FrostRenderer.render(request, input: input, materialised: true)
        #expect(result.secrets == [] && result.found == nil && result.findTime != nil)
        #expect(result.method == "cover")
        #expect(try result.image.bytes().allSatisfy { $0 == 255 })
    }

    /// Secure frost and covers hide an area from the pixels around it: over the whole image (or no
    /// regions) there are none, and the request says so instead of returning the picture untouched.
    @Test(arguments: [FrostRequest.Treatment.secureFrost, .cover(.average), .cover(.colour(Colour(white: 0)))])
    func hidingTheWholeImageIsRefused(treatment: FrostRequest.Treatment) throws {
        let (path, cleanUp) = try Self.saved(try Image.constant(width: 32, height: 16, colour: [128, 128, 128]))
        defer { cleanUp() }
        for area in [FrostRequest.Area.whole, .regions([])] {
            let request = FrostRequest(effect: Self.light, area: area, treatment: treatment)
            let input = try FrostInput(
                source: .file(path), maxPixels: Image.defaultMaxPixels, applyingProfile: true,
                fastRoute: request.canStream, needsOriginal: request.needsOriginal)
            #expect {
                try FrostRenderer.render(request, input: input)
            } throws: { error in
                guard case FrostRequestError.nothingAround(treatment)? = error as? FrostRequestError else {
                    return false
                }
                return true
            }
        }
        // Frost over the whole image is the plain look, and still works.
        let frost = FrostRequest(effect: Self.light)
        let input = try FrostInput(
            source: .file(path), maxPixels: Image.defaultMaxPixels, applyingProfile: true,
            fastRoute: frost.canStream, needsOriginal: frost.needsOriginal)
        #expect(try FrostRenderer.render(frost, input: input, materialised: true).image.width == 32)
    }
}
