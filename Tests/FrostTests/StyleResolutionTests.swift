import CoreTypes
import Frost
import TestSupport
import Testing

/// How --style, --tint, --radius and --saturation combine.
@Suite(.tags(.fast)) struct StyleResolutionTests {
    @Test func defaultIsLight() throws {
        #expect(try FrostEffect.resolve(style: nil, tint: nil, radius: nil, saturation: nil) == .apple(.light))
        #expect(FrostEffect.chosenStyle(style: nil, tint: nil) == .light)
    }

    @Test func aTintColourAloneMeansTheTintEffect() throws {
        let effect = try FrostEffect.resolve(
            style: nil, tint: try TintChoice(parsing: "#3366ff"), radius: nil, saturation: nil)
        #expect(effect.radius == 10 && effect.saturation == -1)
        #expect(effect.tint == Colour(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1, alpha: 0.6))
        #expect(FrostEffect.chosenStyle(style: nil, tint: try TintChoice(parsing: "red")) == .tint)
    }

    /// The custom look: --radius 12 --tint 'white@0.5' --saturation 1.4.
    @Test func customLookKeepsTheColoursOwnAlpha() throws {
        let effect = try FrostEffect.resolve(
            style: nil, tint: try TintChoice(parsing: "white@0.5"), radius: 12, saturation: 1.4)
        #expect(effect == FrostEffect(radius: 12, tint: Colour(white: 1, alpha: 0.5), saturation: 1.4))
    }

    @Test func aStyleLendsItsAlphaToATintWithout() throws {
        let effect = try FrostEffect.resolve(
            style: .dark, tint: try TintChoice(parsing: "#000080"), radius: nil, saturation: nil)
        #expect(effect.tint?.alpha == 0.73)
        #expect(effect.radius == 20)
    }

    @Test func tintNoneRemovesTheFill() throws {
        let effect = try FrostEffect.resolve(style: .light, tint: TintChoice.none, radius: nil, saturation: nil)
        #expect(effect.tint == nil && effect.tintCompose == nil)
        #expect(effect.saturation == 1.8)
    }

    @Test func tintStyleNeedsAColour() {
        #expect(throws: EffectError.self) {
            try FrostEffect.resolve(style: .tint, tint: nil, radius: nil, saturation: nil)
        }
        #expect(throws: EffectError.self) {
            try FrostEffect.resolve(style: .tint, tint: TintChoice.none, radius: nil, saturation: nil)
        }
    }

    @Test func outOfRangeNumbersAreRefused() {
        #expect(throws: EffectError.self) {
            try FrostEffect.resolve(style: nil, tint: nil, radius: -1, saturation: nil)
        }
        #expect(throws: EffectError.self) {
            try FrostEffect.resolve(style: nil, tint: nil, radius: .nan, saturation: nil)
        }
        #expect(throws: EffectError.self) {
            try FrostEffect.resolve(style: nil, tint: nil, radius: nil, saturation: 50)
        }
        #expect(throws: EffectError.self) { try FrostEffect.validate(scale: 0) }
        #expect(throws: EffectError.self) { try FrostEffect.validate(scale: .infinity) }
        #expect(throws: Never.self) { try FrostEffect.validate(scale: 1.5) }
    }

    @Test func stylesParseFromTheirCommandLineNames() {
        #expect(FrostStyle.allCases.map(\.rawValue) == ["light", "extra-light", "dark", "tint"])
    }
}
