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

/// Raw photos, known angles and sidecars: the parts of `HorizonJob` that photographers' raw
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

    /// The format of a raw photo's developed copy: -o's, else TIFF (16 bits, as raw shooters keep).
    func rawCopyFormat(_ plan: OutputPlan) -> ImageFormat {
        plan.userFormat ?? .tiff
    }

    /// A raw photo: detection on its preview (or half-size demosaic), sidecars, and with `--fix` a
    /// developed, straightened copy (full demosaic).
    func processRaw(_ batchInput: BatchInput, group: OutputGroup) throws -> HorizonRecord {
        let input = batchInput.path
        let photo = try RawPhoto(path: input)
        let detection: HorizonDetection
        var analysed: Image?
        if let known = knownAngle(for: input) {
            detection = .given(angleDegrees: known, width: photo.metadata.width, height: photo.metadata.height)
        } else {
            let (image, _) = try RawInput.analysisImage(of: photo, source: rawSource, maxPixels: maxPixels)
            var found = try HorizonDetector.detect(image: image, estimator: estimator)
            found.width = photo.metadata.width
            found.height = photo.metadata.height
            detection = found
            analysed = image
            try review?.add(file: input, raw: true, detection: found, picture: image)
        }
        let estimate = detection.estimate
        let plan = estimate.map {
            leveller.plan(width: detection.width, height: detection.height, angleDegrees: $0.angleDegrees)
        }
        var record = HorizonRecord(file: input, detection: detection, levelling: plan?.levelling, crop: plan?.crop)
        record.angleSource = knownAngleSource(for: input)
        record.level = fixes != nil || !sidecars.isEmpty ? false : nil
        if evidence { record.evidence = detection.analysis.candidates.map(HorizonRecord.Candidate.init) }
        let sensor: PP3Profile.RawSensor? =
            switch photo.metadata.colourFilter {
            case .bayer: .bayer
            case .xTrans: .xTrans
            case .none: nil
            }
        try writeSidecars(for: batchInput, estimate: estimate, into: &record, rawSensor: sensor, group: group)

        if let fixes, let estimate {
            if fixes.place == .inPlace {
                throw ToolFailure(
                    "a raw photo is never replaced: --sidecar rawtherapee|darktable|lightroom records the straightening beside it, or --fix -o writes a developed copy"
                )
            }
            let format = rawCopyFormat(fixes)
            // TIFF and PNG keep the demosaic's 16 bits; the others hold 8.
            let bits = format == .tiff || format == .png ? 16 : 8
            let developed = try RawInput.developed(photo, halfSize: false, bits: bits)
            let level = Levelling.isLevel(estimate.angleDegrees)
            record.level = level
            let image = level ? developed : try leveller.level(developed, angleDegrees: estimate.angleDegrees)
            let target = try fixes.resolve(batchInput, as: .image(format))
            let saving = HorizonSaveFormat.choose(
                for: image, userFormat: format, userOptions: target.options, jpegQuality: nil)
            try save(image, to: target.path, format: saving, strip: strip, group: group)
            record.output = target.path
            record.outputs.append(WrittenOutput(path: target.path, width: image.width, height: image.height))
        }
        if let overlays {
            // Drawn on the analysed picture (the preview or half-size demosaic), not a full demosaic.
            let image = try analysed ?? RawInput.analysisImage(of: photo, source: rawSource, maxPixels: maxPixels).image
            let line = (estimate ?? detection.candidate)?.scaled(
                toWidth: Double(image.width), height: Double(image.height)
            ).line
            let drawn = try HorizonOverlay.render(image, line: line, found: estimate != nil)
            try writeOverlay(drawn, for: batchInput, into: &record, plan: overlays, group: group)
        }
        return record
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
        for batchInput: BatchInput, estimate: HorizonEstimate?, into record: inout HorizonRecord,
        rawSensor: PP3Profile.RawSensor? = nil, group: OutputGroup
    ) throws {
        guard !sidecars.isEmpty, let estimate else { return }
        let input = batchInput.path
        if Levelling.isLevel(estimate.angleDegrees) {
            record.level = true
            return
        }
        ProcessControl.removeTemporaryFilesOnInterrupt()
        let geometry = SidecarGeometry(
            width: record.width, height: record.height, horizonDegrees: estimate.angleDegrees, crop: leveller.crop)
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
