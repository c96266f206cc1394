import CoreTypes
import LayoutKit
import Poppler
import TestSupport
import Testing

/// `ParallelRender.forEach`: results are handed on in page order as soon as they are ready, not
/// kept until the end (the web reader writes its text files that way), and failures are thrown
/// as `map`'s are: the lowest failing index's, whether rendering or consuming failed.
@Suite(.tags(.fast)) struct ParallelRenderTests {
    struct Failure: Error, Equatable {
        var index: Int
    }

    /// Every page of mixed.pdf twice; `fails` says which indices fail in `body` and in `consume`.
    static func run(
        workers: Int, bodyFails: Set<Int> = [], consumeFails: Set<Int> = []
    ) -> (events: [String], error: (any Error)?) {
        let events = Locked<[String]>([])
        do {
            try ParallelRender.forEach(count: 12, workers: workers, source: .file(MixedPDF.path), password: nil) {
                index, document in
                events.withLock { $0.append("start \(index)") }
                if bodyFails.contains(index) { throw Failure(index: index) }
                return try document.page(at: index % 6).label ?? ""
            } consume: { index, _ in
                events.withLock { $0.append("consume \(index)") }
                if consumeFails.contains(index) { throw Failure(index: index) }
            }
        } catch {
            return (events.withLock { $0 }, error)
        }
        return (events.withLock { $0 }, nil)
    }

    static func consumed(_ events: [String]) -> [Int] {
        events.compactMap { $0.hasPrefix("consume ") ? Int($0.dropFirst(8)) : nil }
    }

    @Test func oneWorkerConsumesEachPageBeforeRenderingTheNext() {
        let (events, error) = Self.run(workers: 1)
        #expect(error == nil)
        #expect(events == (0..<12).flatMap { ["start \($0)", "consume \($0)"] })
    }

    @Test func twoWorkersConsumeInOrderWhileRendering() {
        let (events, error) = Self.run(workers: 2)
        #expect(error == nil)
        #expect(Self.consumed(events) == Array(0..<12))
        for index in 0..<12 {
            let started = events.firstIndex(of: "start \(index)"), consumed = events.firstIndex(of: "consume \(index)")
            #expect(started != nil && consumed != nil && started! < consumed!, "page \(index)")
        }
    }

    @Test(arguments: [1, 2]) func aFailureStopsConsumingAndTheLowestIndexIsThrown(workers: Int) {
        // Rendering fails at 5: pages 0–4 are consumed, nothing after.
        let rendering = Self.run(workers: workers, bodyFails: [5, 9])
        #expect(rendering.error as? Failure == Failure(index: 5))
        #expect(Self.consumed(rendering.events) == Array(0..<5))
        // Consuming fails at 3, before rendering fails at 7: 3's error, no page after it consumed.
        let consuming = Self.run(workers: workers, bodyFails: [7], consumeFails: [3])
        #expect(consuming.error as? Failure == Failure(index: 3))
        #expect(Self.consumed(consuming.events) == Array(0...3))
        if workers == 1 {
            #expect(!consuming.events.contains("start 4"), "no new page starts after a failure")
        }
    }
}
