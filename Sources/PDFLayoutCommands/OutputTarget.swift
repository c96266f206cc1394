import CommandSupport
import CoreTypes
import LayoutKit
import PageLayout
import Poppler
import ToolSupport
import Vips

/// What `-o` asks for: a vector PDF, one raster image per view in a libvips format, or (with
/// `--format html`) a folder holding a web reader: one of the plan's `OutputKind`s at a path.
struct OutputTarget: Equatable {
    /// The PDF's path, the reader's folder, or the images' name as given (without `[options]`).
    var path: String
    var kind: OutputKind
    /// Saver options for images (`-o page.png[compression=9]`).
    var options: SaverOptions = .none

    /// The image formats pdflayout writes.
    static let imageFormats: [ImageFormat] = [.png, .jpeg, .webp, .tiff]

    /// `--format NAME` (checked by `validate()`): html is the reader, pdf a PDF, the rest images.
    static func kind(format name: String) -> OutputKind {
        switch name.lowercased() {
        case "html": return .reader
        case "pdf": return .pdf
        default: return .image(ImageFormat(named: name))
        }
    }

    /// `-o DIR` or `-o DIR/` with `--format html`.
    static func reader(_ text: String) throws(ToolFailure) -> OutputTarget {
        var folder = text
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        guard !folder.isEmpty, folder != "-" else {
            throw ToolFailure("-o \(text): --format html writes a folder: name it (-o book/)", status: ExitStatus.usage)
        }
        // A folder named like a page would leave users looking for a file that is not there.
        let name = folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".html") || name.hasSuffix(".htm") {
            let suggested = String(folder.dropLast(name.hasSuffix(".html") ? 5 : 4))
            throw ToolFailure(
                "-o \(text): --format html writes a folder (index.html and what it shows), not one file: name the folder (-o \(suggested.isEmpty ? "book" : suggested)/)",
                status: ExitStatus.usage)
        }
        return OutputTarget(path: folder, kind: .reader)
    }

    /// Reads `-o`: the suffix decides the kind. Errors are command-line errors.
    static func parse(_ text: String) throws(ToolFailure) -> OutputTarget {
        let target = SaveTarget(text)
        guard let suffix = target.suffix else {
            throw ToolFailure(
                "-o \(text): name the output with a suffix: .pdf, .png, .jpg, .webp or .tif", status: ExitStatus.usage)
        }
        if suffix == ".pdf" {
            guard target.options.isEmpty else {
                throw ToolFailure(
                    "-o \(text): saver options in [brackets] apply to images, not to PDF", status: ExitStatus.usage)
            }
            return OutputTarget(path: target.path, kind: .pdf)
        }
        if suffix == ".html" || suffix == ".htm" {
            let folder = String(target.path.dropLast(suffix.count))
            throw ToolFailure(
                "-o \(text): the web reader is a folder: write it with --format html -o \(folder.isEmpty ? "book" : folder)/",
                status: ExitStatus.usage)
        }
        let format = ImageFormat(named: suffix)
        guard imageFormats.contains(where: format.isSame), format.canSave else {
            throw ToolFailure(
                "-o \(text): cannot write \(suffix) (use .pdf, .png, .jpg, .webp or .tif)", status: ExitStatus.usage)
        }
        _ = try OutputNames.pattern(in: target.path, for: text)
        return OutputTarget(path: target.path, kind: .image(format), options: SaverOptions(parsing: target.options))
    }

    /// The files written for `views` views.
    func paths(views: Int) -> [String] {
        switch kind {
        case .pdf: return [path]
        case .reader: return [path + "/index.html"]
        case .image: return OutputNames.names(for: path, count: views)
        }
    }

    /// Largest side each format can hold (libvips itself stops at 10 million pixels).
    var maxSide: Int { kind.maxSide }

    var keepsTransparency: Bool { kind.keepsTransparency }
}

/// File names for numbered views: `page.png` → `page-001.png`, `page-002.png`, …, or a printf
/// pattern given in the name (`page-%04d.png`, `%d.png`; `%%` is a literal percent sign).
enum OutputNames {
    /// The width of the number when the name holds a `%d`-style pattern, nil when it holds none.
    struct Pattern {
        var prefix: String
        var suffix: String
        var width: Int
    }

    static func pattern(in name: String, for argument: String) throws(ToolFailure) -> Pattern? {
        var prefix = "", suffix = "", found: Int?
        var characters = name[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                if found == nil { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                if found == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            characters.removeFirst(digits.count)
            guard characters.popFirst() == "d", found == nil, digits.count <= 2 else {
                throw ToolFailure(
                    "-o \(argument): the name may hold one number pattern such as %d or %03d (write %% for a percent sign)",
                    status: ExitStatus.usage)
            }
            found = Int(digits) ?? 0
        }
        return found.map { Pattern(prefix: prefix, suffix: suffix, width: $0) }
    }

    /// One name per view: the name itself for a lone view, numbered otherwise.
    static func names(for name: String, count: Int) -> [String] {
        if let pattern = try? pattern(in: name, for: name) {
            return (1...max(count, 1)).map { pattern.prefix + padded($0, width: pattern.width) + pattern.suffix }
        }
        guard count > 1 else { return [name] }
        let target = SaveTarget(name)
        let stem = target.suffix.map { String(name.dropLast($0.count)) } ?? name
        let extensionText = target.suffix.map { String(name.suffix($0.count)) } ?? ""
        let width = max(3, String(count).count)
        return (1...count).map { "\(stem)-\(padded($0, width: width))\(extensionText)" }
    }

    private static func padded(_ number: Int, width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
