import ArgumentParser
import CommandSupport
import Vips

/// `--max-pixels` and `--allow-untrusted-loaders`, shared by every imgtool command that decodes images.
struct ImageLimits: ParsableArguments {
    @Option(
        name: .customLong("max-pixels"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Refuse images declaring more pixels than this (decompression bombs); 500M by default. Accepts a suffix K, M or G.",
            valueName: "count"), transform: ImageLimits.parseCount)
    var maxPixels: Int = Image.defaultMaxPixels

    @Flag(
        help:
            "Also read formats whose libvips loader is marked untrusted (BMP and others through ImageMagick, PDF, FITS, MATLAB): only for files you trust."
    )
    var allowUntrustedLoaders = false

    /// Lifts the loader block for this run when asked (through the runtime policy).
    func apply() {
        if allowUntrustedLoaders { ProcessControl.acceptUntrustedLoaders() }
    }

    /// "500M" → 500 000 000.
    static func parseCount(_ text: String) throws -> Int {
        let units: [Character: Int] = ["k": 1_000, "m": 1_000_000, "g": 1_000_000_000]
        var digits = Substring(text.lowercased())
        var unit = 1
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits = digits.dropLast()
        }
        guard let number = Double(digits), number.isFinite, number >= 1, number * Double(unit) < 1e15 else {
            throw ValidationError("--max-pixels takes a positive count such as 100000000 or 100M")
        }
        return Int(number * Double(unit))
    }
}
