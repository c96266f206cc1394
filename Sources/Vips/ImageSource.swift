/// Where an image is read from: a file, or an open descriptor (a pipe, standard input), streamed.
/// This face never reads standard input on its own: a caller that wants it passes `.descriptor(0)`.
public enum ImageSource: Sendable, Equatable {
    case file(String)
    case descriptor(Int32)

    /// True when the image can be read a second time (a pipe reads once).
    public var isRereadable: Bool {
        if case .file = self { return true }
        return false
    }
}

extension Image {
    /// Loads from a file or a descriptor, as `load(_:…)` and `load(descriptor:…)` do.
    public static func load(
        _ source: ImageSource, autorotate: Bool = true, access: Access = .random,
        maxPixels: Int = defaultMaxPixels
    ) throws(VipsError) -> Image {
        switch source {
        case .file(let path): return try load(path, autorotate: autorotate, access: access, maxPixels: maxPixels)
        case .descriptor(let descriptor):
            return try load(descriptor: descriptor, autorotate: autorotate, access: access, maxPixels: maxPixels)
        }
    }
}
