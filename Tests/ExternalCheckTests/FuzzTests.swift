import Foundation
import TestSupport
import Testing

/// One command under fuzzing: how to call it on an input, with an output folder it may write to.
struct FuzzTarget: Sendable, CustomTestStringConvertible {
    var name: String
    var tool: String
    var seeds: [String]
    var arguments: @Sendable (_ input: String, _ outputFolder: String) -> [String]

    var testDescription: String { name }

    static let imageSeeds = ["horizon-lake.jpg", "screenshot-text.png", "exif-rotated.jpg", "horizon-portrait.jpg"]
    static let pdfSeeds = ["mixed.pdf", "book-rtl.pdf", "encrypted.pdf", "damaged-xref.pdf"]
    static let comicSeeds = ["comic.cbz"]

    /// Every command that reads user files. Outputs go into the case's own folder, so a failed
    /// run must leave that folder empty.
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "imgtool info", tool: "imgtool", seeds: imageSeeds) { input, _ in ["info", input] },
        FuzzTarget(name: "imgtool horizon", tool: "imgtool", seeds: imageSeeds) { input, output in
            // A bound far above the seeds keeps forged headers (a 480 MP SOF) from turning into
            // minutes of legitimate work; the default limit is tested elsewhere.
            ["horizon", input, "--fix", "-o", output + "/level.jpg", "--max-pixels", "30M"]
        },
        FuzzTarget(name: "imgtool blur", tool: "imgtool", seeds: imageSeeds) { input, output in
            ["blur", input, "--style", "dark", "-o", output + "/frosted.png", "--max-pixels", "30M"]
        },
        FuzzTarget(name: "pdflayout info", tool: "pdflayout", seeds: pdfSeeds) { input, _ in ["info", input] },
        FuzzTarget(name: "pdflayout two-up png", tool: "pdflayout", seeds: pdfSeeds) { input, output in
            [input, "--two-up", "--rtl", "--cover", "--dpi", "20", "-o", output + "/spread.png"]
        },
        FuzzTarget(name: "pdflayout vector", tool: "pdflayout", seeds: pdfSeeds) { input, output in
            [input, "--two-up-continuous", "-o", output + "/sheets.pdf"]
        },
        FuzzTarget(name: "pdflayout contact sheet", tool: "pdflayout", seeds: pdfSeeds) { input, output in
            [input, "--columns", "4", "-o", output + "/sheet.webp"]
        },
        // The EPUB writer on broken PDFs, and broken comic archives into every archive path.
        FuzzTarget(name: "pdflayout epub", tool: "pdflayout", seeds: pdfSeeds) { input, output in
            [input, "--two-up", "--rtl", "--cover", "--dpi", "20", "-o", output + "/book.epub"]
        },
        FuzzTarget(name: "pdflayout comic epub", tool: "pdflayout", seeds: comicSeeds) { input, output in
            [input, "--two-up", "-o", output + "/book.epub"]
        },
        FuzzTarget(name: "pdflayout comic cbz", tool: "pdflayout", seeds: comicSeeds) { input, output in
            [input, "--two-up-continuous", "-o", output + "/book.cbz"]
        },
        FuzzTarget(name: "pdflayout comic info", tool: "pdflayout", seeds: comicSeeds) { input, _ in ["info", input] },
    ]
}

/// Mutation fuzzing of the built binaries: broken inputs derived from Assets must give a result
/// or a one-line error, never a crash, a hang, an undocumented status, a partial output file or
/// a changed input. FROSTLEVEL_FUZZ_CASES sets the cases per command (bench/fuzz runs thousands):
/// the test tier runs the first 12 of the seed's sequence, and `.ci/run` the next 28 in a step of its
/// own (FROSTLEVEL_FUZZ_FROM=12, FROSTLEVEL_FUZZ_CASES=40: the 40 every run made before the tiers).
@Suite(.tags(.external)) struct FuzzTests {
    static let casesPerTarget = Int(ProcessInfo.processInfo.environment["FROSTLEVEL_FUZZ_CASES"] ?? "") ?? 12
    /// The cases before this one are made (the sequence is the seed's) but not run.
    static let firstCase = Int(ProcessInfo.processInfo.environment["FROSTLEVEL_FUZZ_FROM"] ?? "") ?? 0
    static let documentedStatuses: Set<Int32> = [0, 1, 2, 64]

    @Test(arguments: FuzzTarget.all)
    func mutatedInputs(target: FuzzTarget) throws {
        // FROSTLEVEL_FUZZ_ONLY="imgtool blur,imgtool info" runs only those commands (bench/fuzz ONLY=...).
        if let only = ProcessInfo.processInfo.environment["FROSTLEVEL_FUZZ_ONLY"], !only.isEmpty,
            !only.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == target.name })
        {
            return
        }
        var random = SplitMix64(
            state: UInt64(ProcessInfo.processInfo.environment["FROSTLEVEL_FUZZ_SEED"] ?? "") ?? 20261121)
        let seeds = try target.seeds.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.asset($0)))) }
        var tally = FuzzTally()
        for number in 0..<Self.casesPerTarget {
            let seedIndex = number % seeds.count
            let (bytes, how) = Mutator.mutate(seeds[seedIndex], random: &random)
            guard number >= Self.firstCase else { continue }
            let name = target.seeds[seedIndex]
            let problem = try check(target, bytes: bytes, suffix: String(name[name.lastIndex(of: ".")!...]))
            tally.record(problem)
            if let problem {
                Issue.record("\(target.name) on \(name) after \(how): \(problem)")
                try keepRegression(bytes, target: target, name: name)
            }
        }
        // Printed for bench/fuzz, which reads these lines.
        // Written unbuffered, so a run stopped early keeps the lines of the commands it finished.
        FileHandle.standardOutput.write(Data("fuzz \(target.name): \(tally.summary)\n".utf8))
    }

    /// Inputs that once failed stay as regression cases for every command of their kind.
    @Test(arguments: FuzzTarget.all)
    func keptRegressions(target: FuzzTarget) throws {
        let folder = Fixtures.root.appendingPathComponent("Tests/ExternalCheckTests/FuzzRegressions")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let suffixes = Set(target.seeds.map { String($0[$0.lastIndex(of: ".")!...]) })
        for file in files.sorted() where suffixes.contains(where: file.hasSuffix) {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            let problem = try check(target, bytes: [UInt8](bytes), suffix: String(file[file.lastIndex(of: ".")!...]))
            #expect(problem == nil, "\(target.name) on \(file): \(problem ?? "")")
        }
    }

    /// Runs one case; returns what went wrong, or nil.
    private func check(_ target: FuzzTarget, bytes: [UInt8], suffix: String) throws -> String? {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input" + suffix)
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        try Data(bytes).write(to: input)
        let result = try run(target.tool, target.arguments(input.path, outputs.path), timeout: 10)
        if result.timedOut { return "hang (killed after 10 s)" }
        if result.signalled { return "crash (signal \(result.status)): \(result.stderr.suffix(300))" }
        if !Self.documentedStatuses.contains(result.status) { return "undocumented exit status \(result.status)" }
        if try [UInt8](Data(contentsOf: input)) != bytes { return "the input file was changed" }
        // Status 2 is a result ("nothing found"), not an error, but it writes nothing either.
        if result.status == 2 {
            let left = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
            if !left.isEmpty { return "found nothing but left \(left)" }
        } else if result.status != 0 {
            let lines = result.stderr.split(separator: "\n")
            if lines.isEmpty { return "failed (status \(result.status)) without a message" }
            if !lines.allSatisfy({ $0.hasPrefix("\(target.tool): ") }) {
                return "stderr is not one-line errors: \(result.stderr.prefix(300))"
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
            if !left.isEmpty { return "failed but left \(left)" }
        }
        return nil
    }

    private func keepRegression(_ bytes: [UInt8], target: FuzzTarget, name: String) throws {
        let folder = Fixtures.root.appendingPathComponent("Tests/ExternalCheckTests/FuzzRegressions")
        let stem = name[..<name.lastIndex(of: ".")!], suffix = name[name.lastIndex(of: ".")!...]
        let file = "\(target.name.replacingOccurrences(of: " ", with: "-"))-\(stem)-\(CRC32.checksum(bytes))\(suffix)"
        try Data(bytes).write(to: folder.appendingPathComponent(file))
    }
}

struct FuzzTally {
    var cases = 0, passed = 0, crashes = 0, hangs = 0, partialOutputs = 0, changedInputs = 0, other = 0

    mutating func record(_ problem: String?) {
        cases += 1
        guard let problem else { passed += 1; return }
        if problem.hasPrefix("crash") {
            crashes += 1
        } else if problem.hasPrefix("hang") {
            hangs += 1
        } else if problem.contains("left") {
            partialOutputs += 1
        } else if problem.contains("changed") {
            changedInputs += 1
        } else {
            other += 1
        }
    }

    var summary: String {
        "\(cases) cases, \(crashes) crashes, \(hangs) hangs, \(partialOutputs) partial outputs, \(changedInputs) changed inputs, \(other) other"
    }
}
