/// One file a command wrote, as every `--json` record lists it under `outputs` (docs/JSON.md):
/// the path ("-" for standard output) and, for images, the size in pixels (null for PDFs).
public struct WrittenOutput: Encodable, Sendable, Equatable {
    public var path: String
    public var width: Int?
    public var height: Int?

    public init(path: String, width: Int? = nil, height: Int? = nil) {
        self.path = path
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey { case path, width, height }

    /// Absent sizes are written as null, never left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}
