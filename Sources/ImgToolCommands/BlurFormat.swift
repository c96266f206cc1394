import CommandSupport
import CoreTypes
import ToolSupport
import Vips

/// The format and saver options of what `imgtool blur` writes: `--format`, else the `-o` file's
/// suffix, else PNG on standard output, else (in a folder) each input's own format when libvips
/// writes it. Mistakes are command-line mistakes (exit 64).
enum BlurFormat {
    /// The format every input is written in, nil when each keeps its own (`-o DIR/` without `--format`).
    static func fixed(format: String?, plan: OutputPlan) throws(ToolFailure) -> ImageFormat? {
        if let format {
            let asked = ImageFormat(named: format)
            // A PNG named .webp misleads every program that trusts the name: refuse, as pdflayout does.
            if case .file(let target) = plan.place, let named = ImageFormat(path: target.path), !named.isSame(as: asked)
            {
                throw ToolFailure(
                    "-o \(target.path) is named \(named.suffix) and --format asks for \(format): the suffix picks the format, so leave out --format or name the file for it",
                    status: ExitStatus.usage)
            }
            return asked
        }
        switch plan.place {
        case .file(let target):
            guard let suffix = target.suffix else {
                throw ToolFailure(
                    file: target.path, "no suffix to choose the format from: add one (.png, .jpg, .webp) or --format",
                    status: ExitStatus.usage)
            }
            return ImageFormat(named: suffix)
        case .standardOutput:
            return .png
        case .beside, .folder, .inPlace:
            return nil
        }
    }

    /// An input's own format when libvips writes it here, PNG otherwise.
    static func own(_ input: BatchInput) -> ImageFormat {
        guard !input.isStandardInput, let format = ImageFormat(path: input.path), format.canSave else { return .png }
        return format
    }

    /// The saver options for `format`: those given in brackets, then `--png-compression`. Refuses a
    /// format libvips cannot write here and a PNG level for another format.
    static func options(
        for format: ImageFormat, given: SaverOptions, pngCompression: Int?
    ) throws(ToolFailure) -> SaverOptions {
        try ImageOutput.checkWritable(format)
        try ImageOutput.checkSaverOptions(given, format: format)
        guard let pngCompression else { return given }
        guard format.isSame(as: .png) else {
            throw ToolFailure(
                "--png-compression applies to PNG output only (the output is \(format.suffix))",
                status: ExitStatus.usage)
        }
        guard (0...9).contains(pngCompression) else {
            throw ToolFailure("--png-compression must be from 0 to 9", status: ExitStatus.usage)
        }
        return given.adding("compression", "\(pngCompression)")
    }
}
