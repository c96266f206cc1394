import CoreTypes
import Foundation
import TestSupport
import Testing

@testable import LayoutKit

/// The one seam of the layout writers: each states what it writes (`OutputFormat`) and writes
/// through the same entry point, `LayoutWriter.write(_:to:)`, leaving the files its format says.
@Suite(.tags(.fast)) struct LayoutWriterTests {
    @Test func eachWriterWritesWhatItsFormatSays() throws {
        let input = try LayoutInput.open(.file(MixedPDF.path), password: nil)
        var request = LayoutRequest()
        request.mode = .twoUp
        request.cover = true
        request.pages = "1-3"
        request.dpi = 18
        request.encryption = .drop
        let selection = try request.select(input)
        let laidOut = try request.lay(selection.pages, of: input, options: selection.options)
        let writers: [(name: String, writer: any LayoutWriter)] = [
            ("sheets.pdf", request.vectorJob(laidOut, progressLabel: nil) { _ in }),
            ("book.epub", request.epubJob(laidOut, input: input, file: "mixed", progressLabel: nil)),
            ("book.cbz", request.forComicArchive().cbzJob(laidOut, input: input, file: "mixed", progressLabel: nil)),
            ("reader", request.webReader(laidOut, input: input, progressLabel: nil)),
        ]
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, writer) in writers {
            let format = type(of: writer).format
            let path = folder.appendingPathComponent(name).path
            #expect(format.isFolder ? format.suffix.isEmpty : format.names(path), "\(format)")
            let written = try writer.write(input, to: path)
            #expect(written.path == path)
            let files = type(of: writer).files(at: path)
            #expect(files == (format.isFolder ? [path + "/index.html"] : [path]))
            for file in files {
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
                #expect(size > 0, "\(file)")
            }
        }
        // The sheets keep the navigation they can and say what they dropped; the others keep none.
        let again = folder.appendingPathComponent("again.pdf").path
        #expect(try writers[0].writer.write(input, to: again).linksDropped != nil)
        #expect(Set(writers.map { type(of: $0.writer).format.name }).count == writers.count)
    }
}
