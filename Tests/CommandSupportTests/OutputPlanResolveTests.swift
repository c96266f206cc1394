import CommandSupport
import CoreTypes
import Foundation
import TestSupport
import Testing
import ToolSupport

/// The one output plan, in process: where each input's output goes for each way `-o` is given,
/// and the command-line mistakes it refuses (exit 64).
@Suite(.tags(.fast)) struct OutputPlanResolveTests {
    static let photo = BatchInput(path: "trips/a.jpg")
    static let found = BatchInput(path: "photos/2024/b.PNG", relativePath: "2024/b.PNG", foundInFolder: true)

    @Test func besideTheInputWithTheTag() throws {
        let plan = try OutputPlan(
            output: nil, inPlace: false, inputs: [Self.photo], tag: "-level", tagInFolders: false, option: "-o")
        #expect(plan.place == .beside)
        #expect(try plan.resolve(Self.photo, as: .image(.jpeg), create: false).path == "trips/a-level.jpg")
        // The input's own suffix kept when asked and it names the same kind; the kind's otherwise.
        let png = try plan.resolve(Self.found, as: .image(.png), keepingInputSuffix: true, create: false)
        #expect(png.path == "photos/2024/b-level.PNG")
        #expect(try plan.resolve(Self.found, as: .image(.jpeg), create: false).path == "photos/2024/b-level.jpg")
    }

    /// A folder mirrors the tree the inputs were found in; the tag only where asked for.
    @Test func intoAFolderMirroringTheTree() throws {
        let plain = try OutputPlan(
            output: "out/", inPlace: false, inputs: [Self.photo, Self.found], tag: "-level", tagInFolders: false,
            option: "-o")
        #expect(plain.place == .folder("out"))
        #expect(try plain.resolve(Self.photo, as: .image(.jpeg), create: false).path == "out/a.jpg")
        #expect(try plain.resolve(Self.found, as: .image(.png), create: false).path == "out/2024/b.png")
        let tagged = try OutputPlan(
            output: "out/", inPlace: false, inputs: [Self.photo], tag: "-horizon", tagInFolders: true,
            option: "--overlay")
        #expect(try tagged.resolve(Self.photo, as: .image(.jpeg), create: false).path == "out/a-horizon.jpg")
    }

    /// One named file keeps the user's options and names the format; `-` is standard output.
    @Test func oneFileOrStandardOutput() throws {
        let named = try OutputPlan(
            output: "level.webp[Q=70]", inPlace: false, inputs: [Self.photo], tag: "-level", tagInFolders: false,
            option: "-o")
        #expect(named.userFormat == .webp)
        let resolved = try named.resolve(Self.photo, as: .image(.jpeg), create: false)
        #expect(resolved.path == "level.webp" && resolved.options == SaverOptions(parsing: "[Q=70]"))
        let standard = try OutputPlan(
            output: "-", inPlace: false, inputs: [Self.photo], tag: "", tagInFolders: false, option: "-o")
        #expect(standard.place == .standardOutput)
        #expect(try standard.resolve(Self.photo, as: .image(.png)).path == "-")
    }

    @Test func mistakesAreUsageErrors() {
        let two = [Self.photo, Self.found]
        let cases: [(String?, Bool, [BatchInput])] = [
            ("one.jpg", false, two),  // one file for two inputs
            ("-", false, two),  // standard output for two
            ("out.jpg", true, [Self.photo]),  // --in-place with -o
            (nil, false, [BatchInput(path: "-")]),  // standard input has no folder to write beside
        ]
        for (output, inPlace, inputs) in cases {
            #expect {
                _ = try OutputPlan(
                    output: output, inPlace: inPlace, inputs: inputs, tag: "-level", tagInFolders: false,
                    option: "-o", inPlaceFlag: "--in-place")
            } throws: { error in
                (error as? ToolFailure)?.status == ExitStatus.usage
            }
        }
    }

    /// A run beside the photos twice does not take its own copies for photos.
    @Test func ownCopiesAreLeftOut() {
        let inputs = ["a.jpg", "a-level.jpg", "b-level.jpg", "-"].map { BatchInput(path: $0) }
        let (kept, dropped) = OutputPlan.droppingOwnOutputs(inputs, tag: "-level")
        #expect(kept.map(\.path) == ["a.jpg", "b-level.jpg", "-"] && dropped == 1)
    }
}
