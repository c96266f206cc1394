/// Why a `--region` value is not a rectangle.
public struct RegionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `--region` text as given.
    public let text: String
    /// What is wrong with it, e.g. "it needs 4 numbers, found 3".
    public let reason: String

    /// The error for `text`, refused because of `reason`.
    public init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    /// One line for the command line, with an example of a valid region.
    public var description: String { "\"\(text)\" is not a region: \(reason) (use x,y,width,height in pixels, e.g. 40,60,300,40)" }
}

/// A combination of blur options that cannot work together.
public struct EffectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What cannot work together, as one line.
    public let message: String
    /// The error with its one-line message.
    public init(_ message: String) { self.message = message }
    /// The message itself.
    public var description: String { message }
}
