import Frost
import Vips

/// A synthetic screenshot drawn word by word, each word's ink known exactly (the in-process form of
/// bench/blur/screens/make_screens.py): a line is laid out once by Pango and drawn once per word
/// with the other words transparent, so each word keeps the line's own spacing. A word's ink is
/// every pixel its drawing changed by at least `inkChange` levels in some channel.
struct WordInkPage {
    let width: Int, height: Int
    /// RGB, rows packed, 0…255.
    var pixels: [Float]
    /// Per pixel: the word number + 1 whose ink it is, 0 for none.
    var labels: [Int]
    var words: [String] = []
    static let inkChange: Float = 16

    init(width: Int, height: Int, background: String) {
        self.width = width
        self.height = height
        let colour = Self.colour(background)
        pixels = (0..<(width * height)).flatMap { _ in colour }
        labels = Array(repeating: 0, count: width * height)
    }

    static func colour(_ hex: String) -> [Float] {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return [Float((value >> 16) & 255), Float((value >> 8) & 255), Float(value & 255)]
    }

    mutating func rect(x: Int, y: Int, width w: Int, height h: Int, colour hex: String) {
        let colour = Self.colour(hex)
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) {
                for band in 0..<3 { pixels[(row * width + column) * 3 + band] = colour[band] }
            }
        }
    }

    /// Draws `words` as one line with its top-left at (x, y), turned clockwise by `quarterTurns`.
    /// Returns the drawn line's width and height.
    @discardableResult
    mutating func text(
        x: Int, y: Int, _ line: [String], colour hex: String, size: Int = 13, quarterTurns: Int = 0
    ) throws -> (width: Int, height: Int) {
        let colour = Self.colour(hex)
        var drawn = (width: 0, height: 0)
        for index in line.indices {
            let markup = line.enumerated().map { number, word in
                number == index ? word : "<span fgalpha=\"1\">\(word)</span>"
            }.joined(separator: " ")
            let coverage = try Image.text(markup, font: "DejaVu Sans \(size)", rgba: true).extractBand(3)
                .rotated(quarterTurns: quarterTurns).copiedToMemory()
            let mask = try coverage.bytes()
            drawn = (coverage.width, coverage.height)
            words.append(line[index])
            for row in 0..<coverage.height where y + row < height {
                for column in 0..<coverage.width where x + column < width {
                    let alpha = Float(mask[row * coverage.width + column]) / 255
                    guard alpha > 0 else { continue }
                    let at = ((y + row) * width + x + column) * 3
                    var change: Float = 0
                    for band in 0..<3 {
                        let delta = alpha * (colour[band] - pixels[at + band])
                        pixels[at + band] += delta
                        change = max(change, Swift.abs(delta))
                    }
                    if change >= Self.inkChange { labels[at / 3] = words.count }
                }
            }
        }
        return drawn
    }

    func image() throws -> Image {
        let bytes = pixels.map { UInt8(max(0, min(255, $0.rounded()))) }
        return try Image(bytes: bytes, width: width, height: height, bands: 3).interpreted(as: .srgb)
    }

    /// What is left of the words once `boxes` are covered: a word's ink pixel is left where it lies
    /// outside every box and stands out from its uncovered neighbours (more than 40 grey levels
    /// from some uncovered pixel within 3 px).
    func left(after boxes: [Region]) -> (words: Int, wordsLeft: [String], worstShare: Double, share: Double) {
        var covered = [Bool](repeating: false, count: width * height)
        for box in boxes {
            for row in max(0, box.y)..<min(height, box.y + box.height) {
                for column in max(0, box.x)..<min(width, box.x + box.width) { covered[row * width + column] = true }
            }
        }
        let grey: [Int] = (0..<(width * height)).map { (index: Int) -> Int in
            let red: Float = 0.299 * pixels[index * 3], green: Float = 0.587 * pixels[index * 3 + 1]
            let blue: Float = 0.114 * pixels[index * 3 + 2]
            return Int((red + green + blue).rounded())
        }
        var ink = [Int](repeating: 0, count: words.count + 1)
        var left = [Int](repeating: 0, count: words.count + 1)
        for row in 0..<height {
            for column in 0..<width {
                let index = row * width + column
                guard labels[index] > 0 else { continue }
                ink[labels[index]] += 1
                guard !covered[index] else { continue }
                var standsOut = false
                for other in max(0, row - 3)...min(height - 1, row + 3) where !standsOut {
                    for otherColumn in max(0, column - 3)...min(width - 1, column + 3) {
                        let near: Int = other * width + otherColumn
                        let difference: Int = grey[near] - grey[index]
                        if !covered[near] && (difference > 40 || difference < -40) {
                            standsOut = true
                            break
                        }
                    }
                }
                if standsOut { left[labels[index]] += 1 }
            }
        }
        let counted = (1...max(1, words.count)).filter { $0 < ink.count && ink[$0] > 0 }
        let wordsLeft = counted.filter { left[$0] > 0 }
        let worst = counted.map { Double(left[$0]) / Double(ink[$0]) }.max() ?? 0
        let share = Double(left.reduce(0, +)) / Double(max(1, ink.reduce(0, +)))
        return (counted.count, wordsLeft.map { words[$0 - 1] }, worst, share)
    }
}
