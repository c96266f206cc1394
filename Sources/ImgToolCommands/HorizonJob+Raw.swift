import CommandSupport
import CoreTypes
import Foundation
import Horizon
import HorizonKit
import LibRaw
import SidecarKit
import Sidecars
import ToolSupport
import Vips

/// Known angles, the drawing and sidecars: the parts of `HorizonJob` that photographers' raw
/// workflows add.
extension HorizonJob {
    /// The tilt to apply without detecting: `--angle`, or the reviewed decision for this photo.
    func knownAngle(for input: String) -> Double? {
        givenAngle ?? decisions?.angle(for: input)
    }

    /// Where `knownAngle` comes from, as the text line says it; nil when the tilt is measured.
    func knownAngleSource(for input: String) -> String? {
        if givenAngle != nil { return "given with --angle" }
        return decisions?.angle(for: input) == nil ? nil : "accepted on the review page"
    }

    /// Saves the drawn `--overlay` picture where the plan puts it; the record lists it under outputs.
    func writeOverlay(
        _ drawn: Image, for batchInput: BatchInput, into record: inout HorizonRecord, plan overlays: OutputPlan,
        group: OutputGroup
    )
        throws
    {
        let target = try overlays.resolve(batchInput, as: .image(overlays.userFormat ?? .jpeg))
        let format = HorizonSaveFormat.choose(
            for: drawn, userFormat: ImageFormat(path: target.path) ?? .jpeg, userOptions: target.options,
            jpegQuality: nil)
        try save(drawn, to: target.path, format: format, strip: true, group: group)
        record.outputs.append(WrittenOutput(path: target.path, width: drawn.width, height: drawn.height))
    }

    /// Each `--sidecar`'s path for `input`, as the plan resolves it.
    func sidecarPaths(for input: BatchInput, create: Bool = true) throws(ToolFailure) -> [String] {
        guard let sidecarPlan else { return [] }
        return try sidecars.map { editor throws(ToolFailure) in
            try sidecarPlan.resolve(input, as: .sidecar(editor.name), create: create).path
        }
    }

    /// Writes each `--sidecar` for a found, not-level tilt; the record lists them under outputs.
    func writeSidecars(
        for batchInput: BatchInput, result: HorizonResult, into record: inout HorizonRecord, group: OutputGroup
    ) throws {
        guard !sidecars.isEmpty, let estimate = result.estimate else { return }
        let input = batchInput.path
        if result.isLevel {
            record.level = true
            return
        }
        let rawSensor: PP3Profile.RawSensor? =
            switch result.raw?.metadata.colourFilter {
            case .some(.bayer): .bayer
            case .some(.xTrans): .xTrans
            default: nil
            }
        ProcessControl.removeTemporaryFilesOnInterrupt()
        let geometry = SidecarGeometry(
            width: record.width, height: record.height, horizonDegrees: estimate.angleDegrees,
            crop: request.leveller.crop)
        for (editor, target) in zip(sidecars, try sidecarPaths(for: batchInput)) {
            let path = try SidecarWriter.write(
                editor, for: input, geometry: geometry, sidecarPath: target, rawSensor: rawSensor, group: group)
            record.outputs.append(WrittenOutput(path: path))
            record.sidecars.append(path)
        }
    }
}

/// Raw suffixes as folder scans take them (lower case, no dot).
enum RawFiles {
    static let suffixes = Set(RawPhoto.suffixes.map { String($0.dropFirst()) })
}
