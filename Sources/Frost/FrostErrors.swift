import ToolSupport

/// Why a `--region` value is not a rectangle.
public struct RegionError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "\"\(text)\" is not a region: \(reason) (use x,y,width,height in pixels, e.g. 40,60,300,40)" }
}

/// A combination of blur options that cannot work together.
public struct EffectError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
