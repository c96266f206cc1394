import Foundation
import ToolSupport

/// `-o -` for outputs that must be written to a named file first (a PDF that qpdf writes, an image
/// that libvips assembles from strips): a private temporary folder, the file written there, then
/// copied to standard output whole, and the folder removed (also when the run is interrupted,
/// like every temporary).
public final class StandardOutputSpool: Sendable {
    /// The private folder.
    public let folder: URL

    public init() throws(ToolFailure) {
        do {
            folder = URL(fileURLWithPath: try AbandonedTemporaries.makeTemporaryFolder(prefix: "pdflayout"))
        } catch {
            throw ToolFailure("cannot make a temporary folder for standard output: \(SystemErrorText.reason(error))")
        }
    }

    /// The file to write in the folder.
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Streams a finished file to standard output.
    public func copyToStandardOutput(_ path: String) throws(ToolFailure) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ToolFailure(file: Destination.standardOutputShown, "the written file could not be read back")
        }
        defer { try? handle.close() }
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try FileHandle.standardOutput.write(contentsOf: chunk)
            }
        } catch {
            throw ToolFailure(file: Destination.standardOutputShown, "cannot write: \(SystemErrorText.reason(error))")
        }
    }

    /// Removes the folder and what it holds.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
        TemporaryFiles.shared.forget(folder.path)
    }
}
