import Dispatch

/// `first()` and `second()` run at the same time, the first on the calling thread and the second on
/// a thread of Dispatch's pool, and both results once both are done. Called from inside another
/// `concurrentPerform` that already fills the cores (a batch of pictures), Dispatch runs the two one
/// after the other on the calling thread.
func concurrently<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    // Each result is written by one iteration only and read after `concurrentPerform` has waited
    // for both.
    nonisolated(unsafe) var firstResult: First?
    nonisolated(unsafe) var secondResult: Second?
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { firstResult = first() } else { secondResult = second() }
    }
    return (firstResult!, secondResult!)
}
