import CoreTypes

/// Apple's UIImage+ImageEffects looks (sample code v1.0, 2013).
public enum FrostStyle: String, CaseIterable, Sendable {
    /// `applyLightEffect`: radius 30, white tint at 0.3, saturation 1.8.
    case light
    /// `applyExtraLightEffect`: radius 20, near-white tint at 0.82, saturation 1.8.
    case extraLight = "extra-light"
    /// `applyDarkEffect`: radius 20, near-black tint at 0.73, saturation 1.8.
    case dark
    /// `applyTintEffectWithColor:` — needs a colour.
    case tint
}

/// The parameters of `applyBlurWithRadius:tintColor:saturationDeltaFactor:maskImage:`.
public struct FrostEffect: Equatable, Sendable {
    /// Blur radius in points; pixels are points × screen scale.
    public var radius: Double
    /// The colour filled over the blurred image, with its alpha; nil for no tint.
    public var tint: Colour?
    /// Saturation delta factor: 1 leaves colours alone, 1.8 is Apple's vivid look, −1 inverts hues.
    public var saturation: Double

    /// An effect with explicit values; `apple(_:colour:)` gives Apple's presets.
    public init(radius: Double, tint: Colour?, saturation: Double) {
        self.radius = radius
        self.tint = tint
        self.saturation = saturation
    }

    /// Apple's alpha for the tint effect, whatever alpha the colour had.
    public static let tintEffectAlpha = 0.6

    /// Apple's numbers for a style. The tint style takes `colour` (its alpha is replaced by 0.6,
    /// as Apple does); the other styles ignore it.
    public static func apple(_ style: FrostStyle, colour: Colour = Colour(white: 0.5)) -> FrostEffect {
        switch style {
        case .light: return FrostEffect(radius: 30, tint: Colour(white: 1.0, alpha: 0.3), saturation: 1.8)
        case .extraLight: return FrostEffect(radius: 20, tint: Colour(white: 0.97, alpha: 0.82), saturation: 1.8)
        case .dark: return FrostEffect(radius: 20, tint: Colour(white: 0.11, alpha: 0.73), saturation: 1.8)
        case .tint: return FrostEffect(radius: 10, tint: colour.with(alpha: tintEffectAlpha), saturation: -1.0)
        }
    }

    /// Combines the command-line choices. Rules:
    /// - no `--style`: the tint effect when `--tint` names a colour, else light;
    /// - `--style tint` needs a colour;
    /// - `--tint` replaces the style's tint; a colour without its own alpha takes the style's alpha;
    ///   `none` removes the tint;
    /// - `--radius` and `--saturation` replace the style's values.
    public static func resolve(
        style: FrostStyle?, tint: TintChoice?, radius: Double?, saturation: Double?
    ) throws(EffectError) -> FrostEffect {
        let chosen = chosenStyle(style: style, tint: tint)
        var effect: FrostEffect
        if chosen == .tint {
            guard case .colour(let colour) = tint else { throw .tintNeedsColour }
            effect = apple(.tint, colour: colour)
            effect.tint = colour.with(alpha: colour.alpha ?? tintEffectAlpha)
        } else {
            effect = apple(chosen)
            switch tint {
            case nil: break
            case .none?: effect.tint = nil
            case .colour(let colour)?:
                effect.tint = colour.with(alpha: colour.alpha ?? effect.tint?.alpha ?? tintEffectAlpha)
            }
        }
        if let radius {
            guard radius.isFinite, (0...limits.radius).contains(radius) else {
                throw .radiusOutOfRange(limit: Int(limits.radius))
            }
            effect.radius = radius
        }
        if let saturation {
            guard saturation.isFinite, (-limits.saturation...limits.saturation).contains(saturation) else {
                throw .saturationOutOfRange(limit: Int(limits.saturation))
            }
            effect.saturation = saturation
        }
        return effect
    }

    /// The style in force: the one asked for, else tint when `--tint` names a colour, else light.
    public static func chosenStyle(style: FrostStyle?, tint: TintChoice?) -> FrostStyle {
        if let style { return style }
        if case .colour = tint { return .tint }
        return .light
    }

    /// Bounds that keep the arithmetic sane; far beyond any useful look.
    public static let limits = (radius: 1000.0, saturation: 10.0, scale: 16.0)

    /// Screen scale check (`--scale`): positive, at most 16.
    public static func validate(scale: Double) throws(EffectError) {
        guard scale.isFinite, scale > 0, scale <= limits.scale else {
            throw .scaleOutOfRange(limit: Int(limits.scale))
        }
    }

    /// The box blur at a screen scale; nil when Apple would skip the blur (radius ≈ 0).
    public func box(scale: Double) -> BoxBlur? {
        BoxBlur(radius: radius, scale: scale)
    }

    /// nil when Apple would skip the saturation step (factor within float epsilon of 1).
    public var saturationMatrix: SaturationMatrix? {
        abs(saturation - 1) > Double(Float.ulpOfOne) ? SaturationMatrix(delta: saturation) : nil
    }

    /// nil when there is nothing to fill (no tint, or a fully transparent one).
    public var tintCompose: TintCompose? {
        guard let tint, let alpha = tint.alpha, alpha > 0 else { return nil }
        return TintCompose(colour: tint, alpha: alpha)
    }
}

/// Normal blend of a colour with alpha `a` over the effect value E: out = E·(1−a) + 255·c·a.
public struct TintCompose: Equatable, Sendable {
    /// Multiplier of the effect value (1 − a).
    public let scale: Double
    /// Added per channel, in R, G, B order, on the 0...255 scale.
    public let offsets: [Double]

    /// The blend of `colour` at opacity `alpha` (0…1).
    public init(colour: Colour, alpha: Double) {
        scale = 1 - alpha
        offsets = [colour.red, colour.green, colour.blue].map { 255 * $0 * alpha }
    }
}
