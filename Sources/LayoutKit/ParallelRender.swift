import CoreTypes
import Poppler
import Synchronization
import ToolSupport

/// Runs rendering work on several threads, each with its own poppler `Document` (one document
/// shared by two threads crashes; one per thread does not), on the package's one ordered parallel
/// engine (`orderedParallelForEach`).
public enum ParallelRender {
    /// Calls `body(index, document)` for every index in `0..<count` on up to `workers` threads and
    /// returns the results in index order. After a failure no new index starts, and the error of
    /// the lowest failing index is thrown, so the message does not depend on thread timing.
    /// `renewal` says when a worker opens its document again (`WorkerDocument`).
    public static func map<T: Sendable>(
        count: Int, workers: Int, source: PDFSource, password: String?,
        renewal: WorkerDocument.Renewal = .paidBack(times: WorkerDocument.paybackTimes),
        _ body: @escaping @Sendable (Int, Document) throws -> T
    ) throws -> [T] {
        let results = Locked<[T]>([])
        try forEach(count: count, workers: workers, source: source, password: password, renewal: renewal, body) {
            _, result in results.withLock { $0.append(result) }
        }
        return results.withLock { $0 }
    }

    /// The same, but each result goes to `consume` as soon as it and every earlier one are done,
    /// in index order and one at a time (on whichever worker finished it), instead of being kept
    /// until the end: what is kept of a page is then up to the caller, not the page count. A
    /// failure of `consume` counts as its index's: no new page is rendered, no later result is
    /// consumed, and the lowest failing index's error is thrown, whether `body` or `consume` threw it.
    /// `consume` runs under the engine's lock, so other workers wait while it runs: keep it short,
    /// and never wait in it on another index.
    public static func forEach<T: Sendable>(
        count: Int, workers: Int, source: PDFSource, password: String?,
        renewal: WorkerDocument.Renewal = .paidBack(times: WorkerDocument.paybackTimes),
        _ body: @escaping @Sendable (Int, Document) throws -> T,
        consume: @escaping @Sendable (Int, T) throws -> Void
    ) throws {
        guard count > 0 else { return }
        // The first failure in index order; set only while emitting, which runs in order.
        let failure = Locked<(any Error)?>(nil)
        let failed = Atomic<Bool>(false)
        // Poppler recurses through nested forms and patterns: every worker gets a thread with room.
        orderedParallelForEach(
            count: count, jobs: workers, stackSize: 16 << 20,
            makeWork: {
                // The document is opened here, on the thread that will use it, and dies with it.
                let document = WorkerDocument(source: source, password: password, renewal: renewal)
                return { index -> Result<T, any Error> in
                    // A result that cannot be consumed is not worth rendering.
                    if failed.load(ordering: .acquiring) { return .failure(CancellationError()) }
                    return document.run { try body(index, $0) }
                }
            },
            stopsAfter: { result in
                if case .failure = result { return true }
                return false
            },
            emit: { index, result in
                failure.withLock { first in
                    guard first == nil else { return }
                    do {
                        try consume(index, try result.get())
                    } catch {
                        first = error
                        failed.store(true, ordering: .releasing)
                    }
                }
            })
        // Every index below a failure ran (indices are handed out in order) and was consumed.
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

/// One worker's poppler document, opened again from time to time. poppler keeps what it read for
/// every page it rendered (the page's annotations, the form they belong to) until the document
/// closes, so one document kept for a whole book grows with the page count (about 0.1 MB a page
/// on the pgfplots manual; bench/memory/PDFLAYOUT.md). Opening again costs the open itself and
/// the cold caches of the next page (fonts, the form): the document is renewed once the work done
/// since it opened is `times` that cost, which keeps the price of renewal under 1/`times`.
public final class WorkerDocument {
    public enum Renewal: Sendable {
        case never
        /// Renewed after this many items, whatever they cost (tests).
        case every(items: Int)
        /// Renewed once the time spent since opening is `times` the opening's own cost.
        case paidBack(times: Int)
    }

    /// Renewal costs at most 1/20 of the rendering time, usually far less.
    public static let paybackTimes = 20

    private let source: PDFSource
    private let password: String?
    private let renewal: Renewal
    private var current: Result<Document, any Error>?
    /// The open and the first item after it (which fills poppler's cold caches).
    private var openingCost: Duration = .zero
    private var spentSinceOpening: Duration = .zero
    private var itemsSinceOpening = 0
    /// How many times the document was opened (tests).
    public private(set) var openings = 0

    public init(source: PDFSource, password: String?, renewal: Renewal) {
        self.source = source
        self.password = password
        self.renewal = renewal
    }

    /// The document, opened (again) when there is none yet or renewal is due.
    private func opened() -> Result<Document, any Error> {
        if let current, !isDue { return current }
        // The old document goes before the new one opens, so the two are never held together.
        current = nil
        let clock = ContinuousClock()
        let start = clock.now
        let document = Result { () throws -> Document in try Document(source, password: password) }
        openingCost = clock.now - start
        spentSinceOpening = .zero
        itemsSinceOpening = 0
        openings += 1
        current = document
        return document
    }

    private var isDue: Bool {
        guard itemsSinceOpening > 0 else { return false }
        switch renewal {
        case .never: return false
        case .every(let items): return itemsSinceOpening >= items
        case .paidBack(let times): return spentSinceOpening > openingCost * times
        }
    }

    /// Runs `body` with the document, renewing it first when it is due.
    public func run<T>(_ body: (Document) throws -> T) -> Result<T, any Error> {
        let document = opened()
        let clock = ContinuousClock()
        let start = clock.now
        let result = document.flatMap { document in Result { try body(document) } }
        let spent = clock.now - start
        if itemsSinceOpening == 0 { openingCost += spent }
        spentSinceOpening += spent
        itemsSinceOpening += 1
        return result
    }
}
