import Foundation
import TestSupport
import Testing

/// What `imgtool blur` promises about privacy, checked by readers that share no code with it:
/// exiftool finds none of the original's metadata in the output, the PNG and JPEG structures hold
/// no metadata chunks or segments, and tesseract reads none of a screenshot's words after the blur.
/// Each check also runs where the answer must be the opposite (`--keep-metadata`, the unblurred
/// screenshot, a too-weak blur), so that a reader that sees nothing cannot make the tests pass.
///
/// exiftool and tesseract come from scripts/install-deps.sh; without them these tests fail
/// rather than skip, since a privacy proof that does not run proves nothing.
@Suite(.tags(.external)) struct PrivacyTests {
    static let photo = Fixtures.asset("exif-rotated.jpg")
    static let screenshot = Fixtures.asset("screenshot-text.png")

    // MARK: Metadata

    /// Values of the fixture's tags (all invented), plus the IPTC added by `taggedPhoto`; none may
    /// appear anywhere in what exiftool reads from a stripped output.
    static let secrets = [
        "Jane Example", "ExampleCam", "SN123456789", "Lake at dawn", "make-fixtures.sh",
        "2023:07:14", "2023:07:13", "61 deg", "23 deg", "Tampere", "secret-keyword", "Created with GIMP",
    ]

    /// The kinds of metadata exiftool reports, by its family-1 group names (`-G1`).
    enum Kind: String, CaseIterable, Comparable {
        case exif, gps, thumbnail, xmp, iptc, icc, pngText = "png-text"
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// The PNG tags exiftool reads from IHDR: structure, not metadata.
    static let pngHeaderTags: Set<String> = [
        "ImageWidth", "ImageHeight", "BitDepth", "ColorType", "Compression", "Filter", "Interlace",
    ]

    static func kinds(_ tags: [String: Any]) -> Set<Kind> {
        var found: Set<Kind> = []
        for key in tags.keys {
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let (group, tag) = (parts[0], parts[1])
            if group == "GPS" { found.insert(.gps) }
            if ["IFD0", "ExifIFD", "SubIFD", "InteropIFD", "MakerNotes"].contains(group) { found.insert(.exif) }
            if group == "IFD1" || ["ThumbnailImage", "PreviewImage", "ThumbnailOffset", "JpgFromRaw"].contains(tag) {
                found.insert(.thumbnail)
            }
            if group.hasPrefix("XMP") { found.insert(.xmp) }
            if group == "IPTC" || tag == "CurrentIPTCDigest" { found.insert(.iptc) }
            if group.hasPrefix("ICC") { found.insert(.icc) }
            // Anything exiftool reads from a PNG besides the header: tEXt/zTXt/iTXt keywords, tIME, iCCP name.
            if group == "PNG" && !pngHeaderTags.contains(tag) { found.insert(.pngText) }
        }
        return found
    }

    /// Everything exiftool reads from the files, one dictionary per file ("Group:Tag" keys).
    static func exiftool(_ paths: [String]) throws -> [String: [String: Any]] {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"),
            "exiftool is missing: run scripts/install-deps.sh (libimage-exiftool-perl)")
        let result = try run("exiftool", ["-json", "-G1", "-a", "-u", "-s"] + paths)
        try #require(result.status == 0, "exiftool: \(result.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        var byFile: [String: [String: Any]] = [:]
        for tags in list {
            if let file = tags["SourceFile"] as? String { byFile[file] = tags }
        }
        try #require(byFile.count == paths.count, "exiftool read \(byFile.count) of \(paths.count) files")
        return byFile
    }

    /// The fixture with IPTC added (it has EXIF with GPS and a thumbnail, XMP and ICC already).
    static func taggedPhoto(in folder: URL) throws -> String {
        let tagged = folder.appendingPathComponent("tagged.jpg").path
        let tagging = try run(
            "exiftool",
            [
                "-q", "-IPTC:Keywords=secret-keyword", "-IPTC:City=Tampere",
                "-IPTC:By-line=Jane Example", "-o", tagged, photo,
            ])
        try #require(tagging.status == 0, "\(tagging.stderr)")
        let original = try exiftool([tagged])[tagged] ?? [:]
        try #require(
            kinds(original) == [.exif, .gps, .thumbnail, .xmp, .iptc, .icc],
            "fixture lost metadata: \(kinds(original).sorted())")
        return tagged
    }

    /// Blurs `input` to `name` in `folder` (or to standard output with `--format` when `name`
    /// starts with "-"), returning the written path.
    static func blur(_ input: String, to name: String, in folder: URL, _ extra: [String] = []) throws -> String {
        if name.hasPrefix("-") {
            let format = String(name.dropFirst())
            let result = try run("imgtool", ["blur", input, "--format", format] + extra)
            try #require(result.status == 0, "\(result.stderr)")
            let path = folder.appendingPathComponent("stdout.\(format)").path
            try result.stdout.write(to: URL(fileURLWithPath: path))
            return path
        }
        let path = folder.appendingPathComponent(name).path
        let result = try run("imgtool", ["blur", input, "-o", path, "-q"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return path
    }

    /// The chunk types of a PNG in order, walking the length fields; fails on a broken structure.
    static func pngChunks(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path) is not a PNG")
        var chunks: [String] = [], offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
            if chunks.last == "IEND" { break }
        }
        try #require(
            chunks.first == "IHDR" && chunks.last == "IEND" && offset == bytes.count,
            "\(path): broken chunk list \(chunks)")
        return chunks
    }

    /// The JPEG markers before the scan data (SOI to SOS), walking the segment lengths.
    static func jpegMarkers(_ path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.starts(with: [0xFF, 0xD8]), "\(path) is not a JPEG")
        var markers: [UInt8] = [], offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        try #require(markers.last == 0xDA, "\(path): no scan found, markers \(markers)")
        return markers
    }

    /// PNG chunks that carry metadata: text (tEXt, zTXt, iTXt, where XMP also goes), EXIF, ICC, time.
    static let pngMetadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "iCCP", "tIME"]
    /// JPEG segments that carry metadata: APP1 (EXIF, XMP) to APP15 (APP2 ICC, APP13 IPTC), COM.
    static let jpegMetadataMarkers: Set<UInt8> = Set(0xE1...0xEF).union([0xFE])

    @Test func blurredOutputsCarryNothingOfTheOriginal() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tagged = try Self.taggedPhoto(in: folder)
        // Files and standard output take different save paths in the tool; WebP is the format
        // whose libvips 8.14.1 saver ignores `strip`.
        let outputs = try ["out.jpg", "out.png", "out.webp", "-png", "-jpg", "-webp"].map {
            try Self.blur(tagged, to: $0, in: folder)
        }
        let textPNG = try Self.blur(Self.screenshot, to: "text.png", in: folder)
        let read = try Self.exiftool(outputs + [textPNG])

        for path in outputs + [textPNG] {
            let tags = read[path] ?? [:]
            let kinds = Self.kinds(tags)
            if path.hasSuffix(".webp") {
                // libvips 8.14 webpsave always writes an EXIF block; with every field of the
                // original removed before saving it holds only libexif's defaults (resolution,
                // orientation, size, EXIF version): nothing of the original.
                #expect(kinds.subtracting([.exif]).isEmpty, "\(path): \(kinds.sorted())")
                let generic: Set<String> = [
                    "Orientation", "XResolution", "YResolution", "ResolutionUnit", "YCbCrPositioning",
                    "ExifVersion", "ComponentsConfiguration", "FlashpixVersion", "ColorSpace",
                    "ExifImageWidth", "ExifImageHeight",
                ]
                let exifTags = tags.keys.filter { $0.hasPrefix("IFD") || $0.hasPrefix("ExifIFD:") }
                    .map { String($0.split(separator: ":")[1]) }
                #expect(Set(exifTags).isSubset(of: generic), "\(path): \(exifTags.sorted())")
            } else {
                #expect(kinds.isEmpty, "\(path) still has \(kinds.sorted().map(\.rawValue)): \(tags.keys.sorted())")
            }
            let values = tags.filter { $0.key != "SourceFile" && !$0.key.hasPrefix("System:") }.map { "\($0.value)" }
            for secret in Self.secrets {
                #expect(!values.contains { $0.contains(secret) }, "\(path): exiftool reads \"\(secret)\"")
            }
            // Raw bytes too (catches uncompressed copies exiftool might not parse).
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(
                bytes.range(of: Data("Jane Example".utf8)) == nil && bytes.range(of: Data("ExampleCam".utf8)) == nil,
                "\(path)")

            if path.hasSuffix(".png") {
                let chunks = try Self.pngChunks(path)
                #expect(Set(chunks).isDisjoint(with: Self.pngMetadataChunks), "\(path): chunks \(chunks)")
            } else if path.hasSuffix(".jpg") {
                let markers = try Self.jpegMarkers(path)
                #expect(
                    Set(markers).isDisjoint(with: Self.jpegMetadataMarkers),
                    "\(path): markers \(markers.map { String($0, radix: 16) })")
                // One JPEG in the file: no embedded thumbnail anywhere.
                #expect(bytes.count(of: [0xFF, 0xD8, 0xFF]) == 1, "\(path): an embedded JPEG survived")
            }
        }
    }

    /// The control: with --keep-metadata the same readers find what the stripped outputs lack,
    /// so the checks above can fail.
    @Test func keepMetadataKeepsItWhereTheReadersSeeIt() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tagged = try Self.taggedPhoto(in: folder)
        let jpg = try Self.blur(tagged, to: "kept.jpg", in: folder, ["--keep-metadata"])
        let png = try Self.blur(tagged, to: "kept.png", in: folder, ["--keep-metadata"])
        let textPNG = try Self.blur(Self.screenshot, to: "kept-text.png", in: folder, ["--keep-metadata"])
        let read = try Self.exiftool([jpg, png, textPNG])

        // PNG has no place for IPTC in libvips. The EXIF thumbnail is never kept: it is the
        // original picture, unblurred (ThumbnailTests).
        #expect(Self.kinds(read[jpg] ?? [:]) == [.exif, .gps, .xmp, .iptc, .icc])
        #expect(Self.kinds(read[png] ?? [:]).isSuperset(of: [.exif, .gps, .xmp, .icc]))
        #expect(!Self.kinds(read[png] ?? [:]).contains(.thumbnail))
        #expect(Self.kinds(read[textPNG] ?? [:]) == [.pngText])
        for path in [jpg, png] {
            let values = (read[path] ?? [:]).map { "\($0.value)" }
            #expect(
                values.contains { $0.contains("Jane Example") } && values.contains { $0.contains("61 deg") }, "\(path)")
        }
        #expect(!Set(try Self.pngChunks(png)).isDisjoint(with: ["eXIf"]))
        #expect(!Set(try Self.pngChunks(png)).isDisjoint(with: ["iCCP"]))
        #expect(!Set(try Self.pngChunks(textPNG)).isDisjoint(with: ["tEXt", "zTXt", "iTXt"]))
        #expect(Set(try Self.jpegMarkers(jpg)).isSuperset(of: [0xE1, 0xE2, 0xED]))
    }

    // MARK: OCR

    /// Distinctive words of the GIMP "Metadata Editor" dialog that tesseract 5.3 reads at 1x.
    static let words = [
        "metadata", "editor", "description", "copyright", "keywords", "author", "title", "document",
        "rating", "writer", "import", "export", "categories", "notice", "cancel",
    ]

    /// What tesseract reads, lower-cased. One thread: the machine is shared and the image small.
    static func ocr(_ path: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tesseract") else {
            throw OCRFailure("tesseract is missing: run scripts/install-deps.sh (tesseract-ocr, tesseract-ocr-eng)")
        }
        let result = try run("tesseract", [path, "stdout"], environment: ["OMP_THREAD_LIMIT": "1"])
        guard result.status == 0 else { throw OCRFailure("tesseract \(path): \(result.stderr)") }
        return result.text.lowercased()
    }

    struct OCRFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Words of four letters or more.
    static func tokens(_ text: String) -> Set<String> {
        Set(text.split { !$0.isLetter }.map(String.init).filter { $0.count >= 4 })
    }

    /// The words tesseract reads on the unblurred screenshot, read once.
    static let original: Result<Set<String>, Error> = Result { tokens(try ocr(screenshot)) }

    @Test func ocrReadsTheScreenshotAndThroughAWeakBlur() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.original.get()
        let readBefore = Self.words.filter(before.contains)
        #expect(readBefore.count >= 8, "tesseract reads only \(readBefore) of the screenshot")
        // A 1-point blur still lets it read: an empty result after the real styles is the blur's
        // doing, not tesseract failing on the tool's output.
        let weak = Self.tokens(
            try Self.ocr(try Self.blur(Self.screenshot, to: "weak.png", in: folder, ["--radius", "1"])))
        #expect(Self.words.filter(weak.contains).count >= 5, "tesseract reads \(weak.sorted()) through a 1-point blur")
    }

    @Test(arguments: ["light", "extra-light", "dark"])
    func ocrReadsNoneOfTheWordsAfterBlurring(style: String) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blurred = try Self.blur(Self.screenshot, to: "\(style).png", in: folder, ["--style", style])
        let text = try Self.ocr(blurred)
        let found = Self.words.filter { text.contains($0) }
        #expect(found.isEmpty, "\(style): tesseract still reads \(found) in \"\(text)\"")
        // Nor any other word it reads on the original.
        let leaked = Self.tokens(text).intersection(try Self.original.get())
        #expect(leaked.isEmpty, "\(style): tesseract reads \(leaked.sorted())")
    }
}
