import CoreTypes
import Poppler
import ToolSupport

/// Runs rendering work on several threads, each with its own poppler `Document` (one document
/// shared by two threads crashes; one per thread does not), on the package's one ordered parallel
/// engine (`orderedParallelForEach`).
public enum ParallelRender {
    /// Calls `body(index, document)` for every index in `0..<count` on up to `workers` threads and
    /// returns the results in index order. After a failure no new index starts, and the error of
    /// the lowest failing index is thrown, so the message does not depend on thread timing.
    public static func map<T: Sendable>(
        count: Int, workers: Int, source: PDFSource, password: String?,
        _ body: @escaping @Sendable (Int, Document) throws -> T
    ) throws -> [T] {
        guard count > 0 else { return [] }
        let results = Locked<[Result<T, any Error>]>([])
        // Poppler recurses through nested forms and patterns: every worker gets a thread with room.
        orderedParallelForEach(
            count: count, jobs: workers, stackSize: 16 << 20,
            makeWork: {
                // The document is opened here, on the thread that will use it, and dies with it.
                let document = Result { () throws -> Document in try Document(source, password: password) }
                return { index in
                    document.flatMap { document in Result { try body(index, document) } }
                }
            },
            stopsAfter: { result in
                if case .failure = result { return true }
                return false
            },
            emit: { _, result in
                results.withLock { $0.append(result) }
            })
        // Every index below a failure ran (indices are handed out in order), so the first failure
        // in the emitted prefix is the lowest failing index.
        return try results.withLock { $0 }.map { try $0.get() }
    }
}
