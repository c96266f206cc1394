import HorizonKit
import TestSupport
import Testing
import Vips

@testable import Horizon

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line segments divide each pixel's gradient by its magnitude where they read its direction
/// (`GradientsOverMagnitude`) instead of filling two picture-sized tables of unit directions first:
/// the segments, sub-pixel refit included, must be those found with the tables, bit for bit, on the
/// gradients libvips computes for real photos and for a synthetic picture.
@Suite(.tags(.fast)) struct SegmentDirectionTests {
    /// The straightforward form: every pixel's unit direction divided out into two tables first,
    /// (0, 0) at or below the noise floor.
    struct TabulatedDirections: UnitGradients {
        var unitX: [Float], unitY: [Float]

        init(_ map: EdgeMap, magnitude: [Float], noiseFloor: Float) {
            unitX = [Float](repeating: 0, count: magnitude.count)
            unitY = unitX
            for i in magnitude.indices where magnitude[i] > noiseFloor {
                unitX[i] = map.gx[i] / magnitude[i]
                unitY[i] = map.gy[i] / magnitude[i]
            }
        }

        func unit(at index: Int) -> (x: Float, y: Float) { (unitX[index], unitY[index]) }
    }

    /// The segments found both ways, every coordinate compared by its bits; returns how many.
    static func sameSegmentsBothWays(_ map: EdgeMap, minMagnitude: Float, minLength: Double, _ label: String) -> Int {
        let found = detectSegments(map, minMagnitude: minMagnitude, minLength: minLength)
        let reference = detectSegments(map, minMagnitude: minMagnitude, minLength: minLength) { magnitude, floor in
            TabulatedDirections(map, magnitude: magnitude, noiseFloor: floor)
        }
        let bits = { (segments: [EdgeSegment]) in
            segments.map { s in
                [s.x1, s.y1, s.x2, s.y2, s.length, s.width, s.gradientAngle].map(\.bitPattern)
            }
        }
        #expect(found.count == reference.count, "\(label): \(found.count) segments, \(reference.count) with tables")
        let (foundBits, referenceBits) = (bits(found), bits(reference))
        let firstDifference = foundBits.indices.first { $0 < referenceBits.count && foundBits[$0] != referenceBits[$0] }
        #expect(firstDifference == nil, "\(label): segment \(firstDifference ?? -1) differs")
        return found.count
    }

    /// Photos at the detector's size, with the estimator's floor and length, a floor low enough
    /// that the noise floor decides, and at half size (the detector's retry in noisy pictures).
    @Test(arguments: ["horizon-lake.jpg", "horizon-pier.jpg", "no-horizon-leaf.jpg", "horizon-portrait.jpg"])
    func photosFindTheSameSegments(asset: String) throws {
        let side = HorizonDetector.analysisSize
        let thumbnail = try Image.thumbnail(file: Fixtures.asset(asset), width: side, height: side, enlarging: true)
        let map = try HorizonDetector.edgeMap(of: thumbnail)
        let minLength = max(10, 0.015 * Double(max(map.width, map.height)))
        let count = Self.sameSegmentsBothWays(map, minMagnitude: 3, minLength: minLength, asset)
        #expect(count >= 20, "\(asset): \(count) segments, too few to compare")  // a real comparison
        _ = Self.sameSegmentsBothWays(map, minMagnitude: 0.5, minLength: 10, "\(asset), low floor")
        let half = try #require(map.halved())
        _ = Self.sameSegmentsBothWays(half, minMagnitude: 3, minLength: minLength / 2, "\(asset), half size")
    }

    /// Bars and thin lines at many angles, both polarities, over a shaded background in strong
    /// noise, made as 8-bit grey and run through libvips' gradients as a photo is.
    @Test func syntheticBarsInNoiseFindTheSameSegments() throws {
        let width = 900, height = 600
        var random = SplitMix64(state: 22)
        let bars = (0..<40).map { _ in
            (
                x: Double.random(in: 0..<Double(width), using: &random),
                y: Double.random(in: 0..<Double(height), using: &random),
                angle: Double.random(in: 0..<Double.pi, using: &random),
                halfLength: Double.random(in: 15..<160, using: &random),
                halfThickness: Double.random(in: 0.6..<6, using: &random),
                value: Double.random(in: 0..<255, using: &random)
            )
        }
        var grey = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var value = 60 + 120 * Double(x + y) / Double(width + height)
                for bar in bars {
                    let dx = Double(x) + 0.5 - bar.x, dy = Double(y) + 0.5 - bar.y
                    let along = dx * cos(bar.angle) + dy * sin(bar.angle)
                    let across = -dx * sin(bar.angle) + dy * cos(bar.angle)
                    if abs(along) <= bar.halfLength && abs(across) <= bar.halfThickness { value = bar.value }
                }
                value += Double.random(in: -25...25, using: &random)
                grey[y * width + x] = UInt8(min(max(value.rounded(), 0), 255))
            }
        }
        let map = try HorizonDetector.edgeMap(of: try Image(bytes: grey, width: width, height: height, bands: 1))
        let count = Self.sameSegmentsBothWays(map, minMagnitude: 3, minLength: 13.5, "synthetic")
        #expect(count >= 20, "synthetic: \(count) segments, too few to compare")
        _ = Self.sameSegmentsBothWays(map, minMagnitude: 0.5, minLength: 8, "synthetic, low floor")
        let half = try #require(map.halved())
        _ = Self.sameSegmentsBothWays(half, minMagnitude: 3, minLength: 8, "synthetic, half size")
    }
}
