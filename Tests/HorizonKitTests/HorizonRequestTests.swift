import CoreTypes
import Foundation
import Horizon
import HorizonKit
import TestSupport
import Testing
import Vips

/// The horizon pipeline without the command: a request run on a photo, its answer, copy and drawing.
@Suite(.tags(.fast)) struct HorizonRequestTests {
    /// A file and its bytes in memory come to the same answer; the levelled copy is the plan's crop.
    @Test func fileAndBytesAgree() throws {
        let path = Fixtures.asset("horizon-lake.jpg")
        let request = HorizonRequest()
        let fromFile = try request.run(on: .file(path))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let fromBytes = try request.run(on: .bytes(bytes, path: "-"))
        let estimate = try #require(fromFile.estimate)
        #expect(fromBytes.estimate?.angleDegrees == estimate.angleDegrees)
        #expect(fromFile.detection.width == 1024 && fromFile.header?.width == 1024)
        let crop = try #require(fromFile.plan?.crop)
        let levelled = try #require(try fromFile.levelled())
        #expect(levelled.width == Int(crop.width) && levelled.height == Int(crop.height))
        // A JPEG's copy is JPEG at the quality read from its tables.
        let format = try fromFile.saveFormat()
        #expect(format.format == .jpeg)
        #expect(fromFile.jpegQuality != nil && format.options.description.contains("Q=\(fromFile.jpegQuality ?? 0)"))
    }

    /// A known tilt is not measured: found with confidence 1, evidence `.given`, at the picture's
    /// displayed size (an EXIF-rotated photo's width and height swapped).
    @Test func knownAngleIsGiven() throws {
        let result = try HorizonRequest().run(on: .file(Fixtures.asset("exif-rotated.jpg")), knownAngle: 2.5)
        let estimate = try #require(result.estimate)
        #expect(estimate.evidence == .given && estimate.angleDegrees == 2.5 && estimate.confidence == 1)
        let header = try Image.load(Fixtures.asset("exif-rotated.jpg"), autorotate: false, access: .sequential)
        let upright = try result.picture()
        #expect(result.detection.width == upright.width && result.detection.height == upright.height)
        #expect([5, 6, 7, 8].contains(header.orientation) ? header.width == upright.height : true)
        #expect(result.reviewPicture == nil && result.detection.analysis.candidates.isEmpty)
    }

    /// The drawing is the whole picture, upright, with the line in red where the answer lies.
    @Test func overlayDrawsTheAnswer() throws {
        let result = try HorizonRequest().run(on: .file(Fixtures.asset("horizon-lake.jpg")))
        let drawn = try result.overlay()
        let picture = try result.picture()
        #expect(drawn.width == picture.width && drawn.height == picture.height && drawn.bands == 3)
        let line = try #require(result.estimate?.line)
        let middle = try drawn.extractArea(
            x: Int(line.midpoint.x), y: Int(line.midpoint.y.rounded(.down)), width: 1, height: 1
        ).bytes()
        #expect(Array(middle.prefix(3)) == [255, 32, 32])
    }

    /// A photo within the tolerance reads level and is not turned.
    @Test func levelPhotoIsLevel() throws {
        let result = try HorizonRequest().run(on: .file(Fixtures.asset("horizon-lake.jpg")), knownAngle: 0.05)
        #expect(result.isLevel)
        #expect(HorizonSaveFormat.ownFormat(of: try result.picture()) == .jpeg)
        #expect(result.bytesHold(.jpeg) && !result.bytesHold(.png))
    }
}
