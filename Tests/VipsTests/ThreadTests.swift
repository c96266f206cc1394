import Foundation
import TestSupport
import Testing

@testable import Vips

@Suite(.tags(.fast)) struct ThreadTests {
    /// One image read by many threads at once gives the same answers as one thread.
    @Test func sharedImageAcrossThreads() async throws {
        let image = try gradient().copiedToMemory()
        let expected = try image.gaussianBlur(sigma: 2).average()
        let results = try await withThrowingTaskGroup(of: Double.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let blurred = try image.gaussianBlur(sigma: 2)
                    let resized = try image.resize(Double(index % 3 + 1))
                    _ = try resized.average()
                    return try blurred.average()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }
}
