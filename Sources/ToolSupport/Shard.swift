/// `--shard i/N`: a deterministic share of a batch's inputs, so that N machines (GNU parallel
/// `--sshlogin`, a Kubernetes Indexed Job, a Slurm job array) split one library without talking
/// to each other. Shards are numbered 1…N; every input falls in exactly one.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Why a shard was refused; `description` names no command-line option.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not `i/N` with whole numbers.
        case malformed(String)
        /// `i` outside 1…N, or N below 1.
        case outOfRange(index: Int, count: Int)

        public var description: String {
            switch self {
            case .malformed(let text): return "\(text): want i/N, e.g. 2/8"
            case .outOfRange(let index, let count): return "\(index)/\(count): want i/N with 1 ≤ i ≤ N"
            }
        }
    }

    public init(index: Int, count: Int) throws(Failure) {
        guard count >= 1, index >= 1, index <= count else { throw .outOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    /// Parses `i/N`.
    public init(parsing text: String) throws(Failure) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw .malformed(text)
        }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// True when `key` belongs to this shard: FNV-1a (64-bit) of its UTF-8 bytes, modulo N. Swift's
    /// own `Hasher` is seeded per process, so it cannot be used across machines.
    public func contains(_ key: String) -> Bool {
        Int(Self.fnv1a(key) % UInt64(count)) == index - 1
    }

    public static func fnv1a(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
