/// An optional value of a `--json` record, written as `null` when absent instead of left out
/// (docs/JSON.md: a record always has the same keys). Synthesized `Encodable` writes a plain
/// optional property only when present; a wrapped one is written through this, so records need
/// no hand-written `encode(to:)` listing every key.
@propertyWrapper
public struct NullWhenAbsent<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
extension NullWhenAbsent: Equatable where Value: Equatable {}
