import CoreTypes
import SystemPackage
import ToolSupport

/// Where a command's output goes, as `-o` names it: a file, a folder, or standard output. The
/// text `-` is read here and nowhere else, and standard output is shown as `<stdout>` from here;
/// the argument as given stays for messages (`out/`, `page.png[compression=9]`).
public struct Destination: Sendable, Hashable, CustomStringConvertible {
    public enum Place: Sendable, Hashable {
        /// A file (without the saver options a name may carry in brackets).
        case file(FilePath)
        /// A folder: named with a trailing `/`, or an existing folder.
        case folder(FilePath)
        case standardOutput
    }

    public let place: Place
    /// As the user gave it.
    public let argument: String

    /// What `-o -` means, and how every JSON record lists standard output.
    public static let standardOutputArgument = "-"
    /// How messages name standard output.
    public static let standardOutputShown = "<stdout>"

    /// `-o TEXT`: `-` is standard output; a name ending in `/` or an existing folder is a folder;
    /// anything else a file.
    public init(argument: String) {
        self.argument = argument
        if argument == Self.standardOutputArgument {
            place = .standardOutput
        } else if argument.hasSuffix("/") || InputScan.isFolder(argument) {
            place = .folder(FilePath(argument))
        } else {
            place = .file(FilePath(SaveTarget(argument).path))
        }
    }

    /// Standard output.
    public static let standardOutput = Destination(argument: standardOutputArgument)

    public var isStandardOutput: Bool { place == .standardOutput }

    /// Whether it names a folder.
    public var isFolder: Bool {
        if case .folder = place { return true }
        return false
    }

    /// The file or folder, nil for standard output.
    public var path: FilePath? {
        switch place {
        case .file(let path), .folder(let path): return path
        case .standardOutput: return nil
        }
    }

    /// As messages show it: the argument as given, or `<stdout>`.
    public var description: String { isStandardOutput ? Self.standardOutputShown : argument }

    /// Whether a path a plan resolved (`ResolvedOutput.path`, `WrittenOutput.path`) is standard output.
    public static func isStandardOutput(_ path: String) -> Bool { path == standardOutputArgument }

    /// A resolved path as messages show it: the path, or `<stdout>`.
    public static func shown(_ path: String) -> String { isStandardOutput(path) ? standardOutputShown : path }
}
