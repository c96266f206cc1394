import CoreTypes
import Frost
import TestSupport
import Testing

/// Apple's numbers: box widths, the integer saturation matrix, the tint fill.
@Suite(.tags(.fast)) struct EffectParameterTests {
    @Test(arguments: [
        (FrostStyle.light, 1.0, 57), (.light, 2.0, 113),
        (.extraLight, 1.0, 39), (.extraLight, 2.0, 75),
        (.dark, 1.0, 39), (.dark, 2.0, 75),
        (.tint, 1.0, 19), (.tint, 2.0, 39),
    ])
    func boxWidthsFromTheNote(style: FrostStyle, scale: Double, width: Int) {
        #expect(FrostEffect.apple(style).box(scale: scale)?.width == width)
    }

    @Test func boxWidthIsAlwaysOddAndZeroRadiusMeansNoBlur() {
        for tenths in 1...400 {
            let width = BoxBlur(radius: Double(tenths) / 10, scale: 1)?.width ?? 0
            #expect(width % 2 == 1, "radius \(Double(tenths) / 10)")
        }
        #expect(BoxBlur(radius: 0, scale: 2) == nil)
        #expect(BoxBlur(radius: 1e-9, scale: 1) == nil)
        // 3·√(2π)/4 ≈ 1.87997: r = 10 gives 19.3 → 19.
        #expect(BoxBlur(radius: 10, scale: 1)?.width == 19)
    }

    @Test func threeBoxesHaveTheVarianceOfTheirGaussian() throws {
        let box = try #require(BoxBlur(radius: 30, scale: 1))
        #expect(box.variance == 3 * Double(57 * 57 - 1) / 12)
        // σ of three boxes of 57 is 28.5: close to the radius, as the SVG rule intends.
        #expect(abs(box.variance.squareRoot() - 28.5) < 0.01)
        #expect(box.reach == 84)
    }

    @Test func saturationMatrixAsTheNoteGivesIt() throws {
        let matrix = try #require(FrostEffect.apple(.light).saturationMatrix)
        #expect(
            matrix.integerRows == [[446, -15, -15, 0], [-146, 314, -146, 0], [-44, -44, 417, 0], [0, 0, 0, 256]])
        // Columns are outputs B, G, R: the green column sums to 255, so white loses a level.
        let columnSums = (0..<3).map { column in matrix.integerRows.prefix(3).reduce(0) { $0 + $1[column] } }
        #expect(columnSums == [256, 255, 256])
    }

    @Test func recombRowsAreTheTransposeInRGBOrder() throws {
        let matrix = SaturationMatrix(delta: 1.8)
        let rows = matrix.recombRows
        // Output red = 417·R − 146·G − 15·B (÷256): Apple's R column read down R, G, B inputs.
        #expect(rows[0].map { Int($0 * 256) } == [417, -146, -15])
        #expect(rows[1].map { Int($0 * 256) } == [-44, 314, -15])
        #expect(rows[2].map { Int($0 * 256) } == [-44, -146, 446])
    }

    @Test func saturationOfOneIsSkippedAsApple() {
        #expect(FrostEffect(radius: 10, tint: nil, saturation: 1).saturationMatrix == nil)
        #expect(FrostEffect(radius: 10, tint: nil, saturation: 1.0001).saturationMatrix != nil)
        // The tint effect's −1 keeps luminance and swaps hues around grey.
        let inverted = SaturationMatrix(delta: -1).floatRows
        #expect(abs(inverted[0][0] - (0.0722 - 0.9278)) < 1e-12)
    }

    /// notes/frost.md: light out = 76.5 + 0.70·E; extra-light 202.83 + 0.18·E; dark 20.48 + 0.27·E.
    @Test(arguments: [(FrostStyle.light, 0.70, 76.5), (.extraLight, 0.18, 202.83), (.dark, 0.27, 20.48)])
    func tintFillConstants(style: FrostStyle, scale: Double, offset: Double) throws {
        let fill = try #require(FrostEffect.apple(style).tintCompose)
        #expect(abs(fill.scale - scale) < 1e-9)
        for channel in fill.offsets { #expect(abs(channel - offset) < 0.005) }
    }

    @Test func tintEffectForcesAppleAlpha() throws {
        let effect = FrostEffect.apple(.tint, colour: Colour(red: 0.2, green: 0.4, blue: 1, alpha: 0.1))
        #expect(effect.tint?.alpha == 0.6)
        #expect(effect.radius == 10 && effect.saturation == -1)
        let fill = try #require(effect.tintCompose)
        #expect(abs(fill.offsets[2] - 255 * 0.6) < 1e-9)
    }

    @Test func noTintOrTransparentTintFillsNothing() {
        #expect(FrostEffect(radius: 5, tint: nil, saturation: 1).tintCompose == nil)
        #expect(FrostEffect(radius: 5, tint: Colour(white: 1, alpha: 0), saturation: 1).tintCompose == nil)
    }
}
