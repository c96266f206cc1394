import Foundation
import TestSupport
import Testing

/// A batch killed with SIGKILL at random moments (seeded: when a chosen number of its outputs is
/// written, so each kill lands inside the batch however loaded the machine), then resumed with `--skip-existing`,
/// ends with nothing lost: every output exists and is byte for byte what an uninterrupted run
/// writes, no hidden temporary file of the killed runs is left (a run sweeps the ones it
/// recognises as its own), no input changed, and a user's own dot-files are never touched.
@Suite(.serialized, .tags(.external)) struct KillResumeTests {
    enum Tool: String, CaseIterable, Sendable {
        case horizon, blur, pdflayout
    }

    static let kills = 4

    /// Inputs per scene (photos) and PDFs: enough for four kills inside one batch.
    static let photosPerScene = 20, pdfs = 40

    /// 80 small photos (4 scenes × 20 names, one without a horizon) or 40 two-page PDFs, in two folders.
    static func inputs(_ tool: Tool, in folder: String) throws -> String {
        let root = folder + "/in"
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true)
        }
        if tool == .pdflayout {
            let pdf = folder + "/two-pages.pdf"
            let made = try run("qpdf", ["--empty", "--pages", Fixtures.asset("mixed.pdf"), "1-2", "--", pdf])
            #expect(made.status == 0, "\(made.stderr)")
            for index in 1...pdfs {
                try FileManager.default.copyItem(
                    atPath: pdf, toPath: root + "/\(index % 2 == 0 ? "a" : "b")/book-\(index).pdf")
            }
        } else {
            for scene in ["horizon-lake", "tilted-lake", "horizon-pier", "no-horizon-sky"] {
                let small = folder + "/\(scene).jpg"
                let made = try run("vips", ["thumbnail", Fixtures.asset(scene + ".jpg"), small, "160"])
                #expect(made.status == 0, "\(made.stderr)")
                for index in 1...photosPerScene {
                    try FileManager.default.copyItem(
                        atPath: small, toPath: root + "/\(index % 2 == 0 ? "a" : "b")/\(scene)-\(index).jpg")
                }
            }
        }
        return root
    }

    static func command(_ tool: Tool, _ inputs: String, _ output: String) -> (String, [String]) {
        switch tool {
        case .horizon:
            (
                "imgtool",
                [
                    "horizon", "-r", inputs, "--fix", "-o", output + "/", "--skip-existing", "--no-horizon-ok", "-q",
                    "-j", "2",
                ]
            )
        case .blur: ("imgtool", ["blur", "-r", inputs, "-o", output + "/", "--skip-existing", "-q", "-j", "2"])
        case .pdflayout:
            (
                "pdflayout",
                ["-r", inputs, "-o", output + "/", "--format", "png", "--dpi", "20", "--skip-existing", "-q"]
            )
        }
    }

    /// A file's bytes as compared between runs: pdflayout's record of its numbered images
    /// (`.NAME.png.pdflayout-run`) holds each file's inode and time, which differ from run to run,
    /// so only the names it lists are compared.
    static func comparable(_ path: String, _ data: Data?) -> Data? {
        guard let data, path.hasSuffix(".pdflayout-run") else { return data }
        let record = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let names = (record?["files"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted()
        return Data((names ?? ["unreadable record"]).joined(separator: "\n").utf8)
    }

    /// Files under `folder` that are not temporary (outputs and records, the user's own files).
    static func outputCount(_ folder: String) -> Int {
        guard let files = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var count = 0
        while let path = files.nextObject() as? String {
            if files.fileAttributes?[.type] as? FileAttributeType == .typeRegular && !isTemporary(path) { count += 1 }
        }
        return count
    }

    static func isTemporary(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    @Test(arguments: Tool.allCases)
    func killedBatchResumesWithNothingLost(_ tool: Tool) throws {
        let work = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let inputs = try Self.inputs(tool, in: work.path)
        let before = try fileContents(under: inputs)

        // The uninterrupted run (timed for the message).
        let (name, reference) = Self.command(tool, inputs, work.path + "/reference")
        let start = Date()
        let whole = try run(name, reference, timeout: 300)
        let duration = Date().timeIntervalSince(start)
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try fileContents(under: work.path + "/reference")
        #expect(!expected.isEmpty && !expected.keys.contains(where: Self.isTemporary))

        // A user's own hidden files in the output folder, one of them much like a temporary name.
        let output = work.path + "/out"
        try FileManager.default.createDirectory(atPath: output + "/a", withIntermediateDirectories: true)
        let userFiles = ["a/.notes.tmp": Data("mine".utf8), "a/.keep.1-x.tmp": Data("mine too".utf8)]
        for (path, data) in userFiles { try data.write(to: URL(fileURLWithPath: output + "/" + path)) }

        var random = SplitMix64(state: 0x15_0000 + UInt64(Tool.allCases.firstIndex(of: tool)!))
        var killedWith: [Int] = [], temporariesLeft = 0
        for _ in 0..<Self.kills {
            let (name, arguments) = Self.command(tool, inputs, output)
            // The moment: when the outputs present reach a number chosen between those already there
            // and a third of the batch further on.
            let present = Self.outputCount(output) - userFiles.count
            let target = present + Int.random(in: 1...max(1, expected.count / 3), using: &random)
            let process = try startProcess(name, arguments)
            while process.isRunning && Self.outputCount(output) - userFiles.count < target { usleep(5_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let now = try fileContents(under: output)
            temporariesLeft = max(
                temporariesLeft, now.keys.filter { Self.isTemporary($0) && userFiles[$0] == nil }.count)
            killedWith.append(now.count - userFiles.count)
            // Whatever a killed run left under an output's name is whole.
            for (path, data) in now where !Self.isTemporary(path) {
                #expect(
                    Self.comparable(path, data) == Self.comparable(path, expected[path]),
                    "\(path) is not whole after a kill")
            }
        }
        #expect(killedWith.contains { $0 < expected.count }, "no kill landed in the middle of the batch: \(killedWith)")
        // As a kill between creating a temporary file and renaming it leaves it (whatever the
        // moments above hit): one for an output not written yet, by a process that has exited.
        let present = try fileContents(under: output)
        if let missing = expected.keys.sorted().first(where: { present[$0] == nil }) {
            let gone = try startProcess("true", [])
            gone.waitUntilExit()
            let url = URL(fileURLWithPath: output + "/" + missing)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("half".utf8).write(
                to: url.deletingLastPathComponent()
                    .appendingPathComponent(".\(url.lastPathComponent).\(gone.processIdentifier)-7.tmp"))
        }
        let (_, arguments) = Self.command(tool, inputs, output)
        let resumed = try run(name, arguments, timeout: 300)
        #expect(resumed.status == 0, "\(resumed.stderr)")

        var after = try fileContents(under: output)
        for (path, data) in userFiles {
            #expect(after.removeValue(forKey: path) == data, "the user's \(path) was touched")
        }
        // A kill between pdflayout's numbered images and their record (`.NAME.png.pdflayout-run`) leaves
        // images no record names: --skip-existing writes them again, with the record (RunRecordTests).
        let temporaries = after.keys.filter(Self.isTemporary).sorted()
        #expect(temporaries.isEmpty, "temporary files left: \(temporaries)")
        #expect(after.count == expected.count, "\(Set(after.keys).symmetricDifference(expected.keys).sorted())")
        for (path, data) in expected {
            #expect(
                Self.comparable(path, after[path]) == Self.comparable(path, data),
                "\(path) missing or differs from the uninterrupted run")
        }
        #expect(try fileContents(under: inputs) == before, "an input changed")
        print(
            "kill/resume \(tool.rawValue): \(expected.count) outputs, uninterrupted \(String(format: "%.1f", duration)) s; outputs present at each of \(Self.kills) SIGKILLs: \(killedWith); at most \(temporariesLeft) temporary files left by a kill, 0 after the resume"
        )
    }
}
