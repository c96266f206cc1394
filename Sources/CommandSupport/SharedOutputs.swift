import Foundation
import SystemPackage
import ToolSupport

/// One file an input will make, as its command plans it before anything is written: the path
/// after every naming rule (suffix, `--format`, tag, folder, the editor's sidecar name). A
/// `numbered` path is a pattern (`out/book.png`) that also stands for its numbered family
/// (`out/book-001.png` …), as pdflayout names the views of a several-view layout.
public struct PlannedOutput: Sendable, Equatable {
    public let path: String
    public let numbered: Bool

    public init(_ path: String, numbered: Bool = false) {
        self.path = path
        self.numbered = numbered
    }
}

extension OutputPlan {
    /// Refuses, before anything is written, a run in which two inputs would end in one output
    /// (`a.svg` and `a.png` both becoming `out/a.png`, `IMG.CR2` and `IMG.jpg` both writing
    /// Lightroom's `IMG.xmp`, `book.cbz` and `book.pdf` both numbering `out/book-001.png`): a
    /// command-line mistake (exit 64) naming both inputs. `outputs` gives each input's planned
    /// files (of every plan the command has); paths are compared as the file system resolves them.
    public static func refuseSharedOutputs(
        _ inputs: [BatchInput], outputs: (BatchInput) throws(ToolFailure) -> [PlannedOutput]
    ) throws(ToolFailure) {
        var owners: [String: (input: BatchInput, shown: String)] = [:]
        // Numbered families by their pattern's key, and the exact paths that may fall in one.
        var families: [String: (input: BatchInput, shown: String)] = [:]
        var exact: [(key: String, input: BatchInput, shown: String)] = []
        for input in inputs {
            var own: Set<String> = []
            // An input whose outputs cannot be planned (one would be an input) fails alone when it runs.
            guard let planned = try? outputs(input) else { continue }
            for output in planned where !Destination.isStandardOutput(output.path) {
                let key = resolvedKey(output.path)
                // One input may plan one path twice (two plans naming it alike): not a collision.
                guard own.insert(key).inserted else { continue }
                if let first = owners[key], first.input != input {
                    throw collision(first.input, input, output.path)
                }
                owners[key] = (input, output.path)
                exact.append((key, input, output.path))
                if output.numbered {
                    let family = familyKey(pattern: key)
                    if let first = families[family], first.input != input {
                        throw collision(first.input, input, output.path)
                    }
                    families[family] = (input, output.path)
                }
            }
        }
        for (key, input, shown) in exact {
            guard let family = numberedFamilyKey(of: key), let owner = families[family], owner.input != input else {
                continue
            }
            throw collision(owner.input, input, shown)
        }
    }

    private static func collision(_ first: BatchInput, _ second: BatchInput, _ path: String) -> ToolFailure {
        ToolFailure(
            "\(first) and \(second) would both be written as \(path): give them different names or separate folders",
            status: ExitStatus.usage)
    }

    /// The absolute path with `.`/`..` gone and the existing folder's links resolved
    /// (`out/a.png`, `./out/a.png` and `link-to-out/a.png` are one file).
    static func resolvedKey(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        guard let real = realpath(folder, nil) else { return url.path }
        defer { free(real) }
        return FilePath(String(cString: real)).appending(url.lastPathComponent).string
    }

    /// `out/book.png` → the key of `out/book-NNN.png`.
    private static func familyKey(pattern: String) -> String {
        let (stem, suffix) = split(pattern)
        return stem + "-#" + suffix
    }

    /// The family key of a numbered name (`out/book-007.png`, three digits or more), nil otherwise.
    private static func numberedFamilyKey(of path: String) -> String? {
        let (stem, suffix) = split(path)
        let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits >= 3, stem.dropLast(digits).hasSuffix("-") else { return nil }
        return String(stem.dropLast(digits)) + "#" + suffix
    }

    private static func split(_ path: String) -> (stem: String, suffix: String) {
        let name = FilePath(path).lastComponent?.string ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (path, "") }
        let suffix = String(name[dot...])
        return (String(path.dropLast(suffix.count)), suffix)
    }
}
