import CoreTypes
import Foundation
import ToolSupport

/// Where a command writes the file made from each input (`imgtool horizon --fix`, `--overlay`,
/// `imgtool blur`): beside it, into a folder that mirrors the input tree, one named file, standard
/// output, or over the input. Inputs are never overwritten except with `--in-place`.
public struct OutputDestinations: Sendable {
    public enum Mode: Sendable, Equatable {
        /// Beside the input: `photo.jpg` → `photo-level.jpg`.
        case beside
        /// Into a folder, same file name; files found under a folder argument keep their subfolders.
        case folder(String)
        /// One named file (one input only), with optional saver options in brackets.
        case file(SaveTarget)
        /// Over the input, atomically.
        case inPlace
        /// `-o -`: standard output, in the input's format (one input only).
        case standardOutput
    }

    public let mode: Mode
    /// Appended to the file name beside the input (`-level`), and in folders when `tagInFolders`.
    public let tag: String
    public let tagInFolders: Bool
    /// The command's flag that rewrites inputs (`--in-place`), named in the refusal; nil when it has none.
    public let inPlaceFlag: String?
    /// The option the destinations come from (`-o`, `--overlay`), for messages.
    public let option: String
    /// Every input file's identity: no destination may be one of them (`OutputSafety`).
    private let inputPaths: [String]

    /// Reads `-o` / `--overlay` and `--in-place`. Mistakes are command-line errors (exit 64).
    public init(
        output: String?, inPlace: Bool, inputs: [BatchInput], tag: String, tagInFolders: Bool,
        option: String, inPlaceFlag: String? = nil
    ) throws(ToolFailure) {
        self.tag = tag
        self.tagInFolders = tagInFolders
        self.inPlaceFlag = inPlaceFlag
        self.option = option
        inputPaths = inputs.filter { !$0.isStandardInput }.map(\.path)
        if inPlace {
            guard output == nil else { throw usage("--in-place and \(option) cannot be combined") }
            guard !inputs.contains(where: \.isStandardInput) else {
                throw usage("--in-place cannot rewrite standard input")
            }
            mode = .inPlace
            return
        }
        guard let output else {
            guard !inputs.contains(where: \.isStandardInput) else {
                throw usage("standard input has no folder to write beside: give \(option) FILE")
            }
            mode = .beside
            return
        }
        if output == "-" {
            guard inputs.count == 1 else {
                throw usage("\(option) - (standard output) takes one input, not \(inputs.count)")
            }
            mode = .standardOutput
            return
        }
        if Self.namesFolder(output) {
            mode = .folder(output.hasSuffix("/") ? String(output.dropLast()) : output)
            if inputs.contains(where: \.isStandardInput) && inputs.count > 1 {
                throw usage("standard input has no file name to use in \(output): give \(option) FILE")
            }
        } else {
            guard inputs.count == 1 else {
                throw usage(
                    "\(option) \(output) names one file but there are \(inputs.count) inputs: give a folder (ending in /)"
                )
            }
            mode = .file(SaveTarget(output))
            try OutputSafety.refuseOverwriting(output, inputs: inputPaths, option: option, inPlace: inPlaceFlag)
        }
        // Two inputs called the same would write the same file in one folder.
        if case .folder = mode {
            var seen: [String: BatchInput] = [:]
            for input in inputs {
                let name = input.relativePath
                if let first = seen[name] {
                    throw usage("\(first) and \(input) would both be written as \(name) in \(output)")
                }
                seen[name] = input
            }
        }
    }

    /// The path to write for `input` when the output format is `suffix`, and the user's saver
    /// options (from `-o name.ext[options]`). With `create`, the folders of a `-o DIR/` are made.
    public func destination(
        for input: BatchInput, suffix: String, keepsInputFormat: Bool,
        create: Bool = true
    ) throws(ToolFailure) -> (path: String, options: String) {
        let url = URL(fileURLWithPath: input.isStandardInput ? "stdin" : input.path)
        let stem = url.deletingPathExtension().lastPathComponent
        // Keep the input's own extension (its case, .jpeg vs .jpg) when the format is unchanged.
        let ext = keepsInputFormat && !url.pathExtension.isEmpty ? "." + url.pathExtension : suffix
        let path: String
        var options = ""
        switch mode {
        case .inPlace:
            path = input.path
        case .standardOutput:
            return ("-", "")
        case .beside:
            path = url.deletingLastPathComponent().appendingPathComponent(stem + tag + ext).path
        case .folder(let folder):
            // Mirror the input tree: photos/2024/a.jpg found in photos/ goes to DIR/2024/a.jpg.
            let subfolder = input.foundInFolder ? (input.relativePath as NSString).deletingLastPathComponent : ""
            let target = subfolder.isEmpty ? folder : (folder as NSString).appendingPathComponent(subfolder)
            if create {
                do {
                    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                } catch  where !InputScan.isFolder(target) {
                    // Another worker or shard making the same folder at the same moment is no failure.
                    throw ToolFailure(file: target, "cannot create the folder: \(error.localizedDescription)")
                } catch {}
            }
            let name = tagInFolders ? stem + tag + ext : stem + ext
            path = (target as NSString).appendingPathComponent(name)
        case .file(let target):
            path = target.path
            options = target.options
        }
        // Never over an input (this one or another of the batch), except with --in-place.
        if mode != .inPlace, let overwritten = OutputSafety.input(overwrittenBy: path, among: inputPaths) {
            // One input: the command line's mistake (64); in a batch, that file's failure alone (1).
            let status = inputPaths.count > 1 ? ExitStatus.failure : ExitStatus.usage
            let failure = OutputSafety.overwriteFailure(
                output: path, input: overwritten, option: option, inPlace: inPlaceFlag, status: status)
            throw ToolFailure(file: input.description, failure.cause, status: status)
        }
        return (path, options)
    }

    /// True when `output` names a folder: it ends in / or is an existing folder (the same rule for
    /// every command, one input or many).
    public static func namesFolder(_ output: String?) -> Bool {
        guard let output, output != "-" else { return false }
        return output.hasSuffix("/") || InputScan.isFolder(output)
    }

    /// True when the made image goes to standard output (so reports must go to stderr).
    public var writesStandardOutput: Bool { mode == .standardOutput }

    /// The suffix the user asked for with `-o name.ext`, if any.
    public var userSuffix: String? {
        if case .file(let target) = mode { return target.suffix }
        return nil
    }

    /// `inputs` without the copies a run beside them wrote before (`photo-level.jpg` when `photo.jpg`
    /// is also an input, for the tag `-level`): a batch run twice over the same folder then neither
    /// treats its own outputs as photos (`photo-level-level.jpg`) nor refuses to rewrite them.
    public static func droppingOwnOutputs(_ inputs: [BatchInput], tag: String) -> (kept: [BatchInput], dropped: Int) {
        let stems = Set(
            inputs.filter { !$0.isStandardInput }.map { URL(fileURLWithPath: $0.path).deletingPathExtension().path })
        let kept = inputs.filter { input in
            guard !input.isStandardInput else { return true }
            let stem = URL(fileURLWithPath: input.path).deletingPathExtension().path
            return !(stem.hasSuffix(tag) && stems.contains(String(stem.dropLast(tag.count))))
        }
        return (kept, inputs.count - kept.count)
    }
}

private func usage(_ message: String) -> ToolFailure {
    ToolFailure(message, status: ExitStatus.usage)
}
