import Archive
import CoreTypes
import Foundation
import PageLayout
import Poppler
import Publication
import ToolSupport
import Vips

/// Why a comic archive or folder could not be read: one sentence, without the file's name.
public enum ComicError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An entry whose name or kind could put a file outside the archive's own tree if extracted
    /// (absolute path, "..", a link): the archive is refused whole, as an untrusted one.
    case unsafeEntry(name: String, reason: String)
    case duplicateEntry(String)
    case noImages
    case notAnImage(name: String, reason: String)
    /// More than `ComicBook.totalLimit` bytes of images once decompressed.
    case tooLarge(limit: Int)
    /// More pages than the reader was told to take (`ComicBook.read`'s `pageLimit`): reading stopped there.
    case tooManyPages(limit: Int)
    case archive(ArchiveError)
    case unreadable(String)

    public var description: String {
        switch self {
        case .unsafeEntry(let name, let reason): return "refused: entry \"\(name)\" \(reason)"
        case .duplicateEntry(let name): return "refused: two entries are named \"\(name)\""
        case .noImages: return "no images to lay out (JPEG, PNG, WebP, GIF, AVIF, JPEG XL, TIFF)"
        case .notAnImage(let name, let reason): return "\(name) is not a readable image: \(reason)"
        case .tooLarge(let limit): return "the images decompress to more than \(limit / 1_000_000_000) GB, refused"
        case .tooManyPages(let limit): return "more than \(limit) pages"
        case .archive(let error): return error.description
        case .unreadable(let text): return text
        }
    }
}

/// A comic read for laying out: its pages as a PDF of one image per page (so every output
/// pdflayout writes takes comics as it takes PDFs), its ComicInfo.xml, and the names of its
/// pages in natural order. The PDF and the extracted images live in a private temporary folder
/// removed with this object.
public final class ComicSource: Sendable {
    public let info: ComicInfo?
    /// The pages' names inside the archive or folder, in page order.
    public let pageNames: [String]
    /// The images' pixel sizes, in page order (a page is as many points as pixels).
    public let pageSizes: [PixelSize]
    /// The temporary PDF holding the pages.
    public let pdfPath: String
    /// The JPEG files embedded in the PDF as they were (no turn, no colour change), by page number
    /// (1-based): a page drawn alone at a point per pixel is this file, copied byte for byte.
    public let storedJPEGs: [Int: String]
    /// The name of a ComicInfo.xml that was there but could not be read (not well-formed, or with
    /// a DOCTYPE, which is refused): its direction, cover and double pages are not used, which a
    /// person should be told (a manga would come out left to right).
    public let unreadableInfo: String?
    let folder: TemporaryFolder

    init(
        info: ComicInfo?, unreadableInfo: String? = nil, pageNames: [String], pageSizes: [PixelSize],
        storedJPEGs: [Int: String] = [:], pdfPath: String, folder: TemporaryFolder
    ) {
        self.info = info; self.unreadableInfo = unreadableInfo; self.pageNames = pageNames
        self.pageSizes = pageSizes; self.storedJPEGs = storedJPEGs; self.pdfPath = pdfPath; self.folder = folder
    }

    deinit { folder.remove() }

    /// Pages (1-based numbers) ComicInfo.xml marks DoublePage.
    public var markedDoublePages: Set<Int> {
        Set((info?.doublePages ?? []).map { $0 + 1 }.filter { $0 <= pageNames.count })
    }

    /// Pages (1-based numbers) that fill a spread by themselves: ComicInfo's DoublePage pages,
    /// and every page wider than tall (a scanned spread).
    public var doublePages: Set<Int> {
        var pages = markedDoublePages
        for (index, size) in pageSizes.enumerated() where size.width > size.height { pages.insert(index + 1) }
        return pages
    }

    /// True when the first page is the front cover: ComicInfo says so, or says nothing of it
    /// (a comic's first image is its cover by convention).
    public var startsWithCover: Bool {
        guard let info, !info.pages.isEmpty else { return true }
        return info.frontCover == 0
    }
}

/// Comic archives (CBZ, CB7, CBT, CBR: zip, 7z, tar, RAR) and folders of images, read safely.
///
/// An archive is read entry by entry (libarchive), nothing is extracted under an archive's own
/// names: images stream into numbered files in a private folder (removed with the source). The
/// archive is refused whole on an entry with an absolute path or "..", a link, a device, two
/// entries of one name, an image whose header declares more than `entryLimit` bytes or that
/// decompresses to more, images over `totalLimit` in all, and a page libvips
/// cannot read or that declares more than `maxPixels` pixels. macOS resource forks
/// (`__MACOSX/`, `._name`), hidden files and files that are not images are skipped.
public enum ComicBook {
    public static let archiveSuffixes: Set<String> = ["cbz", "cb7", "cbt", "cbr"]
    static let imageSuffixes: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "webp", "gif", "avif", "jxl", "tif", "tiff", "bmp",
    ]
    /// One page at most this many bytes (compressed image file): 256 MB.
    public static let entryLimit = 256_000_000
    /// All pages at most this many bytes together: 8 GB.
    public static let totalLimit = 8_000_000_000
    static let comicInfoLimit = 4_000_000

    /// True for a path pdflayout reads as a comic: a file named .cbz/.cb7/.cbt/.cbr, or a folder
    /// holding images and no PDFs or comic archives (those make it a folder of books).
    public static func isComic(_ path: String) -> Bool {
        guard !BatchInput.isStandardInput(path) else { return false }
        if archiveSuffixes.contains(suffix(path)) { return true }
        guard InputScan.isFolder(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return false
        }
        let suffixes = names.filter { !$0.hasPrefix(".") }.map(suffix)
        return suffixes.contains(where: imageSuffixes.contains)
            && !suffixes.contains { $0 == "pdf" || archiveSuffixes.contains($0) }
    }

    static func suffix(_ name: String) -> String { (name as NSString).pathExtension.lowercased() }

    /// Reads the comic at `path` (an archive or a folder) into a `ComicSource`. Without a title in
    /// its ComicInfo.xml, the book is called `name`, or by the file's name without its suffix.
    /// With a `pageLimit`, reading stops at the first image past it (`ComicError.tooManyPages`),
    /// before the rest is extracted and every page decoded.
    public static func read(
        _ path: String, name: String? = nil, maxPixels: Int = Image.defaultMaxPixels, pageLimit: Int? = nil
    ) throws -> ComicSource {
        let folder = try TemporaryFolder(prefix: "pdflayout-comic")
        do {
            var collected = Collected()
            collected.pageLimit = pageLimit
            if InputScan.isFolder(path) {
                try collectFolder(path, into: &collected)
            } else {
                try collectArchive(path, into: &collected, folder: folder.path)
            }
            guard !collected.pages.isEmpty else { throw ComicError.noImages }
            let pages = collected.pages.sorted { NaturalOrder.precedes($0.name, $1.name) }
            let pdf = folder.path + "/comic.pdf"
            let title =
                collected.info?.title ?? collected.info?.series
                ?? name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let written = try writePDF(pages, title: title, to: pdf, maxPixels: maxPixels)
            return ComicSource(
                info: collected.info, unreadableInfo: collected.unreadableInfo, pageNames: pages.map(\.name),
                pageSizes: written.sizes, storedJPEGs: written.storedJPEGs, pdfPath: pdf, folder: folder)
        } catch {
            folder.remove()
            throw error
        }
    }

    struct Collected {
        var pages: [(name: String, file: String)] = []
        var info: ComicInfo?
        var unreadableInfo: String?
        var seen = Set<String>()

        var total = 0
        var pageLimit: Int?

        mutating func takeInfo(_ xml: [UInt8], name: String) {
            info = ComicInfo(xml: xml)
            unreadableInfo = info == nil ? name : nil
        }

        /// Throws when one more page would pass the page limit.
        func makeRoom() throws(ComicError) {
            if let pageLimit, pages.count >= pageLimit { throw .tooManyPages(limit: pageLimit) }
        }
    }

    /// The name made plain ("./a//b.jpg" → "a/b.jpg"), or why it is refused.
    static func plainName(_ raw: String) throws(ComicError) -> String {
        if raw.hasPrefix("/") || raw.hasPrefix("\\") || (raw.count > 1 && Array(raw)[1] == ":") {
            throw .unsafeEntry(name: raw, reason: "has an absolute path")
        }
        let parts = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).filter { $0 != "." }
        if parts.contains("..") { throw .unsafeEntry(name: raw, reason: "points outside the archive (..)") }
        return parts.joined(separator: "/")
    }

    /// Skipped quietly: resource forks, hidden files, thumbnails databases.
    static func isClutter(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        return parts.contains { $0.hasPrefix(".") || $0 == "__MACOSX" } || parts.last == "Thumbs.db"
    }

    static func collectArchive(_ path: String, into collected: inout Collected, folder: String) throws {
        let reader: ArchiveReader
        do { reader = try ArchiveReader(path: path) } catch { throw ComicError.archive(error) }
        do {
            while let entry = try reader.next() {
                let name = try plainName(entry.name)
                switch entry.kind {
                case .folder: continue
                case .symbolicLink: throw ComicError.unsafeEntry(name: entry.name, reason: "is a symbolic link")
                case .hardLink: throw ComicError.unsafeEntry(name: entry.name, reason: "is a hard link")
                case .other: throw ComicError.unsafeEntry(name: entry.name, reason: "is not a regular file")
                case .file: break
                }
                guard !name.isEmpty else { continue }
                guard collected.seen.insert(name.lowercased()).inserted else { throw ComicError.duplicateEntry(name) }
                if isClutter(name) { continue }
                if name.lowercased() == "comicinfo.xml" {
                    collected.takeInfo(try reader.readData(name: name, limit: comicInfoLimit), name: name)
                    continue
                }
                guard imageSuffixes.contains(suffix(name)) else { continue }
                try collected.makeRoom()
                if let size = entry.declaredSize, collected.total + size > totalLimit {
                    throw ComicError.tooLarge(limit: totalLimit)
                }
                // Straight into its numbered file: memory stays at one chunk whatever the page holds.
                let file = folder + "/page-\(collected.pages.count)"
                collected.total += try reader.copyData(name: name, limit: entryLimit, to: file)
                guard collected.total <= totalLimit else { throw ComicError.tooLarge(limit: totalLimit) }
                collected.pages.append((name, file))
            }
        } catch let error as ArchiveError {
            throw ComicError.archive(error)
        }
    }

    static func collectFolder(_ root: String, into collected: inout Collected) throws {
        let base = URL(fileURLWithPath: root)
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw ComicError.unreadable("cannot list the folder")
        }
        while let relative = walker.nextObject() as? String {
            if isClutter(relative) { continue }
            let full = base.appendingPathComponent(relative).path
            var info = stat()
            guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if relative.lowercased() == "comicinfo.xml" {
                guard Int(info.st_size) <= comicInfoLimit, let data = FileManager.default.contents(atPath: full) else {
                    collected.unreadableInfo = relative
                    continue
                }
                collected.takeInfo([UInt8](data), name: relative)
                continue
            }
            guard imageSuffixes.contains(suffix(relative)) else { continue }
            try collected.makeRoom()
            guard Int(info.st_size) <= entryLimit else {
                throw ArchiveError.entryTooLarge(name: relative, limit: entryLimit)
            }
            collected.pages.append((relative, full))
        }
    }

    /// One page per image, a point per pixel. A JPEG shown as stored (no EXIF turn, not CMYK) is
    /// embedded as it is; any other image is decoded, made sRGB on white and stored losslessly.
    /// Returns each page's size and the JPEG files embedded as they are, by page number.
    static func writePDF(
        _ pages: [(name: String, file: String)], title: String, to path: String, maxPixels: Int
    )
        throws -> (sizes: [PixelSize], storedJPEGs: [Int: String])
    {
        let writer = try PDFWriter(path: path)
        writer.setTitle(title)
        var sizes: [PixelSize] = []
        var stored: [Int: String] = [:]
        for (index, page) in pages.enumerated() {
            guard let data = FileManager.default.contents(atPath: page.file) else {
                throw ComicError.unreadable("cannot read \(page.name)")
            }
            let bytes = [UInt8](data)
            let image: Image
            do {
                image = try Image.load(bytes: bytes, autorotate: false, maxPixels: maxPixels)
            } catch {
                throw ComicError.notAnImage(name: page.name, reason: error.description)
            }
            let asStored =
                (image.loader ?? "").hasPrefix("jpegload") && image.orientation == 1
                && (image.bands == 1 || image.bands == 3) && image.interpretation != .cmyk
            do {
                if asStored {
                    writer.beginSheet(width: Double(image.width), height: Double(image.height))
                    try writer.drawImage(width: image.width, height: image.height, rgb: nil, jpeg: bytes)
                    sizes.append(PixelSize(width: image.width, height: image.height))
                    stored[index + 1] = page.file
                } else {
                    var shown = image.orientation == 1 ? image : try image.autorotated()
                    shown = try shown.colourspace(.srgb)
                    if shown.hasAlpha { shown = try shown.flatten(background: [255, 255, 255]) }
                    shown = try shown.cast(.uchar).extractBand(0, count: 3)
                    writer.beginSheet(width: Double(shown.width), height: Double(shown.height))
                    try writer.drawImage(width: shown.width, height: shown.height, rgb: try shown.bytes(), jpeg: nil)
                    sizes.append(PixelSize(width: shown.width, height: shown.height))
                }
            } catch let error as VipsError {
                throw ComicError.notAnImage(name: page.name, reason: error.description)
            }
        }
        try writer.finish()
        return (sizes, stored)
    }
}
