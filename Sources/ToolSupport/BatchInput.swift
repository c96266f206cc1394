import Foundation

/// One input of a batch: the path to open and its place under the folder argument it came from,
/// which `-o DIR/` mirrors and `--shard` hashes.
public struct BatchInput: Sendable, Equatable, CustomStringConvertible {
    /// The path to open; `-` is standard input.
    public let path: String
    /// The path under the folder argument (`trips/2024/a.jpg` for `photos/trips/2024/a.jpg` found in
    /// `photos/`); the file name for a file named on the command line.
    public let relativePath: String
    /// True when the file was found by walking a folder argument (so `-o DIR/` mirrors the tree).
    public let foundInFolder: Bool

    public init(path: String, relativePath: String? = nil, foundInFolder: Bool = false) {
        self.path = path
        self.relativePath =
            relativePath ?? (Self.isStandardInput(path) ? "stdin" : URL(fileURLWithPath: path).lastPathComponent)
        self.foundInFolder = foundInFolder
    }

    /// The argument that names standard input.
    public static let standardInputArgument = "-"

    /// Whether a command-line argument names standard input (`-`).
    public static func isStandardInput(_ argument: String) -> Bool { argument == standardInputArgument }

    /// An input argument as messages and JSON records name it: the path, or `<stdin>`.
    public static func shown(_ argument: String) -> String { isStandardInput(argument) ? "<stdin>" : argument }

    public var isStandardInput: Bool { Self.isStandardInput(path) }

    /// The name used in messages and JSON records.
    public var description: String { Self.shown(path) }

    /// What `--shard` hashes: stable across machines that mount the library in different places,
    /// because folder contents are keyed by their path under the folder given.
    public var shardKey: String { foundInFolder ? relativePath : path }
}

/// Turns the command line's files and folders into the batch's inputs, in a stable order.
public struct InputScan: Sendable {
    /// File name suffixes (lower case, no dot) taken from folders; files named directly are always taken.
    public let suffixes: Set<String>
    /// Walk folders inside folders too (`-r`).
    public let recursive: Bool

    /// Suffixes libvips reads here (the common ones; the others can be named directly).
    public static let imageSuffixes: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "webp", "tif", "tiff", "heic", "heif",
        "avif", "gif", "jxl", "jp2", "bmp", "pnm", "ppm", "pgm",
    ]
    public static let pdfSuffixes: Set<String> = ["pdf"]

    public init(suffixes: Set<String>, recursive: Bool) {
        self.suffixes = suffixes
        self.recursive = recursive
    }

    /// Files stay in command-line order; each folder contributes its matching files sorted by path
    /// (byte order, so every machine lists them alike). Hidden files and folders are skipped and
    /// symbolic links to folders are not followed (no cycles). A path that does not exist is kept:
    /// the job reports it as that input's one-line error and goes on with the others.
    public func inputs(from arguments: [String]) -> [BatchInput] {
        scan(arguments).inputs
    }

    /// The inputs, and the files inside folders left out for having no suffix at all (`IMG_0001`
    /// from a camera card, a download without its `.jpg`): they may well be images, so the
    /// commands say how many were left out rather than skip them silently.
    public func scan(_ arguments: [String]) -> (inputs: [BatchInput], withoutSuffix: [String]) {
        var result: [BatchInput] = []
        var withoutSuffix: [String] = []
        for argument in arguments {
            guard !BatchInput.isStandardInput(argument), Self.isFolder(argument, followingLinks: true) else {
                result.append(BatchInput(path: argument))
                continue
            }
            let root = argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument
            var found: [String] = []
            var unnamed: [String] = []
            walk(root, under: "", into: &found, withoutSuffix: &unnamed)
            withoutSuffix += unnamed.sorted().map { root == "/" ? "/" + $0 : root + "/" + $0 }
            found.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for relative in found {
                result.append(
                    BatchInput(
                        path: root == "/" ? "/" + relative : root + "/" + relative,
                        relativePath: relative, foundInFolder: true))
            }
        }
        return (result, withoutSuffix)
    }

    private func walk(
        _ root: String, under relative: String, into found: inout [String], withoutSuffix: inout [String]
    ) {
        let folder = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = relative.isEmpty ? name : relative + "/" + name
            let full = root + "/" + path
            if Self.isFolder(full, followingLinks: false) {
                if recursive { walk(root, under: path, into: &found, withoutSuffix: &withoutSuffix) }
            } else if suffixes.contains((name as NSString).pathExtension.lowercased()), Self.isFile(full) {
                found.append(path)
            } else if (name as NSString).pathExtension.isEmpty, Self.isFile(full) {
                withoutSuffix.append(path)
            }
        }
    }

    /// True when `path` is a folder (with `followingLinks`, also a symbolic link to one).
    public static func isFolder(_ path: String, followingLinks: Bool = true) -> Bool {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// `--skip-existing`: an output is up to date when it exists and is not older than its input.
public enum OutputFreshness {
    public static func isUpToDate(outputs: [String], input: String) -> Bool {
        guard !BatchInput.isStandardInput(input), !outputs.isEmpty, let source = modification(input) else {
            return false
        }
        return outputs.allSatisfy { output in
            guard let made = modification(output) else { return false }
            return made >= source
        }
    }

    private static func modification(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }
}
