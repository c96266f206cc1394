import CoreTypes
import Foundation

/// Standard input (`-` on a command line), read in this one place, once, to the end.
public enum StandardInput {
    /// Every byte of standard input.
    public static func readAll() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    /// The PDF a command-line argument names: `-` reads standard input now.
    public static func source(_ argument: String) -> PDFSource {
        BatchInput.isStandardInput(argument) ? .bytes(readAll()) : .file(argument)
    }
}

/// The first line of a small text file, a pipe or standard input, without its line break (`\n`
/// or `\r\n`) or a leading UTF-8 byte order mark: a password given as `--password-file FILE`, so
/// that it shows neither in `ps` nor in the shell's history. At most `limit` bytes are read, so
/// `/dev/zero` cannot exhaust memory.
public enum FirstLine {
    public enum Failure: Error, Equatable, Sendable {
        case notFound, isFolder, unreadable
    }

    /// The first line of the file at `path` (a regular file, a named pipe, `/dev/fd/N`).
    public static func read(path: String, limit: Int = 65_536) throws(Failure) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound }
        guard !isFolder.boolValue else { throw .isFolder }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable }
        defer { try? handle.close() }
        return try read(handle, limit: limit)
    }

    /// The first line of standard input (`--password-file -`).
    public static func readStandardInput(limit: Int = 65_536) throws(Failure) -> String {
        try read(FileHandle.standardInput, limit: limit)
    }

    private static func read(_ handle: FileHandle, limit: Int) throws(Failure) -> String {
        var bytes: [UInt8] = []
        do {
            while bytes.count < limit, !bytes.contains(UInt8(ascii: "\n")),
                let chunk = try handle.read(upToCount: min(4096, limit - bytes.count)), !chunk.isEmpty
            {
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw .unreadable
        }
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        // A UTF-8 byte order mark (as Windows Notepad saved files) is no part of the text.
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        return String(decoding: line, as: UTF8.self)
    }
}
