import ArgumentParser
import Foundation
import ToolSupport

/// The batch options every command shares: folders (`-r`), workers (`-j`) and `--shard`.
public struct BatchOptions: ParsableArguments, Sendable {
    @Flag(
        name: [.customShort("r"), .customLong("recursive")],
        help: "Walk folders inside the folders given (a folder alone contributes the files directly in it).")
    public var recursive = false

    @Option(
        name: [.customShort("j"), .customLong("jobs")],
        parsing: .unconditional,
        help: ArgumentHelp("Workers: inputs (pdflayout: pages) processed at once (default: all cores).", valueName: "n")
    )
    public var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Process only share i of N (1 <= i <= N) of the inputs, chosen by a hash of each path (under the folder given), the same on every machine.",
            valueName: "i/N"),
        transform: parseShard)
    public var shard: Shard?

    public init() {}

    public func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("-j must be at least 1") }
    }

    /// Refuses `-` named more than once among the command line's files: standard input holds
    /// one file and can be read only once.
    public static func validateStandardInput(_ arguments: [String]) throws {
        if arguments.filter(BatchInput.isStandardInput).count > 1 {
            throw ValidationError("standard input (-) can be read only once")
        }
    }

    /// Workers to use: `-j`, or every core.
    public var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// Several images at once each get a share of the cores for their pipelines' own threads,
    /// rather than all of them each (which only adds switching) — when the executable's runtime
    /// policy allows it (`ProcessControl`).
    public func shareCores(among inputs: Int) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let running = min(workers, inputs)
        guard running > 1 else { return }
        ProcessControl.setPipelineThreads(max(1, cores / running))
    }

    /// The command line's files and folders expanded (folders give files with `suffixes`), then
    /// narrowed to this shard, for a command (`label`: "imgtool info"): files in folders left out for having no suffix are counted on stderr (unless `quiet`), and
    /// nothing to work on is a command-line error (exit 64) unless a `--shard` took the rest.
    public func inputs(_ arguments: [String], suffixes: Set<String>, label: String, quiet: Bool) throws -> [BatchInput]
    {
        let (all, withoutSuffix) = InputScan(suffixes: suffixes, recursive: recursive).scan(arguments)
        let tool = label.split(separator: " ").first.map(String.init) ?? label
        if !withoutSuffix.isEmpty && !quiet {
            let count = withoutSuffix.count
            Console.error(
                "\(label): \(count) file\(count == 1 ? "" : "s") without a suffix left out (\(withoutSuffix[0])\(count > 1 ? ", …" : "")): name \(count == 1 ? "it" : "them") on the command line, or add a suffix (.\(suffixes.contains("pdf") ? "pdf" : "jpg"), …)"
            )
        }
        if all.isEmpty {
            let kind = suffixes.contains("pdf") ? "PDFs" : "images"
            Console.error(
                "\(tool): nothing to do: no \(kind) in \(arguments.joined(separator: " "))\(recursive ? "" : " (-r also looks in the folders inside)")"
            )
            throw ExitCode(ExitStatus.usage)
        }
        // A batch stopped with Ctrl-C still ends with its summary line (what was done before the
        // interrupt), when the executable's policy lets commands handle signals.
        if all.count > 1 || summarises(arguments) { ProcessControl.removeTemporaryFilesOnInterrupt() }
        guard let shard else { return all }
        return all.filter { shard.contains($0.shardKey) }
    }

    /// True when the summary line is worth printing even for a single input.
    public func summarises(_ arguments: [String]) -> Bool {
        shard != nil || arguments.contains { !BatchInput.isStandardInput($0) && InputScan.isFolder($0) }
    }
}

private func parseShard(_ text: String) throws -> Shard {
    do {
        return try Shard(parsing: text)
    } catch {
        throw ValidationError("--shard \(error)")
    }
}
