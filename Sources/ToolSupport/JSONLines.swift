import Foundation

/// One JSON object per line, snake_case keys, stable key order.
public struct JSONLines: Sendable {
    public init() {}

    public func line<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The record of `file` as a line; a record that cannot be encoded (a number that is not
    /// finite) fails the file, exit status 1, instead of printing nothing.
    public func line<T: Encodable>(_ value: T, of file: String) throws(ToolFailure) -> String {
        do {
            return try line(value)
        } catch let EncodingError.invalidValue(_, context) {
            throw ToolFailure(file: file, "its JSON record could not be encoded (\(context.debugDescription))")
        } catch {
            throw ToolFailure(file: file, "its JSON record could not be encoded (\(error))")
        }
    }
}
