import Foundation

/// One JSON object per line, snake_case keys, stable key order.
public struct JSONLines: Sendable {
    public init() {}

    public func line<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try Self.encoder().encode(value), as: UTF8.self)
    }

    /// The one set-up of the tools' JSON (records, the review page's photos.js, the web reader's
    /// book.json; docs/JSON.md): snake_case keys, sorted, slashes as they are.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
