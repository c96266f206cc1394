import CoreTypes
import Foundation
import Synchronization

/// The one parallel engine: items 0..<count run on up to `jobs` threads, and each result is handed
/// to `emit` in input order as soon as every earlier item is done (so output streams, yet never
/// reorders). Each worker thread first calls `makeWork` on itself, so per-thread state (a poppler
/// document, which must not be shared) lives in the closure it returns. After an item's result
/// satisfies `stopsAfter`, no new item starts; items already running finish and are emitted.
///
/// `stackSize` gives every worker a thread of its own with that stack (poppler recurses through
/// nested forms and patterns); without it one worker runs on the calling thread.
public func orderedParallelForEach<Result: Sendable>(
    count: Int, jobs: Int, stackSize: Int? = nil,
    makeWork: @escaping @Sendable () -> (Int) -> Result,
    stopsAfter: @escaping @Sendable (Result) -> Bool = { _ in false },
    emit: @escaping @Sendable (Int, Result) -> Void
) {
    guard count > 0 else { return }
    let workers = max(1, min(jobs, count))
    let state = OrderedResults<Result>(count: count)
    let runWorker: @Sendable () -> Void = {
        let work = makeWork()
        while !state.stopped.load(ordering: .acquiring) {
            let index = state.next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let result = work(index)
            if stopsAfter(result) { state.stopped.store(true, ordering: .releasing) }
            // Emitting under the lock keeps lines whole and in order; it is cheap next to the work.
            state.pending.withLock { pending in
                pending.results[index] = result
                while pending.emitted < count, let ready = pending.results[pending.emitted] {
                    emit(pending.emitted, ready)
                    pending.results[pending.emitted] = nil
                    pending.emitted += 1
                }
            }
        }
    }
    guard let stackSize else {
        if workers == 1 { return runWorker() }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in runWorker() }
        return
    }
    let group = DispatchGroup()
    for _ in 0..<workers {
        group.enter()
        let thread = Thread {
            runWorker()
            group.leave()
        }
        thread.stackSize = stackSize
        thread.start()
    }
    group.wait()
}

/// The same without per-thread state: `work(index)` for every item, results to `emit` in order.
public func orderedParallelForEach<Result: Sendable>(
    count: Int, jobs: Int,
    work: @escaping @Sendable (Int) -> Result,
    emit: @escaping @Sendable (Int, Result) -> Void
) {
    orderedParallelForEach(count: count, jobs: jobs, makeWork: { work }, emit: emit)
}

private final class OrderedResults<Result: Sendable>: Sendable {
    struct Pending {
        var results: [Result?]
        var emitted = 0
    }

    let next = Atomic<Int>(0)
    let stopped = Atomic<Bool>(false)
    let pending: Locked<Pending>

    init(count: Int) {
        pending = Locked(Pending(results: Array(repeating: nil, count: count)))
    }
}
