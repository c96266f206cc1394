import CommandSupport
import CoreTypes
import Sidecars
import TestSupport
import Testing
import ToolSupport

/// Editors' sidecars are one kind of output of the one plan (`OutputKind.sidecar`): resolved beside
/// each photo by the editor's own name, and, like every output, never over an input.
@Suite(.tags(.fast)) struct SidecarOutputTests {
    static let photos = ["a/IMG_1.CR2", "b.c/IMG", "x/.hidden", "./p.jpg", "q.JPG", "/abs/r.dng", "s.t/u.v.w"]

    @Test func theirPathsAreTheEditorsNames() throws {
        let inputs = Self.photos.map { BatchInput(path: $0) }
        let plan = try OutputPlan(
            output: nil, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "--sidecar")
        for input in inputs {
            for editor in SidecarEditor.allCases {
                let resolved = try plan.resolve(input, as: .sidecar(editor.name))
                #expect(resolved.path == editor.path(for: input.path), "\(editor) \(input.path)")
                #expect(resolved.kind.suffix == editor.name.suffix && resolved.kind.names(resolved.path))
            }
        }
        #expect(SidecarEditor.lightroom.path(for: "a/IMG_1.CR2") == "a/IMG_1.xmp")
        #expect(SidecarEditor.rawtherapee.path(for: "a/IMG_1.CR2") == "a/IMG_1.CR2.pp3")
    }

    @Test func aSidecarIsNeverWrittenOverAnInput() throws {
        let inputs = [BatchInput(path: "a.jpg"), BatchInput(path: "a.xmp")]
        let plan = try OutputPlan(
            output: nil, inPlace: false, inputs: inputs, tag: "", tagInFolders: false, option: "--sidecar")
        #expect(throws: ToolFailure.self) { try plan.resolve(inputs[0], as: .sidecar(SidecarEditor.lightroom.name)) }
        #expect(try plan.resolve(inputs[0], as: .sidecar(SidecarEditor.darktable.name)).path == "a.jpg.xmp")
    }
}
