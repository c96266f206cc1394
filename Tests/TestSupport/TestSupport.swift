import Foundation

/// Paths and process helpers shared by the test targets.
public enum Fixtures {
    /// The package root, found from this source file's path.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file in Assets/.
    public static func asset(_ name: String) -> String {
        root.appendingPathComponent("Assets").appendingPathComponent(name).path
    }

    /// The folder the test binary was built into, which also holds imgtool and pdflayout.
    public static let binFolder: URL = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // Swift Testing on Linux may run from inside the .xctest bundle folder.
        while folder.path != "/"
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("imgtool").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// A fresh temporary folder, removed by the caller when done.
    public static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frostlevel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// The result of running a command.
public struct RunResult: Sendable {
    public var status: Int32
    /// True when the process died by a signal (a crash), not by exit().
    public var signalled = false
    /// True when the process outlived its timeout and was killed.
    public var timedOut = false
    public var stdout: Data
    public var stderr: String
    public var text: String { String(decoding: stdout, as: UTF8.self) }
    /// Lines of stdout, each decoded as a JSON object.
    public func jsonLines() throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            guard let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}

/// A built tool (`imgtool`, `pdflayout`) from the test's bin folder, or any program on PATH.
private func makeProcess(_ tool: String, _ arguments: [String], environment: [String: String]?) -> Process {
    let process = Process()
    let built = Fixtures.binFolder.appendingPathComponent(tool)
    if FileManager.default.isExecutableFile(atPath: built.path) {
        process.executableURL = built
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
    }
    // The test runner's VIPS_NOVECTOR (scripts/test.sh) is for its own threads: a tool runs with its
    // own runtime policy, as a user's run does.
    var inherited = ProcessInfo.processInfo.environment
    inherited["VIPS_NOVECTOR"] = nil
    process.environment = inherited.merging(environment ?? [:]) { $1 }
    return process
}

/// Seconds a tool run may take when a test gives no timeout of its own: far beyond any tool run in
/// the suite, even under a sanitizer on a loaded machine.
public let runTimeLimit: Double = 600

/// Runs a built tool (`imgtool`, `pdflayout`) or any program on PATH, feeding `stdin`.
public func run(
    _ tool: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
    timeout: Double? = nil, currentDirectory: URL? = nil
) throws -> RunResult {
    let process = makeProcess(tool, arguments, environment: environment)
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    // Files rather than pipes: no reader threads, no full-pipe deadlocks.
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputURL = folder.appendingPathComponent("stdout"), errorURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let output = try FileHandle(forWritingTo: outputURL), errors = try FileHandle(forWritingTo: errorURL)
    defer { try? output.close(); try? errors.close() }
    process.standardOutput = output
    process.standardError = errors
    if let stdin {
        let inputURL = folder.appendingPathComponent("stdin")
        try stdin.write(to: inputURL)
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // A tool that hangs fails its test instead of holding the whole run until CI gives up.
    let limit = timeout ?? runTimeLimit
    var timedOut = false
    if exited.wait(timeout: .now() + limit) == .timedOut {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
    }
    let outputData = try Data(contentsOf: outputURL)
    let errorData = try Data(contentsOf: errorURL)
    var result = RunResult(
        status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    result.signalled = process.terminationReason == .uncaughtSignal && !timedOut
    result.timedOut = timedOut
    return result
}

/// Starts a built tool (`imgtool`, `pdflayout`) or any program on PATH and returns at once, for
/// tests that signal a command half-way. Standard input is empty; standard output and error go
/// to the handles given (by default nowhere). The caller ends it with `waitUntilExit()`.
public func startProcess(
    _ tool: String, _ arguments: [String], standardOutput: FileHandle = .nullDevice,
    standardError: FileHandle = .nullDevice, environment: [String: String]? = nil, currentDirectory: URL? = nil
) throws -> Process {
    let process = makeProcess(tool, arguments, environment: environment)
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    return process
}

/// Deterministic pseudo-random numbers (SplitMix64): the same sequence on every run, so tests never
/// flake and a failing fuzz case can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Data {
    /// Non-overlapping occurrences of a byte pattern.
    public func count(of pattern: [UInt8]) -> Int {
        var count = 0, start = startIndex
        while let found = range(of: Data(pattern), in: start..<endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }
}

/// Every file under `folder`, hidden ones included: relative path → bytes (for comparing whole output trees).
public func fileContents(under folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for case let name as String in FileManager.default.enumerator(atPath: folder) ?? FileManager.DirectoryEnumerator() {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
    }
    return files
}

/// The long grids' switch: a test over a grid (images × treatments, documents × resolutions) checks
/// a sample of it that still meets every axis's values, and the whole grid when
/// `FROSTLEVEL_FULL_GRIDS=1` (bench/ci-moves.md lists the tests and their commands).
public enum TestGrid {
    public static let full = ProcessInfo.processInfo.environment["FROSTLEVEL_FULL_GRIDS"] == "1"
}
