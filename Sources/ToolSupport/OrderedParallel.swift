import Dispatch
import Synchronization

/// Runs `work` for items 0..<count on up to `jobs` threads and hands each result to `emit` in
/// input order, as soon as every earlier item is done (so output streams, yet never reorders).
public func orderedParallelForEach<Result: Sendable>(count: Int, jobs: Int,
                                                     work: @Sendable (Int) -> Result,
                                                     emit: @Sendable (Int, Result) -> Void) {
    let workers = max(1, min(jobs, count))
    if workers == 1 {
        for index in 0..<count { emit(index, work(index)) }
        return
    }
    let state = OrderedResults<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = state.next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            let result = work(index)
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
}

private final class OrderedResults<Result: Sendable>: Sendable {
    struct Pending {
        var results: [Result?]
        var emitted = 0
    }

    let next = Atomic<Int>(0)
    let pending: Mutex<Pending>

    init(count: Int) {
        pending = Mutex(Pending(results: Array(repeating: nil, count: count)))
    }
}
