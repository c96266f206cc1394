import Glibc

/// A value shared between threads, reached only under a lock.
///
/// The standard library's `Mutex` hands a contended lock over inside the kernel on Linux (a
/// priority-inheritance futex), where ThreadSanitizer cannot see it, so it reports races that are
/// not there; a pthread mutex is what ThreadSanitizer follows.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
