import Foundation

/// Temporary files and folders still being written (outputs, pdflayout's spools and readers), removed if the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP) so that no half-written file is left behind.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()
    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []
    /// A last line for standard error when a signal ends the process (a batch's summary so far).
    private var lastWords: (@Sendable () -> String?)?

    /// Sets (or, with nil, clears) the line printed when a signal ends the process.
    public func onInterrupt(say line: (@Sendable () -> String?)?) {
        lock.withLock { lastWords = line }
    }

    public func register(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    public func forget(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Removes a file, or a folder with what it holds (an `AtomicFolder` temporary).
    static func remove(_ path: String) {
        if unlink(path) != 0 && errno == EISDIR { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Installs the signal handlers once; only through an executable's runtime policy
    /// (`ProcessControl.removeTemporaryFilesOnInterrupt()`, when a command starts writing).
    public func removeOnInterrupt() {
        lock.withLock {
            guard sources.isEmpty else { return }
            // A queue of its own: the shared global queue's threads may all be busy rendering
            // (a whole EPUB's pages), and the handler would wait for them to finish.
            let queue = DispatchQueue(label: "frostlevel.signals", qos: .userInteractive)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [self] in
                    // The lock is kept until _exit: a thread registering another temporary file
                    // now (batch jobs, parallel pages) waits, so it cannot create a file after
                    // this sweep that would outlive the process.
                    lock.lock()
                    // Folders (`AtomicFolder`) are removed with what they hold.
                    for path in paths { Self.remove(path) }
                    if let line = lastWords?() { Console.error(line) }
                    // _exit, not exit: exit() runs atexit handlers and library destructors while
                    // rendering threads are still inside poppler/libvips, which could crash (SIGSEGV
                    // instead of the conventional 128 + signal status).
                    _exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
