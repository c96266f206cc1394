import CommandSupport
import CoreTypes
import Foundation
import ToolSupport
import Vips

/// The one way imgtool writes an image: to a file that appears whole or not at all (temporary
/// file, fsync, rename: `AtomicOutput`), or to standard output for `-`.
enum ImageOutput {
    /// Refuses an output suffix libvips cannot write here (or writes only through a blocked saver,
    /// as .bmp through ImageMagick): a command-line mistake, exit 64, with the list of what can be written.
    static func checkWritable(_ format: ImageFormat) throws(ToolFailure) {
        guard !format.canSave else { return }
        if format.isSame(as: .avif) {
            throw ToolFailure(
                "cannot write AVIF here: libheif has no AV1 encoder (install libaom3, or libheif-plugin-aomenc where libheif has plugins); .avif is never written with HEVC, which browsers cannot open",
                status: ExitStatus.usage)
        }
        let writable = ImgTool.Formats.candidates.filter { Image.canSave(format: $0) }
        throw ToolFailure(
            "cannot write \"\(format.suffix)\" images: use \(writable.joined(separator: " ")) (imgtool formats)",
            status: ExitStatus.usage)
    }

    /// Refuses saver options (`-o 'q.jpg[Q=500]'`) the saver would not take, before anything is
    /// read: a command-line mistake, exit 64, in plain words.
    static func checkSaverOptions(_ options: SaverOptions, format: ImageFormat) throws(ToolFailure) {
        do {
            try options.check(for: format)
        } catch {
            throw ToolFailure(Failures.message(error), status: ExitStatus.usage)
        }
    }

    /// Writes `image` in `format` with the saver `options`. Kept metadata never keeps the EXIF
    /// thumbnail: it shows the picture before the change (the unfrosted screenshot, the tilted photo).
    static func write(
        _ original: Image, to path: String, format: ImageFormat, options: SaverOptions, strip: Bool,
        group: OutputGroup? = nil
    ) throws(ToolFailure) {
        let image: Image
        do {
            image = strip ? original : try original.withoutThumbnail()
        } catch {
            throw Failures.failure(error, file: path)
        }
        guard path != "-" else {
            do {
                try image.save(toDescriptor: 1, format: format, options: options, strip: strip)
            } catch {
                throw Failures.failure(error, file: "<stdout>")
            }
            return
        }
        ProcessControl.removeTemporaryFilesOnInterrupt()
        do {
            try AtomicOutput.write(to: path, group: group) { temporary in
                // The temporary name has no suffix: the format is passed explicitly.
                try image.save(to: temporary, format: format, options: options, strip: strip)
            }
        } catch {
            throw Failures.failure(error, file: path)
        }
    }

    /// Writes bytes already encoded (a photo's own, copied unchanged) the same way: to a file
    /// that appears whole or not at all, or to standard output for `-`.
    static func write(bytes data: Data, to path: String, group: OutputGroup? = nil) throws(ToolFailure) {
        guard path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        ProcessControl.removeTemporaryFilesOnInterrupt()
        do {
            try AtomicOutput.write(to: path, group: group) { temporary in
                try data.write(to: URL(fileURLWithPath: temporary))
            }
        } catch {
            throw Failures.failure(error, file: path)
        }
    }
}
