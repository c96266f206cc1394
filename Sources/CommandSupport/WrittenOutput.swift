import CoreTypes

/// One file a command wrote, as every `--json` record lists it under `outputs` (docs/JSON.md):
/// the path ("-" for standard output) and, for images, the size in pixels (null for PDFs).
public struct WrittenOutput: Encodable, Sendable, Equatable {
    public var path: String
    @NullWhenAbsent public var width: Int?
    @NullWhenAbsent public var height: Int?

    public init(path: String, width: Int? = nil, height: Int? = nil) {
        self.path = path
        self.width = width
        self.height = height
    }
}
