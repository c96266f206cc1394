import Foundation
import Frost
import FrostKit
import Tesseract
import TestSupport
import Testing
import Vips

/// The text finder and the hiding renderer in-process, on real screenshots from Assets/screens.
@Suite(.tags(.fast)) struct TextFinderTests {
    static func screen(_ name: String) throws -> Image {
        try FrostRenderer.normalised(Image.load(Fixtures.asset("screens/" + name)).copiedToMemory())
    }

    @Test func findsLinesOnLightAndDarkThemes() throws {
        let finder = try TextFinder()
        for name in ["gnucash-vendor.png", "openshot-export-profiles.jpg", "aptitude-start.png"] {
            let image = try Self.screen(name)
            let lines = try finder.lines(in: image)
            #expect(lines.count >= 5, "\(name): \(lines.count) lines")
            for line in lines {
                #expect(line.region.clipped(toWidth: image.width, height: image.height) == line.region)
                #expect(line.region.height < image.height / 4, "\(name): \(line.region) is no line")
            }
        }
    }

    /// At scale 2 the analysis runs at half size; the boxes come back in full-size pixels, where
    /// the 1× boxes doubled are.
    @Test func hidpiBoxesAreInFullSizePixels() throws {
        let finder = try TextFinder()
        let small = try Self.screen("gnucash-loan-calculator.png")
        let large = try small.resize(2, kernel: .lanczos3).copiedToMemory()
        let one = try finder.lines(in: small)
        let two = try finder.lines(in: large, scale: 2)
        #expect(abs(one.count - two.count) <= one.count / 5 + 1, "\(one.count) at 1×, \(two.count) at 2×")
        let covered = { (boxes: [TextBox], x: Int, y: Int) in
            boxes.contains {
                x >= $0.region.x && x < $0.region.x + $0.region.width && y >= $0.region.y
                    && y < $0.region.y + $0.region.height
            }
        }
        // The centre of each 1× box, doubled, lies in a 2× box.
        let centres = one.map { ($0.region.x + $0.region.width / 2, $0.region.y + $0.region.height / 2) }
        let found = centres.filter { covered(two, $0.0 * 2, $0.1 * 2) }.count
        #expect(found * 5 >= centres.count * 4, "\(found) of \(centres.count)")
    }

    @Test func searchesOnlyInsideTheAreasGiven() throws {
        let image = try Self.screen("gnucash-accounts.png")
        let area = Region(x: 0, y: 0, width: image.width, height: 60)
        let lines = try TextFinder().lines(in: image, within: [area])
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.region.y + $0.region.height <= 60 })
    }

    @Test func aMissingLanguageIsATypedError() {
        #expect(throws: TesseractError.languageNotInstalled(language: "zzz")) { try TextFinder(language: "zzz") }
    }

    /// In-process form of the --secure proof: noise inside the areas leaves the output as it was.
    @Test func secureHidingDependsOnlyOnTheOutside() throws {
        let image = try Self.screen("gnucash-tip-of-the-day.png")
        let regions = [Region(x: 10, y: 40, width: 200, height: 30), Region(x: 100, y: 120, width: 250, height: 90)]
        var bytes = try image.bytes()
        var random = SplitMix64(state: 99)
        for region in regions {
            for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) {
                    for band in 0..<image.bands {
                        bytes[(y * image.width + x) * image.bands + band] = UInt8.random(in: 0...255, using: &random)
                    }
                }
            }
        }
        let noisy = try Image(bytes: bytes, width: image.width, height: image.height, bands: image.bands).interpreted(
            as: .srgb)
        let effect = try FrostEffect.resolve(style: .dark, tint: nil, radius: nil, saturation: nil)
        for cover: CoverChoice? in [nil, .average] {
            let hiding = Hiding(secure: true, cover: cover)
            let a = try FrostRenderer.hidden(
                image, area: .regions(regions), hiding: hiding, effect: effect, scale: 1, exact: false
            ).bytes()
            let b = try FrostRenderer.hidden(
                noisy, area: .regions(regions), hiding: hiding, effect: effect, scale: 1, exact: false
            ).bytes()
            #expect(a == b, "\(String(describing: cover))")
        }
        let insecure = Hiding(secure: false)
        let a = try FrostRenderer.hidden(
            image, area: .regions(regions), hiding: insecure, effect: effect, scale: 1, exact: false
        ).bytes()
        let b = try FrostRenderer.hidden(
            noisy, area: .regions(regions), hiding: insecure, effect: effect, scale: 1, exact: false
        ).bytes()
        #expect(a != b)
    }
}
