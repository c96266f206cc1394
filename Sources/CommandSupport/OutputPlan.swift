import CoreTypes
import Foundation
import SystemPackage
import ToolSupport

/// What a command writes for one input: an image in a format, a document or folder a writer
/// makes (a PDF, the web reader's folder, a fixed-layout EPUB, a comic archive: its facts are the
/// writer's `OutputFormat`), or an editor's sidecar. Every answer below comes from those facts, so
/// a new output format is a new writer, not a new case here.
public enum OutputKind: Sendable, Equatable {
    case image(ImageFormat)
    /// What a writer makes, named by its suffix or (a folder) without one.
    case format(OutputFormat)
    /// An editor's sidecar (`imgtool horizon --sidecar`): beside the photo, named by the editor's
    /// rule (`IMG_1.CR2.pp3`, `IMG_1.xmp`), never in a folder of copies.
    case sidecar(SidecarName)

    /// The suffix a file of this kind is named with (`""` for a folder).
    public var suffix: String {
        switch self {
        case .image(let format): return format.suffix
        case .format(let format): return format.suffix
        case .sidecar(let name): return name.suffix
        }
    }

    /// Whether `path`'s own suffix names this kind (`photo.JPEG` for JPEG, `book.PDF` for PDF).
    public func names(_ path: String) -> Bool {
        switch self {
        case .image(let format): return format.names(path)
        case .format(let format): return format.names(path)
        case .sidecar(let name): return path.lowercased().hasSuffix(name.suffix.lowercased())
        }
    }

    /// The largest side of an image this output holds.
    public var maxSide: Int {
        switch self {
        case .image(let format): return format.maxSide
        case .format(let format): return format.maxSide
        case .sidecar: return .max
        }
    }

    /// Whether transparency survives in this output.
    public var keepsTransparency: Bool {
        switch self {
        case .image(let format): return format.hasAlpha
        case .format(let format): return format.keepsTransparency
        case .sidecar: return true
        }
    }

    /// Whether this output is a folder (the web reader's).
    public var isFolder: Bool {
        if case .format(let format) = self { return format.isFolder }
        return false
    }
}

/// One output of one input, resolved by the plan: where it goes (`-` for standard output), what
/// it is, and the saver options the user gave in brackets (`-o name.ext[options]`).
public struct ResolvedOutput: Sendable, Equatable {
    public let path: String
    public let kind: OutputKind
    public let options: SaverOptions

    public init(path: String, kind: OutputKind, options: SaverOptions = .none) {
        self.path = path
        self.kind = kind
        self.options = options
    }

    public var isStandardOutput: Bool { Destination.isStandardOutput(path) }
}

/// Where a command writes what it makes from each input (`imgtool horizon --fix`, `--overlay`,
/// `imgtool blur`, `pdflayout`): beside it, into a folder that mirrors the input tree, one named
/// file, standard output, or over the input. Parsed once from the command line (`-o`, `--overlay`,
/// `--in-place`), resolved per input with the kind of output (`resolve`). Inputs are never
/// overwritten except with `--in-place`.
public struct OutputPlan: Sendable {
    public enum Place: Sendable, Equatable {
        /// Beside the input: `photo.jpg` → `photo-level.jpg`.
        case beside
        /// Into a folder, same file name; files found under a folder argument keep their subfolders.
        case folder(String)
        /// One named file (one input only), with optional saver options in brackets.
        case file(SaveTarget)
        /// Over the input, atomically.
        case inPlace
        /// `-o -`: standard output (one input only).
        case standardOutput
    }

    public let place: Place
    /// Appended to the file name beside the input (`-level`), and in folders when `tagInFolders`.
    public let tag: String
    public let tagInFolders: Bool
    /// The command's flag that rewrites inputs (`--in-place`), named in the refusal; nil when it has none.
    public let inPlaceFlag: String?
    /// The option the destinations come from (`-o`, `--overlay`), for messages.
    public let option: String
    /// Every input file's identity: no destination may be one of them (`OutputSafety`).
    private let inputPaths: [String]
    /// The paths resolved for writing so far, by input: the last guard against two inputs in one
    /// output where a name depends on the file's content (a PNG named .jpg), which the check
    /// before the run (`refuseSharedOutputs`) predicts from its suffix.
    private let claims = Locked<[String: String]>([:])

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
            place = .inPlace
            return
        }
        guard let output else {
            guard !inputs.contains(where: \.isStandardInput) else {
                throw usage("standard input has no folder to write beside: give \(option) FILE")
            }
            place = .beside
            return
        }
        let destination = Destination(argument: output)
        if destination.isStandardOutput {
            guard inputs.count == 1 else {
                throw usage("\(option) - (standard output) takes one input, not \(inputs.count)")
            }
            place = .standardOutput
            return
        }
        if destination.isFolder {
            place = .folder(output.hasSuffix("/") ? String(output.dropLast()) : output)
            if inputs.contains(where: \.isStandardInput) && inputs.count > 1 {
                throw usage("standard input has no file name to use in \(output): give \(option) FILE")
            }
        } else {
            guard inputs.count == 1 else {
                throw usage(
                    "\(option) \(output) names one file but there are \(inputs.count) inputs: give a folder (ending in /)"
                )
            }
            place = .file(SaveTarget(output))
            try OutputSafety.refuseOverwriting(output, inputs: inputPaths, option: option, inPlace: inPlaceFlag)
        }
    }

    /// The output of `input` when it is of `kind`: its path and the user's saver options (from
    /// `-o name.ext[options]`). With `keepingInputSuffix`, a name made from the input keeps the
    /// input's own suffix (its case, .jpeg vs .jpg) when that names the same kind. With `create`,
    /// the folders of a `-o DIR/` are made.
    public func resolve(
        _ input: BatchInput, as kind: OutputKind, keepingInputSuffix: Bool = false, create: Bool = true
    ) throws(ToolFailure) -> ResolvedOutput {
        let url = URL(fileURLWithPath: input.isStandardInput ? "stdin" : input.path)
        let stem = url.deletingPathExtension().lastPathComponent
        let keepsOwn = keepingInputSuffix && !input.isStandardInput && kind.names(input.path)
        let ext = keepsOwn && !url.pathExtension.isEmpty ? "." + url.pathExtension : kind.suffix
        let path: String
        var options = SaverOptions.none
        switch place {
        case .inPlace:
            path = input.path
        case .standardOutput:
            return ResolvedOutput(path: Destination.standardOutputArgument, kind: kind)
        case .beside:
            if case .sidecar(let name) = kind {
                // The editor's own name for it, beside the photo as the photo was named.
                path = name.path(for: input.path)
                break
            }
            // Relative to where the input was named, as the input is (and as -o paths are reported).
            path = FilePath(input.path).removingLastComponent().appending(stem + tag + ext).string
        case .folder(let folder):
            // Mirror the input tree: photos/2024/a.jpg found in photos/ goes to DIR/2024/a.jpg.
            let subfolder = input.foundInFolder ? FilePath(input.relativePath).removingLastComponent().string : ""
            let target = subfolder.isEmpty ? folder : FilePath(folder).appending(subfolder).string
            if create {
                do {
                    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                } catch  where !InputScan.isFolder(target) {
                    // Another worker or shard making the same folder at the same moment is no failure.
                    throw ToolFailure(file: target, "cannot create the folder: \(SystemErrorText.reason(error))")
                } catch {}
            }
            let name = tagInFolders ? stem + tag + ext : stem + ext
            path = FilePath(target).appending(name).string
        case .file(let target):
            path = target.path
            options = SaverOptions(parsing: target.options)
        }
        // Never over an input (this one or another of the batch), except with --in-place.
        if place != .inPlace, let overwritten = OutputSafety.input(overwrittenBy: path, among: inputPaths) {
            // One input: the command line's mistake (64); in a batch, that file's failure alone (1).
            let status = inputPaths.count > 1 ? ExitStatus.failure : ExitStatus.usage
            let failure = OutputSafety.overwriteFailure(
                output: path, input: overwritten, option: option, inPlace: inPlaceFlag, status: status)
            throw ToolFailure(file: input.description, failure.cause, status: status)
        }
        if create && place != .inPlace { try claim(path, for: input) }
        return ResolvedOutput(path: path, kind: kind, options: options)
    }

    /// Records that `input` writes `path`; another input's claim on it fails this one (exit 1).
    private func claim(_ path: String, for input: BatchInput) throws(ToolFailure) {
        let key = Self.resolvedKey(path)
        let owner = claims.withLock { claims -> String? in
            if let owner = claims[key], owner != input.description { return owner }
            claims[key] = input.description
            return nil
        }
        if let owner {
            throw ToolFailure(
                file: input.description,
                "\(owner) and \(input) would both be written as \(path): give them different names")
        }
    }

    /// True when `output` names a folder: it ends in / or is an existing folder (the same rule for
    /// every command, one input or many).
    public static func namesFolder(_ output: String?) -> Bool {
        guard let output else { return false }
        return Destination(argument: output).isFolder
    }

    /// True when the made image goes to standard output (so reports must go to stderr).
    public var writesStandardOutput: Bool { place == .standardOutput }

    /// The suffix the user asked for with `-o name.ext`, if any.
    public var userSuffix: String? {
        if case .file(let target) = place { return target.suffix }
        return nil
    }

    /// The image format the user named with `-o name.ext`, if any.
    public var userFormat: ImageFormat? { userSuffix.map(ImageFormat.init(named:)) }

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
