import CommandSupport
import Foundation
import SystemPackage
import TestSupport
import Testing
import ToolSupport

/// `-o` read once into a destination: a file, a folder or standard output; `-` is standard output
/// and shows as `<stdout>`, the argument as given stays for messages.
@Suite(.tags(.fast)) struct DestinationTests {
    @Test func eachArgumentIsReadOnce() throws {
        #expect(Destination(argument: "-").place == .standardOutput)
        #expect(Destination(argument: "-").description == "<stdout>")
        #expect(Destination.standardOutput.isStandardOutput && Destination.standardOutput.path == nil)
        let folder = Destination(argument: "out/")
        #expect(folder.place == .folder(FilePath("out")) && folder.isFolder && folder.description == "out/")
        let image = Destination(argument: "page.png[compression=9]")
        #expect(image.place == .file(FilePath("page.png")) && image.description == "page.png[compression=9]")
        #expect(!image.isFolder && !image.isStandardOutput)
        // An existing folder is a folder without its slash, as every command's -o reads it.
        let existing = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: existing) }
        #expect(Destination(argument: existing.path).isFolder)
        #expect(OutputPlan.namesFolder(existing.path) && !OutputPlan.namesFolder("-") && !OutputPlan.namesFolder(nil))
    }

    @Test func resolvedPathsShowStandardOutputAlike() {
        #expect(Destination.isStandardOutput("-") && !Destination.isStandardOutput("./-"))
        #expect(Destination.shown("-") == "<stdout>" && Destination.shown("a.pdf") == "a.pdf")
        #expect(BatchInput.shown("-") == "<stdin>" && BatchInput(path: "-").description == "<stdin>")
        #expect(ResolvedOutput(path: "-", kind: .image(.png)).isStandardOutput)
    }

    /// Names made beside the input and in folders, now joined as paths.
    @Test func plannedPathsJoinAsBefore() throws {
        let inputs = [BatchInput(path: "photos/a.jpg"), BatchInput(path: "b.jpg")]
        let beside = try OutputPlan(
            output: nil, inPlace: false, inputs: inputs, tag: "-level", tagInFolders: false, option: "-o")
        #expect(try beside.resolve(inputs[0], as: .image(.jpeg), create: false).path == "photos/a-level.jpg")
        #expect(try beside.resolve(inputs[1], as: .image(.png), create: false).path == "b-level.png")
        let found = BatchInput(path: "photos/2024/c.jpg", relativePath: "2024/c.jpg", foundInFolder: true)
        let folder = try OutputPlan(
            output: "out/", inPlace: false, inputs: [found, inputs[1]], tag: "", tagInFolders: false, option: "-o")
        #expect(try folder.resolve(found, as: .image(.jpeg), create: false).path == "out/2024/c.jpg")
        #expect(try folder.resolve(inputs[1], as: .image(.jpeg), create: false).path == "out/b.jpg")
    }
}
