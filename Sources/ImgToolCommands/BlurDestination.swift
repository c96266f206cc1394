import CoreTypes
import ToolSupport
import Vips

/// Where `imgtool blur` writes: a file (atomically) or standard output, in which format and with
/// which saver options.
struct BlurDestination: Equatable {
    /// nil for standard output.
    let path: String?
    /// The saver suffix, e.g. ".png".
    let suffix: String
    /// A libvips option string, e.g. "[compression=1]", or empty.
    let options: String

    /// Reads `-o` (a path, `-`, or nothing), `--format` and `--png-compression`. Failures are
    /// command-line mistakes (exit 64).
    init(output: String?, format: String?, pngCompression: Int?, standardOutputIsTerminal: Bool) throws(ToolFailure) {
        let target = output.map { SaveTarget($0) }
        let toFile = target.map { $0.path != "-" } ?? false
        path = toFile ? target?.path : nil
        if !toFile && standardOutputIsTerminal {
            throw ToolFailure(
                "refusing to write image data to a terminal: give -o FILE or redirect, e.g. imgtool blur shot.png > out.png",
                status: ExitStatus.usage)
        }
        if let format {
            suffix = Self.suffix(forFormat: format)
        } else if toFile {
            guard let fromName = target?.suffix else {
                throw ToolFailure(
                    file: target?.path ?? "-",
                    "no suffix to choose the format from: add one (.png, .jpg, .webp) or --format",
                    status: ExitStatus.usage)
            }
            suffix = fromName
        } else {
            suffix = ".png"
        }
        options = try Self.saverOptions(
            suffix: suffix, bracketed: target?.options ?? "", pngCompression: pngCompression)
    }

    /// Checks `--format` and `--png-compression` once, before a batch writes anything.
    static func validate(format: String, pngCompression: Int?) throws(ToolFailure) {
        _ = try saverOptions(suffix: suffix(forFormat: format), bracketed: "", pngCompression: pngCompression)
    }

    /// `--format png` or `--format .png` → ".png".
    private static func suffix(forFormat format: String) -> String {
        let name = format.lowercased()
        return name.hasPrefix(".") ? name : "." + name
    }

    /// The libvips option string for `suffix`; refuses formats libvips cannot write and a PNG level
    /// for another format.
    private static func saverOptions(
        suffix: String, bracketed: String, pngCompression: Int?
    ) throws(ToolFailure) -> String {
        try ImageOutput.checkWritable(suffix)
        var parts: [String] = []
        if bracketed.count > 2 {
            parts.append(String(bracketed.dropFirst().dropLast()))
        }
        if let pngCompression {
            guard suffix == ".png" else {
                throw ToolFailure(
                    "--png-compression applies to PNG output only (the output is \(suffix))", status: ExitStatus.usage)
            }
            guard (0...9).contains(pngCompression) else {
                throw ToolFailure("--png-compression must be from 0 to 9", status: ExitStatus.usage)
            }
            parts.append("compression=\(pngCompression)")
        }
        return parts.isEmpty ? "" : "[" + parts.joined(separator: ",") + "]"
    }

    /// Writes the image; a file appears whole or not at all (temporary file, fsync, rename).
    func write(_ image: Image, strip: Bool) throws(ToolFailure) {
        try ImageOutput.write(image, to: path ?? "-", suffix: suffix, options: options, strip: strip)
    }

    /// The name for messages.
    var shownName: String { path ?? "<stdout>" }
}
