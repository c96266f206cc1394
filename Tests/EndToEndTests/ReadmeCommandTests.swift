import Foundation
import TestSupport
import Testing

/// Every command line the README shows, run as written from a folder holding `Assets/`, with the
/// built tools first on PATH: each ends 0, prints what its `# prints:` comment says, and leaves the
/// files it names. A line the README adds that is neither run here nor one of the set-up commands
/// fails the first test, so the README cannot show an example nobody runs.
@Suite(.tags(.tools)) struct ReadmeCommandTests {
    /// Lines of the README's ```sh blocks that are not run here, and what runs them instead.
    static let notRunHere: [String: String] = [
        "scripts/setup.sh": "the README's first command: what a new user runs",
        "scripts/test.sh": "the README's second command: CI runs it",
        "scripts/package.sh": "DebianPackageTests",
        "sudo apt-get install ./frostlevel_0.9.0_amd64.deb": "DebianPackageTests (scripts/clean-root-check.sh)",
    ]

    struct Example: CustomStringConvertible {
        var command: String
        var prints: String?
        var description: String { command }
    }

    /// The ```sh blocks' lines, each split into the command and its `# prints:` text.
    static func lines() throws -> [Example] {
        let readme = try String(contentsOf: Fixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inBlock = false
        for line in readme.components(separatedBy: "\n") {
            if line == "```sh" {
                inBlock = true
            } else if line == "```" {
                inBlock = false
            } else if inBlock, !line.isEmpty {
                let parts = line.components(separatedBy: "  #")
                let command = parts[0].trimmingCharacters(in: .whitespaces)
                let comment = parts.dropFirst().joined(separator: "  #").trimmingCharacters(in: .whitespaces)
                let prints = comment.hasPrefix("prints: ") ? String(comment.dropFirst("prints: ".count)) : nil
                examples.append(Example(command: command, prints: prints))
            }
        }
        return examples
    }

    static func examples() throws -> [Example] {
        try lines().filter { notRunHere[$0.command] == nil }
    }

    @Test func everyLineIsAnExampleOrASetUpCommand() throws {
        let lines = try Self.lines()
        let setUp = Set(lines.map(\.command)).intersection(Self.notRunHere.keys)
        #expect(setUp == Set(Self.notRunHere.keys), "the README lost a set-up command: \(setUp)")
        let examples = try Self.examples()
        #expect(examples.count >= 12)
        for example in examples {
            let tool = example.command.split(separator: " ").first { $0 == "imgtool" || $0 == "pdflayout" }
            #expect(tool != nil, "not an imgtool or pdflayout example: \(example)")
        }
        #expect(examples.contains { $0.command.hasPrefix("imgtool horizon") })
        #expect(examples.contains { $0.command.hasPrefix("imgtool blur") })
        #expect(examples.contains { $0.command.hasPrefix("pdflayout") })
    }

    /// The files an example names as its outputs: after `-o`, `--overlay` and `>`.
    static func outputs(of command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        return zip(words, words.dropFirst()).compactMap { flag, value in
            ["-o", "--overlay", ">"].contains(flag) && value != "-" ? value : nil
        }
    }

    @Test(arguments: try ReadmeCommandTests.examples())
    func runsAsWritten(_ example: Example) throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(
            at: scratch.folder.appendingPathComponent("Assets"),
            withDestinationURL: Fixtures.root.appendingPathComponent("Assets"))
        let path = Fixtures.binFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try run(
            "bash", ["-c", "set -o pipefail; " + example.command], environment: ["PATH": path],
            currentDirectory: scratch.folder)
        #expect(result.status == 0 && !result.signalled && !result.timedOut, "\(example): \(result.stderr)")
        if let prints = example.prints {
            #expect(result.text.trimmingCharacters(in: .newlines) == prints)
        }
        let outputs = Self.outputs(of: example.command)
        for output in outputs {
            let url = scratch.folder.appendingPathComponent(output)
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), "\(example): no \(output)")
            let size =
                isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: url.path).count
                : try Data(contentsOf: url).count
            #expect(size > 0, "\(example): \(output) is empty")
        }
        // An example that names no output writes nothing beside the photo (the tools never write unasked).
        if outputs.isEmpty {
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path) == ["Assets"])
        }
    }
}
