/// A RawTherapee processing profile (`.pp3`, an INI file), kept line for line so that every
/// setting this tool does not own survives: only the keys set are changed or added.
public struct PP3Profile: Sendable, Equatable {
    /// A line the parser did not understand, with its number (1-based).
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var text: String
        public var description: String { "line \(line) is neither [section], key=value nor a comment: \(text)" }
    }

    private enum Line: Sendable, Equatable {
        case section(String)
        case entry(key: String, value: String)
        case other(String)  // blank or comment, kept as written
    }

    private var lines: [Line]

    /// An empty profile with RawTherapee 5.9's version header.
    public init() {
        lines = [.section("Version"), .entry(key: "AppVersion", value: "5.9"), .entry(key: "Version", value: "346")]
    }

    /// Parses a profile; anything but sections, entries (inside a section, with a plain key), blank
    /// lines and `#`/`;` comments is refused.
    public init(text: String) throws(Malformed) {
        lines = []
        var number = 0
        var inSection = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") {
                lines.append(.other(line))
            } else if trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count >= 2 {
                lines.append(.section(String(trimmed.dropFirst().dropLast())))
                inSection = true
            } else if inSection, let equals = line.firstIndex(of: "="), Self.isKey(line[..<equals]) {
                lines.append(.entry(key: String(line[..<equals]), value: String(line[line.index(after: equals)...])))
            } else {
                throw Malformed(line: number, text: line)
            }
        }
        // A final newline makes one empty last element: the text is written back with one.
        if case .other("") = lines.last { lines.removeLast() }
    }

    /// RawTherapee's keys: letters, digits and a few separators ("Compensation", "Curve2", "ICM_Profile").
    private static func isKey(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || " _-.()".contains($0) }
    }

    /// The value of `key` in `section`, nil when absent.
    public func value(_ key: String, in section: String) -> String? {
        var current: String?
        for line in lines {
            switch line {
            case .section(let name): current = name
            case .entry(let k, let v) where current == section && k == key: return v
            default: break
            }
        }
        return nil
    }

    /// Sets `key` in `section`: replaced where it is, else added at the end of the section (the
    /// section is added at the end of the file when missing).
    public mutating func set(_ key: String, _ value: String, in section: String) {
        var current: String?
        var sectionEnd: Int?
        for index in lines.indices {
            switch lines[index] {
            case .section(let name):
                current = name
                if name == section { sectionEnd = index + 1 }
            case .entry(let k, _) where current == section:
                if k == key {
                    lines[index] = .entry(key: key, value: value)
                    return
                }
                sectionEnd = index + 1
            default: break
            }
        }
        if let sectionEnd {
            lines.insert(.entry(key: key, value: value), at: sectionEnd)
        } else {
            if let last = lines.last, last != .other("") { lines.append(.other("")) }
            lines.append(.section(section))
            lines.append(.entry(key: key, value: value))
        }
    }

    /// The profile as text, one line each, ending with a newline.
    public var text: String {
        lines.map { line in
            switch line {
            case .section(let name): return "[\(name)]"
            case .entry(let key, let value): return "\(key)=\(value)"
            case .other(let text): return text
            }
        }.joined(separator: "\n") + "\n"
    }

    /// The sensors RawTherapee demosaics with a border of pixels left out on every side ([RAW
    /// Bayer] Border, 4 by default; [RAW X-Trans] Border, 7): its picture of a raw photo is that
    /// much smaller than the raw's own size, and [Crop] counts pixels in its picture.
    public enum RawSensor: Sendable, Equatable {
        case bayer, xTrans

        var section: String { self == .bayer ? "RAW Bayer" : "RAW X-Trans" }
        var defaultBorder: Int { self == .bayer ? 4 : 7 }
    }

    /// The pixels RawTherapee leaves out on each side of a raw photo from `sensor` with this
    /// profile (0 for other photos).
    public func border(_ sensor: RawSensor?) -> Int {
        guard let sensor else { return 0 }
        return value("Border", in: sensor.section).flatMap { Int($0) }.map { max(0, $0) } ?? sensor.defaultBorder
    }

    /// Sets the straightening this tool owns: [Rotation] Degree, the transformations' AutoFill
    /// (off: the crop below decides what is kept) and [Crop], in RawTherapee's picture of the photo
    /// (a raw photo's `sensor` says how much smaller that is than `geometry`'s size).
    public mutating func straighten(_ geometry: SidecarGeometry, sensor: RawSensor? = nil) {
        set("Degree", SidecarNumber.text(geometry.counterClockwiseDegrees, digits: 3), in: "Rotation")
        set("AutoFill", "false", in: "Common Properties for Transformations")
        var shown = geometry
        let border = Double(2 * border(sensor))
        if border > 0, geometry.width > border, geometry.height > border {
            shown.width -= border
            shown.height -= border
        }
        let crop = shown.rawTherapeeCrop
        let cropping = geometry.crop != .none
        set("Enabled", cropping ? "true" : "false", in: "Crop")
        set("X", "\(crop.x)", in: "Crop")
        set("Y", "\(crop.y)", in: "Crop")
        set("W", "\(crop.width)", in: "Crop")
        set("H", "\(crop.height)", in: "Crop")
        set("FixedRatio", "false", in: "Crop")
    }
}

/// Numbers as the sidecars write them: fixed digits, no "-0", no exponent.
public enum SidecarNumber {
    public static func text(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        let magnitude = Swift.abs(rounded)
        var whole = Int(magnitude)
        var fraction = Int(((magnitude - Double(whole)) * scale).rounded())
        if Double(fraction) >= scale {
            whole += 1
            fraction = 0
        }
        var digitsText = String(fraction)
        while digitsText.count < digits { digitsText = "0" + digitsText }
        while digitsText.hasSuffix("0") { digitsText.removeLast() }
        let sign = rounded < 0 ? "-" : ""
        return digitsText.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(digitsText)"
    }
}
