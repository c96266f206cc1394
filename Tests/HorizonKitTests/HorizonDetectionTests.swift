import Foundation
import Horizon
import HorizonKit
import ImageTestSupport
import TestSupport
import Testing
import Vips

/// Real photos turned by known angles, through the tool's own libvips pipeline.
@Suite(.tags(.fast)) struct HorizonDetectionTests {
    let estimator = HorizonEstimator()

    /// Both signs, 0.5° to 15°, every horizon photo including the portrait-format one.
    @Test(arguments: [
        ("horizon-lake.jpg", 0.5), ("horizon-lake.jpg", -3.3), ("horizon-lake.jpg", 8), ("horizon-lake.jpg", -15),
        ("horizon-fog.jpg", -0.5), ("horizon-fog.jpg", 2), ("horizon-fog.jpg", -6), ("horizon-fog.jpg", 12),
        ("horizon-pier.jpg", 1), ("horizon-pier.jpg", -2.5), ("horizon-pier.jpg", 5), ("horizon-pier.jpg", -10),
        ("horizon-portrait.jpg", -1), ("horizon-portrait.jpg", 4), ("horizon-portrait.jpg", -7.5),
        ("horizon-portrait.jpg", 15),
    ])
    func tiltedPhotoWithinAThirdOfADegree(asset: String, truth: Double) throws {
        let picture = try HorizonTestImages.tilted(asset, by: truth)
        let detection = try HorizonDetector.detect(image: picture, estimator: estimator)
        // The measurement is right on every one; whether it is answered is the threshold's call
        // (bench/horizon).
        let guess = try #require(detection.candidate, "\(asset) at \(truth)°: nothing to go on")
        #expect(abs(guess.angleDegrees - truth) < 0.3, "\(asset) at \(truth)°: measured \(guess.angleDegrees)°")
        if asset == Self.faintHorizon {
            #expect(guess.confidence >= 0.3, "\(asset) at \(truth)°: confidence \(guess.confidence)")
        } else {
            #expect(guess.confidence >= 0.5, "\(asset) at \(truth)°: confidence \(guess.confidence)")
            if abs(truth) <= 5 {
                #expect(detection.estimate != nil, "\(asset) at \(truth)°: answered (confidence \(guess.confidence))")
            }
        }
    }

    /// The foggy lake: its shore is measured right, but at 0.4–0.45 it is not answered. Fitted with
    /// the photographers' landscapes (many misty ridges and tree lines without a level reference),
    /// the models trust a faint line across half the picture less (bench/horizon/RESULTS.md).
    static let faintHorizon = "horizon-fog.jpg"

    @Test(arguments: ["horizon-lake.jpg", "horizon-fog.jpg", "horizon-pier.jpg", "horizon-portrait.jpg"])
    func levelPhotoReadsLevel(asset: String) throws {
        let detection = try HorizonDetector.detect(file: Fixtures.asset(asset), estimator: estimator)
        let estimate = try #require(asset == Self.faintHorizon ? detection.candidate : detection.estimate)
        #expect(abs(estimate.angleDegrees) < 0.3, "\(asset): measured \(estimate.angleDegrees)°")
    }

    /// Sky, macro foliage, and sharp diagonal planks in front of a blurred shore.
    @Test(arguments: ["no-horizon-sky.jpg", "no-horizon-leaf.jpg", "distractor-planks.jpg"])
    func noHorizonAbstains(asset: String) throws {
        let detection = try HorizonDetector.detect(file: Fixtures.asset(asset), estimator: estimator)
        #expect(
            detection.estimate == nil, "\(asset): reported \(detection.estimate.map { "\($0.angleDegrees)°" } ?? "")")
        #expect(detection.analysis.confidence < 0.5)
    }

    /// Stored sideways with EXIF orientation 6: analysed as displayed (landscape), horizon level
    /// and across the picture at y ≈ 267, where it is in the upright lake photo.
    @Test func exifRotatedPhotoIsAnalysedUpright() throws {
        let detection = try HorizonDetector.detect(file: Fixtures.asset("exif-rotated.jpg"), estimator: estimator)
        #expect(detection.width == 640 && detection.height == 400)
        let estimate = try #require(detection.estimate)
        #expect(abs(estimate.angleDegrees) < 0.3)
        let middle = (estimate.line.start.y + estimate.line.end.y) / 2
        #expect(abs(middle - 267) < 6, "horizon at y = \(middle)")
    }

    /// A tilted copy of the sideways-stored photo, tilted in its upright view.
    @Test func exifRotatedTiltedCopy() throws {
        let upright = try Image.load(Fixtures.asset("exif-rotated.jpg")).copiedToMemory()
        let tilted = try HorizonTestImages.tilted(upright, by: -4)
        let estimate = try #require(try HorizonDetector.detect(image: tilted, estimator: estimator).estimate)
        #expect(abs(estimate.angleDegrees + 4) < 0.3, "measured \(estimate.angleDegrees)°")
    }

    /// The estimate made on the thumbnail is scaled to the full picture: line end points are in
    /// full-size pixels.
    @Test func lineIsInFullSizeCoordinates() throws {
        let large = try Image.load(Fixtures.asset("horizon-lake.jpg")).resize(2.5).copiedToMemory()
        let detection = try HorizonDetector.detect(image: large, estimator: estimator)
        #expect(detection.analysedWidth == HorizonDetector.analysisSize)
        let estimate = try #require(detection.estimate)
        #expect(abs(estimate.line.end.x - 2560) < 1 && abs(estimate.line.start.x) < 1)
        #expect(abs((estimate.line.start.y + estimate.line.end.y) / 2 - 428 * 2.5) < 8)
    }
}

/// The sign convention, pinned to pictures drawn pixel by pixel.
@Suite(.tags(.fast)) struct HorizonSignTests {
    /// A boundary drawn rising to the right reads positive; falling reads negative.
    @Test(arguments: [4.0, -4.0, 0.7])
    func drawnSlopeSign(degrees: Double) throws {
        let picture = try HorizonTestImages.drawnSlope(degrees: degrees)
        let estimate = try #require(try HorizonDetector.detect(image: picture, estimator: HorizonEstimator()).estimate)
        #expect(estimate.angleDegrees.sign == degrees.sign)
        #expect(abs(estimate.angleDegrees - degrees) < 0.05, "measured \(estimate.angleDegrees)°")
        // The reported line follows the drawn boundary: right end higher on screen when positive.
        #expect((estimate.line.end.y < estimate.line.start.y) == (degrees > 0))
    }

    /// libvips `similarity` with a negative angle makes a level boundary rise to the right
    /// (turns counter-clockwise), which `HorizonTestImages.tilted` relies on.
    @Test func similarityTurnsClockwise() throws {
        let level = try HorizonTestImages.drawnSlope(width: 400, height: 300, degrees: 0)
        let turned = try Operation.call("similarity", [("in", .image(level)), ("angle", .double(-5))]).image()
        let crop = try turned.extractArea(
            x: (turned.width - 300) / 2, y: (turned.height - 200) / 2, width: 300, height: 200)
        let pixels = try crop.bytes()
        let left = HorizonTestImages.boundaryRow(in: pixels, width: 300, height: 200, column: 10, sky: 200, ground: 70)
        let right = HorizonTestImages.boundaryRow(
            in: pixels, width: 300, height: 200, column: 289, sky: 200, ground: 70)
        let rise = atan((left - right) / 279) * 180 / .pi
        #expect(abs(rise - 5) < 0.2, "boundary rises \(rise)°")
    }

    /// A small picture is enlarged to the working size, so the photo and its half-size copy are
    /// analysed alike and answer alike (self-consistency, issue 22); a tiny one at most twice.
    @Test func smallPicturesAreAnalysedAtTheWorkingSize() throws {
        let photo = try Image.load(Fixtures.asset("horizon-lake.jpg")).copiedToMemory()
        let half = try photo.resize(0.5).copiedToMemory()
        let full = try HorizonDetector.detect(image: photo, estimator: HorizonEstimator())
        let halved = try HorizonDetector.detect(image: half, estimator: HorizonEstimator())
        #expect(max(halved.analysedWidth, halved.analysedHeight) == HorizonDetector.analysisSize)
        let a = try #require(full.estimate), b = try #require(halved.estimate)
        #expect(abs(a.angleDegrees - b.angleDegrees) < 0.1, "\(a.angleDegrees)° against \(b.angleDegrees)°")
        #expect(HorizonDetector.analysedLongSide(forLongSide: 100) == 200)
        #expect(HorizonDetector.analysedLongSide(forLongSide: 640) == HorizonDetector.analysisSize)
        #expect(HorizonDetector.analysedLongSide(forLongSide: 6000) == HorizonDetector.analysisSize)
    }

    /// A quarter-size copy of the portrait lighthouse (106 × 160 px) reads the photo's roll. Enlarged
    /// four times (the old cap), its edges locked to its own pixels and it read 0.8° off.
    @Test func tinyCopyReadsThePhotosRoll() throws {
        let photo = try Image.load(Fixtures.asset("horizon-lighthouse-portrait.jpg")).copiedToMemory()
        let quarter = try photo.resize(0.25).copiedToMemory()
        let full = try #require(try HorizonDetector.detect(image: photo, estimator: HorizonEstimator()).estimate)
        let tiny = try HorizonDetector.detect(image: quarter, estimator: HorizonEstimator())
        #expect(max(tiny.analysedWidth, tiny.analysedHeight) == 2 * max(quarter.width, quarter.height))
        let read = try #require(tiny.estimate)
        #expect(
            abs(read.angleDegrees - full.angleDegrees) < 0.15, "\(read.angleDegrees)° against \(full.angleDegrees)°")
    }
}
