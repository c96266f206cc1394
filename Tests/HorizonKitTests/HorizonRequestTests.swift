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

    /// The copy: a level photo's own bytes (or re-saved without its metadata), a tilted one levelled
    /// at the plan's size, and corners that would be transparent refused in a format without alpha.
    @Test func copyFollowsTheFormatRule() throws {
        let path = Fixtures.asset("horizon-pier.jpg")
        let level = try HorizonRequest().run(on: .file(path), knownAngle: 0.05)
        guard case .bytes(let data, _, _)? = try level.copy(userFormat: nil, userOptions: .none, keepingMetadata: true)
        else { Issue.record("a level photo's copy is not its bytes"); return }
        #expect(data == (try Data(contentsOf: URL(fileURLWithPath: path))))
        guard case .image(_, let resaved)? = try level.copy(userFormat: .png, userOptions: .none, keepingMetadata: true)
        else { Issue.record("a level photo asked for as PNG is not re-saved"); return }
        #expect(resaved.format == .png)

        let tilted = try HorizonRequest().run(on: .file(path), knownAngle: 3)
        guard
            case .image(let image, let format)? = try tilted.copy(
                userFormat: nil, userOptions: .none, keepingMetadata: true)
        else { Issue.record("a tilted photo's copy is not an image"); return }
        let crop = try #require(tilted.plan?.crop)
        #expect(image.width == Int(crop.width) && image.height == Int(crop.height) && format.format == .jpeg)
        #expect(try tilted.copyNaming(userFormat: nil) == .init(format: .jpeg, keepsInputSuffix: true))

        let corners = HorizonRequest(leveller: HorizonLeveller(crop: .none, background: Colour(white: 0, alpha: 0)))
        #expect(throws: HorizonCopyError.self) {
            _ = try corners.run(on: .file(path), knownAngle: 3).copy(
                userFormat: nil, userOptions: .none, keepingMetadata: true)
        }
    }
}
