import ArgumentParser
import Vips

/// `--max-pixels`, shared by every imgtool command that decodes images.
struct ImageLimits: ParsableArguments {
    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp(
            "Refuse images declaring more pixels than this (decompression bombs); 500M by default. Accepts a suffix K, M or G.",
            valueName: "count"), transform: ImageLimits.parseCount)
    var maxPixels: Int = Image.defaultMaxPixels

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
