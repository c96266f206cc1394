/// A blur setting that cannot work: out of its range, or a style missing what it needs. The
/// description says what is wrong without naming a command-line option; the command adds those.
public enum EffectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tint style was chosen without a colour to tint with.
    case tintNeedsColour
    /// The radius is not from 0 to `limit` points.
    case radiusOutOfRange(limit: Int)
    /// The saturation is not from −`limit` to `limit`.
    case saturationOutOfRange(limit: Int)
    /// The screen scale is not above 0 and at most `limit`.
    case scaleOutOfRange(limit: Int)

    public var description: String {
        switch self {
        case .tintNeedsColour: return "the tint style needs a colour"
        case .radiusOutOfRange(let limit): return "the radius must be from 0 to \(limit) points"
        case .saturationOutOfRange(let limit): return "the saturation must be from -\(limit) to \(limit)"
        case .scaleOutOfRange(let limit):
            return "the scale must be above 0 and at most \(limit) (1 normal screen, 2 HiDPI)"
        }
    }
}
