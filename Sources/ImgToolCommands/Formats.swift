import ArgumentParser
import Vips

extension ImgTool {
    /// `imgtool formats`: what imgtool reads and writes on this machine.
    public struct Formats: ParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "List the image formats imgtool reads and writes here.",
            discussion: """
                Inputs are recognised by their bytes, not their names. Formats whose libvips loader is marked untrusted (not fuzzed upstream) are refused with a plain message unless --allow-untrusted-loaders is given: BMP, ICO, PCX and the other formats only ImageMagick reads here (libvips 8.14 has no BMP loader of its own), and PDF, FITS, MATLAB, OpenEXR, NIfTI, Analyze. Outputs are chosen by the -o suffix (or --format); an unknown suffix is a command-line error (exit 64).

                Examples:
                  imgtool formats
                """)

        public init() {}

        /// Read by libvips' own loaders, or accepted native ones (Netpbm, SVG, JPEG 2000, JPEG XL).
        static let reads = [
            "JPEG (.jpg .jpeg)", "PNG", "WebP", "TIFF (.tif .tiff; first page)", "GIF (first frame)",
            "HEIF: AVIF and HEIC", "JPEG XL (.jxl)", "JPEG 2000 (.jp2 .j2k)",
            "Netpbm (.ppm .pgm .pbm .pnm .pfm: what pdftoppm writes)", "SVG (.svg .svgz, drawn by librsvg)",
        ]

        /// Suffixes tried for writing; those this libvips can save are listed.
        static let candidates = [
            ".png", ".jpg", ".webp", ".tif", ".gif", ".avif", ".heic", ".jxl", ".jp2", ".ppm", ".pgm", ".pfm",
        ]

        public static var listing: String {
            let writes = candidates.filter { Image.canSave(format: $0) }
            return """
                reads (recognised by their bytes):
                  \(reads.joined(separator: "\n  "))
                refused unless --allow-untrusted-loaders:
                  BMP, ICO, PCX and others (only ImageMagick reads them here), PDF, FITS, MATLAB, OpenEXR, NIfTI
                writes (chosen by the -o suffix or --format):
                  \(writes.joined(separator: " "))
                """
        }

        public func run() throws {
            print(Self.listing)
        }
    }
}
