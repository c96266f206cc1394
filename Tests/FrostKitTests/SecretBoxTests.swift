import Foundation
import Frost
import FrostKit
import Tesseract
import TestSupport
import Testing
import Vips

/// The boxes `--find cards,…` hides, on text rendered with known ink: the secret's characters
/// covered, its neighbours' ink untouched (issue 39: "Card on file: … expires 09/27." lost its
/// neighbours, a match took the next line).
@Suite(.tags(.fast)) struct SecretBoxTests {
    /// A line rendered by libvips (Pango), dark on white with a margin, and the box of each of its
    /// words' ink.
    static func rendered(
        _ text: String, font: String = "DejaVu Sans 16"
    ) throws -> (
        image: Image, grey: [UInt8], words: [Region]
    ) {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("text.png").path
        let margin = 24
        let result = try run("vips", ["text", path, text, "--dpi", "110", "--font", font])
        guard result.status == 0 else { throw Failure("vips text: \(result.stderr)") }
        let ink = try Image.load(path).copiedToMemory()
        let page = try ink.linear([-1], [255], uchar: true).embed(
            x: margin, y: margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin, extend: .background,
            background: [255])
        // Saved and read back as an sRGB PNG, as a screenshot comes.
        let pagePath = folder.appendingPathComponent("page.png").path
        // (Three bands of a grey image are saved as grey and alpha: made sRGB first.)
        try page.colourspace(.srgb).copiedToMemory().save(to: pagePath)
        let image = try FrostRenderer.normalised(Image.load(pagePath)).copiedToMemory()
        let grey = try image.extractBand(0).cast(.uchar).bytes()
        // Each word's columns: from the ink's right edge of the text before it to that of the
        // text up to its end, each rendered alone the same way.
        func inkEnd(_ prefix: String) throws -> Int {
            // A new name each time: libvips caches loads by file name.
            let path = folder.appendingPathComponent("prefix-\(prefix.count).png").path
            let result = try run("vips", ["text", path, prefix, "--dpi", "110", "--font", font])
            guard result.status == 0 else { throw Failure("vips text: \(result.stderr)") }
            let prefixInk = try Image.load(path).copiedToMemory()
            let bytes = try prefixInk.bytes()
            let columns = (0..<prefixInk.width).filter { x in
                (0..<prefixInk.height).contains { bytes[$0 * prefixInk.width + x] > 95 }
            }
            return margin + (columns.last ?? -1) + 1
        }
        let parts = text.split(separator: " ").map(String.init)
        var words: [Region] = []
        var left = margin
        for index in parts.indices {
            let right = try inkEnd(parts[...index].joined(separator: " "))
            let rows = (0..<image.height).filter { y in (left..<right).contains { grey[y * image.width + $0] < 160 } }
            words.append(Region(x: left, y: rows.first!, width: right - left, height: rows.last! - rows.first! + 1))
            left = right
        }
        return (image, grey, words)
    }

    /// The ink pixels (grey under 160) of `word` inside and outside `box`.
    static func ink(of word: Region, grey: [UInt8], width: Int, under box: Region) -> (covered: Int, total: Int) {
        var covered = 0, total = 0
        for y in word.y..<(word.y + word.height) {
            for x in word.x..<(word.x + word.width) where grey[y * width + x] < 160 {
                total += 1
                if x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height { covered += 1 }
            }
        }
        return (covered, total)
    }

    @Test func aCardIsHiddenWithoutItsNeighbours() throws {
        let (image, grey, words) = try Self.rendered("Card on file: 4111 1111 1111 1111 expires 09/27.")
        try #require(words.count == 9, "\(words.count) words")
        let secrets = try SecretFinder(matcher: SecretMatcher(kinds: [.card])).secrets(in: image)
        try #require(secrets.count == 1, "\(secrets)")
        #expect(secrets[0].kind == .card)
        let box = secrets[0].region
        for group in words[3...6] {
            let ink = Self.ink(of: group, grey: grey, width: image.width, under: box)
            #expect(ink.covered == ink.total, "\(group): \(ink.covered) of \(ink.total) ink pixels hidden")
        }
        for (index, neighbour) in words.enumerated() where !(3...6).contains(index) {
            let ink = Self.ink(of: neighbour, grey: grey, width: image.width, under: box)
            #expect(ink.covered == 0, "word \(index) \(neighbour): \(ink.covered) ink pixels under \(box)")
        }
    }

    @Test func anAddressInsideAWordKeepsItsLabel() throws {
        let (image, grey, words) = try Self.rendered("Reply to:jane.doe@example.com today")
        try #require(words.count == 3, "\(words.count) words")
        let label = try Self.rendered("Reply to").words[1]
        let secrets = try SecretFinder(matcher: SecretMatcher(kinds: [.email])).secrets(in: image)
        try #require(secrets.map(\.kind) == [.email], "\(secrets)")
        // "Reply" and "today" keep all their ink; of "to:jane…" the address is hidden, "to:" kept
        // for the most part (its colon may touch the padding).
        for index in [0, 2] {
            #expect(
                Self.ink(of: words[index], grey: grey, width: image.width, under: secrets[0].region).covered == 0)
        }
        let joined = Self.ink(of: words[1], grey: grey, width: image.width, under: secrets[0].region)
        #expect(joined.covered < joined.total && joined.covered * 10 >= joined.total * 8, "\(joined)")
        let labelInk = Self.ink(of: label, grey: grey, width: image.width, under: secrets[0].region)
        #expect(labelInk.covered == 0, "\(secrets[0].region) covers \(labelInk.covered) pixels of \"to\"")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
