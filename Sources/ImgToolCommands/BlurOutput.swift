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
            throw ToolFailure("refusing to write image data to a terminal: give -o FILE or redirect, e.g. imgtool blur shot.png > out.png",
                              status: ExitStatus.usage)
        }
        if let format {
            let name = format.lowercased()
            suffix = name.hasPrefix(".") ? name : "." + name
        } else if toFile {
            guard let fromName = target?.suffix else {
                throw ToolFailure(file: target?.path ?? "-", "no suffix to choose the format from: add one (.png, .jpg, .webp) or --format",
                                  status: ExitStatus.usage)
            }
            suffix = fromName
        } else {
            suffix = ".png"
        }
        guard Image.canSave(format: suffix) else {
            throw ToolFailure("cannot write \"\(suffix)\" images: use png, jpg, webp, tif or another format libvips saves",
                              status: ExitStatus.usage)
        }
        var parts: [String] = []
        if let bracketed = target?.options, bracketed.count > 2 {
            parts.append(String(bracketed.dropFirst().dropLast()))
        }
        if let pngCompression {
            guard suffix == ".png" else {
                throw ToolFailure("--png-compression applies to PNG output only (the output is \(suffix))", status: ExitStatus.usage)
            }
            guard (0...9).contains(pngCompression) else {
                throw ToolFailure("--png-compression must be from 0 to 9", status: ExitStatus.usage)
            }
            parts.append("compression=\(pngCompression)")
        }
        options = parts.isEmpty ? "" : "[" + parts.joined(separator: ",") + "]"
    }

    /// Writes the image; a file appears whole or not at all (temporary file, fsync, rename).
    func write(_ image: Image, strip: Bool) throws(ToolFailure) {
        guard let path else {
            do {
                try image.save(toDescriptor: 1, format: suffix, options: options, strip: strip)
            } catch {
                throw ToolFailure("<stdout>: \(error.description)")
            }
            return
        }
        TemporaryFiles.shared.removeOnInterrupt()
        do {
            try AtomicOutput.write(to: path) { temporary in
                // The temporary name has no suffix: the format is passed explicitly.
                try image.save(to: temporary, format: suffix, options: options, strip: strip)
            }
        } catch let failure as ToolFailure {
            throw failure
        } catch let failure as VipsError {
            throw ToolFailure(file: path, failure.description)
        } catch {
            throw ToolFailure(file: path, "\(error)")
        }
    }

    /// The name for messages.
    var shownName: String { path ?? "<stdout>" }
}
