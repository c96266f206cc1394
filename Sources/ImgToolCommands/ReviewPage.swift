import CommandSupport
import Foundation
import HorizonKit
import ToolSupport

/// `imgtool horizon --review DIR/`: the batch runs with a `HorizonReview` that each photo is added
/// to; the page is written into a hidden folder beside DIR, renamed into place once complete (a
/// folder that holds anything but an earlier review is refused before any photo is read).
enum ReviewPage {
    static func run(
        _ folder: String?, inputs: [BatchInput], job: HorizonJob, quiet: Bool,
        batch: (HorizonJob) -> BatchTally
    ) throws -> BatchTally {
        guard let folder else { return batch(job) }
        ProcessControl.removeTemporaryFilesOnInterrupt()
        return try AtomicFolder.write(to: folder, mayReplace: HorizonReview.isReview) { staging in
            let review = try HorizonReview(folder: staging, inputs: inputs.map(\.path))
            var reviewing = job
            reviewing.review = review
            let tally = batch(reviewing)
            try review.finish()
            if !quiet {
                let listed = review.listed
                let unanswered = listed.filter { !$0.found }.count
                let page = URL(fileURLWithPath: folder).appendingPathComponent("index.html").path
                Console.error(
                    "imgtool horizon: review of \(listed.count) photo\(listed.count == 1 ? "" : "s") (\(unanswered) without an answer): open \(page)"
                )
            }
            return tally
        }
    }
}
