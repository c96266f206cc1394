import CoreTypes
import Foundation
import Horizon
import Sidecars
import ToolSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Why a sidecar was not written.
public struct SidecarError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The existing sidecar could not be understood: it was left exactly as it was.
        case malformed
        /// It could not be read or written (permissions, missing folder, disk full).
        case io
    }

    public var kind: Kind
    public var path: String
    public var reason: String

    public var description: String {
        switch kind {
        case .malformed: return "\(path): existing sidecar not understood, left unchanged: \(reason)"
        case .io: return "\(path): \(reason)"
        }
    }
}

/// Writes or updates the straightening in an editor's sidecar beside a photo. The photo is never
/// opened for writing; an existing sidecar keeps every setting this tool does not own and is
/// replaced atomically (a temporary beside it, renamed), or left unchanged when malformed.
public enum SidecarWriter {
    /// Writes `editor`'s sidecar for `photo` and returns its path. `sidecarPath` overrides the
    /// default place (`SidecarEditor.path(for:)`); `rawSensor` is a raw photo's (RawTherapee
    /// leaves a border of it out of its picture), nil for other photos. With a `group`, the new
    /// sidecar waits there to be moved into place with the photo's other outputs.
    @discardableResult
    public static func write(
        _ editor: SidecarEditor, for photo: String, geometry: SidecarGeometry, sidecarPath: String? = nil,
        rawSensor: PP3Profile.RawSensor? = nil, group: OutputGroup? = nil
    ) throws(SidecarError) -> String {
        let path = sidecarPath ?? editor.path(for: photo)
        let existing = try read(path)
        let text: String
        do {
            switch editor {
            case .rawtherapee:
                var profile =
                    try existing.map { text throws(PP3Profile.Malformed) in try PP3Profile(text: text) }
                    ?? PP3Profile()
                profile.straighten(geometry, sensor: rawSensor)
                text = profile.text
            case .darktable:
                text = try xmlEditing.withLock { _ in
                    try XMPSidecar.darktable(existing: existing, photo: photo, geometry: geometry)
                }
            case .lightroom:
                text = try xmlEditing.withLock { _ in try XMPSidecar.lightroom(existing: existing, geometry: geometry) }
            }
        } catch {
            throw SidecarError(kind: .malformed, path: path, reason: "\(error)")
        }
        if text == existing { return path }
        do {
            try AtomicOutput.write(to: path, group: group) { temporary in
                try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            }
        } catch let error as FileWriteError {
            throw SidecarError(kind: .io, path: path, reason: error.reason)
        } catch {
            throw SidecarError(kind: .io, path: path, reason: "cannot write: \(SystemErrorText.reason(error))")
        }
        return path
    }

    /// One XMP document edited at a time: FoundationXML's libxml2 glue is not known to be safe
    /// across threads, and batches write sidecars from several workers (the edit takes microseconds).
    private static let xmlEditing = Locked(())

    private static func read(_ path: String) throws(SidecarError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let text = String(data: data, encoding: .utf8) else {
                throw SidecarError(kind: .malformed, path: path, reason: "not UTF-8 text")
            }
            return text
        } catch let error as SidecarError {
            throw error
        } catch {
            throw SidecarError(kind: .io, path: path, reason: "cannot read: \(SystemErrorText.reason(error))")
        }
    }
}
