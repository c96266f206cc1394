import CoreTypes
import Foundation
import TestSupport
import Testing
import ToolSupport

@Suite(.tags(.fast)) struct BatchTests {
    @Test func statusFailuresWinThenNothingFound() {
        var tally = BatchTally()
        #expect(tally.exitStatus == 0)
        tally.nothingFound = 1
        #expect(tally.exitStatus == ExitStatus.nothingFound)
        tally.failed = 1
        tally.failureStatus = ExitStatus.failure
        #expect(tally.exitStatus == ExitStatus.failure)
    }

    @Test func schedulerStatusIsZeroUnlessSomeInputFailed() {
        var tally = BatchTally()
        tally.done = 3; tally.nothingFound = 2; tally.skipped = 1
        #expect(tally.exitStatus(nothingFoundIsSuccess: true) == ExitStatus.success)
        #expect(tally.exitStatus(nothingFoundIsSuccess: false) == ExitStatus.nothingFound)
        tally.failed = 1
        tally.failureStatus = ExitStatus.failure
        #expect(tally.exitStatus(nothingFoundIsSuccess: true) == ExitStatus.failure)
    }

    @Test func runsEveryInputAndCountsOutcomes() {
        let inputs = (0..<40).map { BatchInput(path: "in-\($0).jpg") }
        let seen = Locked<[String]>([])
        var report = BatchReport(label: "test", quiet: true, json: false)
        report.alwaysSummarise = false
        let tally = Batch.run(inputs, jobs: 4, report: report, text: { (value: Int) in ["\(value)"] }) { input in
            seen.withLock { $0.append(input.path) }
            let number = Int(input.path.dropFirst(3).dropLast(4))!
            switch number % 4 {
            case 0: return .failed(ToolFailure(file: input.path, "broken"))
            case 1: return .skipped(outputs: ["x"])
            case 2: return .done(number, status: ExitStatus.nothingFound)
            default: return .done(number)
            }
        }
        #expect(Set(seen.withLock { $0 }) == Set(inputs.map(\.path)))
        #expect(tally.done == 10 && tally.skipped == 10 && tally.nothingFound == 10 && tally.failed == 10)
        #expect(tally.exitStatus == ExitStatus.failure)
    }

    @Test func orderedParallelEmitsInInputOrder() {
        let emitted = Locked<[Int]>([])
        orderedParallelForEach(
            count: 200, jobs: 4,
            work: { index in
                // Later items finish first often: the emit order must not follow.
                if index % 7 == 0 { usleep(2000) }
                return index * index
            },
            emit: { index, value in
                #expect(value == index * index)
                emitted.withLock { $0.append(index) }
            })
        #expect(emitted.withLock { $0 } == Array(0..<200))
    }

    @Test func summaryAndClock() {
        var tally = BatchTally()
        tally.done = 480; tally.nothingFound = 15; tally.skipped = 3; tally.failed = 2
        let line = Batch.summary(tally, label: "imgtool horizon", nothingFound: "no horizon", elapsed: .seconds(12.4))
        #expect(line == "imgtool horizon: 500 inputs: 480 done, 15 no horizon, 3 skipped, 2 failed in 12.4 s (40.1/s)")
        #expect(ProgressBar.clock(75) == "1:15")
        #expect(ProgressBar.clock(4000) == "1:06:40")
        #expect(ProgressBar.clock(0.2) == "0:01")
    }
}
