import CoreTypes
import Foundation
import Poppler
import ToolSupport

/// Runs rendering work on several threads, each with its own poppler `Document` (one document
/// shared by two threads crashed every time here; one per thread never did).
public enum ParallelRender {
    /// Calls `body(index, document)` for every index in `0..<count` on up to `workers` threads and
    /// returns the results in index order. After a failure no new index starts, and the error of
    /// the lowest failing index is thrown, so the message does not depend on thread timing.
    public static func map<T: Sendable>(count: Int, workers: Int, source: PDFSource, password: String?,
                                 _ body: @escaping @Sendable (Int, Document) throws -> T) throws -> [T] {
        guard count > 0 else { return [] }
        let state = SharedState<T>(count: count)
        let threads = min(max(workers, 1), count)
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                // The document is opened here, on the thread that will use it, and dies with it.
                let document: Document
                do {
                    document = try Document(source, password: password)
                } catch {
                    state.fail(at: state.next() ?? 0, error)
                    return
                }
                while let index = state.next() {
                    do {
                        state.store(try body(index, document), at: index)
                    } catch {
                        state.fail(at: index, error)
                    }
                }
            }
            // Poppler recurses through nested forms and patterns: give it room.
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        return try state.results()
    }
}

/// The hand-out counter, results and first failure, shared by the worker threads under a lock.
private final class SharedState<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var values: [T?]
    private var failure: (index: Int, error: any Error)?

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The next index to work on, or nil when all are handed out or something failed.
    func next() -> Int? {
        lock.withLock {
            guard failure == nil, nextIndex < values.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    func store(_ value: T, at index: Int) {
        lock.withLock { values[index] = value }
    }

    func fail(at index: Int, _ error: any Error) {
        lock.withLock {
            if failure == nil || index < failure!.index { failure = (index, error) }
        }
    }

    func results() throws -> [T] {
        try lock.withLock {
            if let failure { throw failure.error }
            return values.map { $0! }
        }
    }
}
