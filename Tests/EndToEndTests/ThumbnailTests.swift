import Foundation
import TestSupport
import Testing

/// The EXIF thumbnail shows the picture before the change: a frosted screenshot or a levelled photo
/// never carries it (issue 39 §3, issue 41 §4), though the rest of the EXIF is kept.
@Suite(.tags(.tools)) struct ThumbnailTests {
    static func exiftool(_ arguments: [String]) throws -> RunResult {
        try run("exiftool", arguments)
    }

    @Test(arguments: [
        ["blur", "IN", "--keep-metadata", "-o", "OUT"],
        ["horizon", "IN", "--angle", "3", "--fix", "-o", "OUT"],
    ])
    func noThumbnailOfTheOriginalIsKept(command: [String]) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Fixtures.asset("exif-rotated.jpg"), output = folder.path + "/out.jpg"
        let thumbnail = try Self.exiftool(["-b", "-ThumbnailImage", input])
        try #require(thumbnail.stdout.count > 1000, "the fixture has no thumbnail: \(thumbnail.stderr)")
        let arguments = command.map { $0 == "IN" ? input : $0 == "OUT" ? output : $0 }
        let result = try run("imgtool", arguments + ["-q"])
        #expect(result.status == 0, "\(result.stderr)")
        let left = try Self.exiftool(["-b", "-ThumbnailImage", output])
        #expect(left.stdout.isEmpty, "a thumbnail of \(left.stdout.count) bytes is left")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(bytes.count(of: Array(thumbnail.stdout.prefix(64))) == 0, "the original's thumbnail is inside")
        // The rest of the EXIF is kept (the camera's make, as the original has it).
        let make = try Self.exiftool(["-s3", "-Make", input]).text
        try #require(!make.isEmpty)
        #expect(try Self.exiftool(["-s3", "-Make", output]).text == make)
    }
}
