import CoreTypes
import Foundation
import ToolSupport

/// The rules every command applies to what it writes, in one place: an output is never one of the
/// inputs (the same file: same device and inode, so also through a symbolic or hard link), unless
/// the command has an explicit `--in-place` and it was given; and two outputs of one run never go
/// to the same place (the same file, or standard output twice).
public enum OutputSafety {
    /// A file's identity: device and inode, as `stat` gives them (symbolic links followed).
    public struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        /// nil when nothing exists at `path` (yet).
        public init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// True when `a` and `b` name the same file: the same identity when both exist, otherwise
    /// the same path once made absolute and tidied (`./x` and `x`).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        if let first = Identity(a), let second = Identity(b) { return first == second }
        return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
    }

    /// The input among `inputs` that `output` would overwrite, if any.
    public static func input(overwrittenBy output: String, among inputs: [String]) -> String? {
        guard !Destination.isStandardOutput(output) else { return nil }
        let path = SaveTarget(output).path
        return inputs.first { !BatchInput.isStandardInput($0) && sameFile(path, $0) }
    }

    /// The failure for writing `output` over the input `input`: exit 64 (a command-line mistake).
    /// `inPlace` names the command's own flag for rewriting inputs, when it has one.
    public static func overwriteFailure(
        output: String, input: String, option: String, inPlace: String? = nil, status: Int32 = ExitStatus.usage
    ) -> ToolFailure {
        let tidy = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let same =
            tidy(SaveTarget(output).path) == tidy(input)
            ? "is the input itself" : "is the input \(input) (the same file)"
        let hint = inPlace.map { ": write elsewhere, or use \($0) to replace it" } ?? ": write elsewhere"
        return ToolFailure("\(option) \(output) \(same); inputs are never overwritten\(hint)", status: status)
    }

    /// Refuses `output` when it is one of `inputs`.
    public static func refuseOverwriting(
        _ output: String, inputs: [String], option: String = "-o", inPlace: String? = nil
    ) throws(ToolFailure) {
        if let input = input(overwrittenBy: output, among: inputs) {
            throw overwriteFailure(output: output, input: input, option: option, inPlace: inPlace)
        }
    }

    /// Refuses two outputs that would land in the same place: standard output twice, or the same
    /// file. `outputs` are (option, path) pairs; nil paths (not asked for) are left out.
    public static func refuseSamePlace(_ outputs: [(option: String, path: String?)]) throws(ToolFailure) {
        let given = outputs.compactMap { output in output.path.map { (output.option, SaveTarget($0).path) } }
        for (index, first) in given.enumerated() {
            for second in given[(index + 1)...] {
                let toStandardOutput = (Destination.isStandardOutput(first.1), Destination.isStandardOutput(second.1))
                let clash =
                    toStandardOutput.0 || toStandardOutput.1
                    ? toStandardOutput.0 && toStandardOutput.1
                    : !first.1.hasSuffix("/") && !second.1.hasSuffix("/") && sameFile(first.1, second.1)
                if clash {
                    let place = toStandardOutput.0 ? "standard output" : first.1
                    throw ToolFailure(
                        "\(first.0) and \(second.0) would both write \(place): give each its own place",
                        status: ExitStatus.usage)
                }
            }
        }
    }
}
