import CommandSupport
import CoreTypes
import Foundation
import LayoutKit
import PageLayout
import Poppler
import ToolSupport
import Vips

/// What `-o` asks for: one raster image per view in a libvips format, a document a LayoutKit writer
/// makes (`LayoutJob.writers`: PDF sheets, a fixed-layout EPUB, a CBZ), or (with `--format html`)
/// a folder holding the web reader: one of the plan's `OutputKind`s at a path.
struct OutputTarget: Equatable {
    /// The PDF's path, the reader's folder, or the images' name as given (without `[options]`).
    var path: String
    var kind: OutputKind
    /// Saver options for images (`-o page.png[compression=9]`).
    var options: SaverOptions = .none

    /// The image formats pdflayout writes.
    static let imageFormats: [ImageFormat] = [.png, .jpeg, .webp, .tiff]

    /// `--format NAME` (checked by `validate()`): html is the reader, a document's suffix without
    /// its dot (pdf, epub, cbz) that document, the rest images.
    static func kind(format name: String) -> OutputKind {
        if isReader(format: name) { return .format(WebReader.format) }
        return document(suffix: "." + name).map(OutputKind.format) ?? .image(ImageFormat(named: name))
    }

    /// Whether `--format NAME` asks for the web reader (a folder, not files named by a suffix).
    static func isReader(format name: String?) -> Bool { name?.lowercased() == "html" }

    /// The documents pdflayout writes, each one file named by its suffix, in the order messages
    /// list them.
    static var documents: [OutputFormat] { LayoutJob.writers.map(\.format).filter { !$0.isFolder } }

    /// The document `suffix` (".pdf", ".EPUB") names, nil for any other.
    static func document(suffix: String) -> OutputFormat? {
        documents.first { $0.suffix == suffix.lowercased() }
    }

    /// The documents' suffixes, in the order messages list them (".pdf", ".epub", ".cbz").
    static var documentSuffixes: [String] { documents.map(\.suffix) }

    /// The names `--format` takes, as listed to users ("pdf, epub, cbz, png, jpg, webp, tif or
    /// html"); JPEG's and TIFF's long suffixes are taken too.
    static let formatNames: [String] =
        documentSuffixes.map { String($0.dropFirst()) } + imageFormats.map { String($0.suffix.dropFirst()) }
        + ["html"]

    /// Whether `--format NAME` names something pdflayout writes.
    static func isFormat(_ name: String) -> Bool {
        (formatNames + ["jpeg", "tiff"]).contains(name.lowercased())
    }

    /// `-o DIR` or `-o DIR/` with `--format html`.
    static func reader(_ text: String) throws(ToolFailure) -> OutputTarget {
        var folder = text
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        guard !folder.isEmpty, !Destination.isStandardOutput(folder) else {
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
        return OutputTarget(path: folder, kind: .format(WebReader.format))
    }

    /// Reads `-o`: the suffix decides the kind. Errors are command-line errors.
    static func parse(_ text: String) throws(ToolFailure) -> OutputTarget {
        let target = SaveTarget(text)
        guard let suffix = target.suffix else {
            throw ToolFailure(
                "-o \(text): name the output with a suffix: \(Self.suffixList)", status: ExitStatus.usage)
        }
        if let document = document(suffix: suffix) {
            guard target.options.isEmpty else {
                throw ToolFailure(
                    "-o \(text): saver options in [brackets] apply to images, not to \(document.name)",
                    status: ExitStatus.usage)
            }
            return OutputTarget(path: target.path, kind: .format(document))
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
                "-o \(text): cannot write \(suffix) (use \(Self.suffixList))",
                status: ExitStatus.usage)
        }
        _ = try OutputNames.pattern(in: target.path, for: text)
        let options = SaverOptions(parsing: target.options)
        do {
            try options.check(for: format)
        } catch {
            throw ToolFailure("-o \(text): \(error.description)", status: ExitStatus.usage)
        }
        return OutputTarget(path: target.path, kind: .image(format), options: options)
    }

    /// ".pdf, .epub, .cbz, .png, .jpg, .webp or .tif": what `-o` names.
    static var suffixList: String {
        let suffixes = documentSuffixes + imageFormats.map(\.suffix)
        return suffixes.dropLast().joined(separator: ", ") + " or " + suffixes[suffixes.count - 1]
    }

    /// The files written for `views`.
    func paths(views: [View]) -> [String] {
        switch kind {
        case .format(let format): return LayoutJob.writers.first { $0.format == format }?.files(path) ?? [path]
        case .sidecar: return [path]
        case .image: return OutputNames.names(for: path, views: views)
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
    static func names(for name: String, views: [View]) -> [String] {
        names(for: name, numbers: numbers(of: views))
    }

    /// The number in each view's name: its page when every view shows one page (`--pages 3-9 -o
    /// p.png` gives p-003.png … p-009.png), its place otherwise (a spread shows two pages, and
    /// naming it by one of them would read as a page left out).
    static func numbers(of views: [View]) -> [Int] {
        views.allSatisfy { $0.pages.count == 1 } && !views.isEmpty
            ? views.map { $0.pages[0].page } : Array(1...max(views.count, 1))
    }

    static func names(for name: String, numbers: [Int]) -> [String] {
        let numbers = numbers.isEmpty ? [1] : numbers
        if let pattern = try? pattern(in: name, for: name) {
            return numbers.map { pattern.prefix + padded($0, width: pattern.width) + pattern.suffix }
        }
        guard numbers.count > 1 else { return [name] }
        let (stem, extensionText) = parts(of: name)
        let width = max(3, String(numbers.max() ?? 1).count)
        return numbers.map { "\(stem)-\(padded($0, width: width))\(extensionText)" }
    }

    /// `p.png` → ("p", ".png").
    private static func parts(of name: String) -> (stem: String, extensionText: String) {
        let target = SaveTarget(name)
        let stem = target.suffix.map { String(name.dropLast($0.count)) } ?? name
        return (stem, target.suffix.map { String(name.suffix($0.count)) } ?? "")
    }

    private static func padded(_ number: Int, width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
