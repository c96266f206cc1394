import Foundation
import Synchronization

/// Writes to the terminal streams by descriptor: Swift 6 rejects Glibc's `stdout`/`stderr`
/// globals as shared mutable state, and FileHandle writes are unbuffered, so lines from
/// different threads do not interleave mid-line.
public enum Console {
    /// Where the tool's own messages go: descriptor 2, or its duplicate once library output is
    /// silenced.
    private static let errorDescriptor = Atomic<Int32>(2)

    public static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public static func error(_ line: String) {
        writeError(line + "\n")
    }

    /// Text for stderr as it is (progress bars draw with carriage returns).
    public static func writeError(_ text: String) {
        FileHandle(fileDescriptor: errorDescriptor.load(ordering: .acquiring), closeOnDealloc: false).write(
            Data(text.utf8))
    }

    /// True when the descriptor is a terminal (progress bars only then; binary output never).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// True when the tool's messages reach a terminal.
    public static var errorIsTerminal: Bool { isTerminal(errorDescriptor.load(ordering: .acquiring)) }

    /// poppler writes some complaints straight to descriptor 2 ("Bogus memory allocation size"
    /// for a damaged PDF), past any callback, which would break the promise of one-line errors.
    /// This points descriptor 2 at /dev/null and keeps a duplicate for the tool's own messages.
    /// Only an executable's runtime policy calls it.
    public static func silenceLibraryOutput() {
        guard errorDescriptor.load(ordering: .acquiring) == 2 else { return }
        let saved = dup(2), null = open("/dev/null", O_WRONLY)
        guard saved >= 0, null >= 0 else { return }
        errorDescriptor.store(saved, ordering: .releasing)
        dup2(null, 2)
        close(null)
    }

    /// Gives descriptor 2 back (before exit, so that argument errors and leak reports are seen).
    public static func restoreStandardError() {
        let saved = errorDescriptor.exchange(2, ordering: .acquiringAndReleasing)
        guard saved != 2 else { return }
        dup2(saved, 2)
        close(saved)
    }
}
