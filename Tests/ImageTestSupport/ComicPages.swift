import Foundation
import Vips

/// Test comics: a folder `pages/` of flat grey pages, page n a grey of 20 n, 300 + n by 450 pixels
/// (so the order shows in sizes), the page `wide` 900 × 600 (a scanned spread) and the page `png`
/// a PNG, the others JPEG.
public enum ComicPages {
    /// Writes pages 1 … `count` into `folder/pages` and returns that folder.
    public static func write(count: Int, wide: Int, png: Int, in folder: URL) throws -> URL {
        let pages = folder.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for number in 1...count {
            let (width, height) = number == wide ? (900, 600) : (300 + number, 450)
            let grey = [UInt8](repeating: UInt8(20 * number), count: width * height * 3)
            let image = try Image(bytes: grey, width: width, height: height, bands: 3)
            try image.save(to: pages.appendingPathComponent(number == png ? "p\(number).png" : "p\(number).jpg").path)
        }
        return pages
    }
}
