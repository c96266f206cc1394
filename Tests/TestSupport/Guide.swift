import Foundation

/// The examples in the user guides (docs/), so that tests can prove they run the code the guides show.
public enum Guide {
    /// The guide with the library examples.
    public static let libraries = "docs/libraries.md"
    /// The guide with the batch and scheduler recipes.
    public static let batches = "docs/files-and-batches.md"

    static func text(of guide: String) throws -> String {
        try String(contentsOf: Fixtures.root.appendingPathComponent(guide), encoding: .utf8)
    }

    /// The code lines of the guide's ```swift block whose first line is `firstLine` (e.g.
    /// "import PageLayout"), trimmed, without blank lines, comment lines and trailing comments.
    public static func example(startingWith firstLine: String, in guide: String = libraries) throws -> [String] {
        let text = try text(of: guide)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        guard let block = blocks.first(where: { $0.first?.trimmingCharacters(in: .whitespaces) == firstLine }) else {
            throw GuideError(message: "\(guide) has no ```swift block starting with \(firstLine)")
        }
        return codeLines(block)
    }

    /// The lines of the guide's example starting with `firstLine` that `sourceFile` (a test's
    /// `#filePath`) does not contain in the same order; lines for which `skip` is true (e.g. the
    /// line naming the input file) are not required. Empty when the test runs the guide's code.
    public static func linesMissing(
        fromExampleStartingWith firstLine: String, in sourceFile: String,
        skip: (String) -> Bool = { _ in false }
    ) throws -> [String] {
        let source = codeLines(try String(contentsOfFile: sourceFile, encoding: .utf8).components(separatedBy: "\n"))
        var missing: [String] = []
        var next = source.startIndex
        for line in try example(startingWith: firstLine) where !skip(line) {
            if let found = source[next...].firstIndex(of: line) {
                next = found + 1
            } else {
                missing.append(line)
            }
        }
        return missing
    }

    /// Trimmed lines without blanks, `//` comment lines and trailing `//` comments (a `//` inside
    /// a string literal is kept).
    static func codeLines(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            var code = ""
            var inString = false
            var previous: Character = " "
            for character in line {
                if character == "\"" { inString.toggle() }
                if !inString, character == "/", previous == "/" {
                    code.removeLast()
                    break
                }
                code.append(character)
                previous = character
            }
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
    }
}

/// A guide lacks the example a test looks for.
public struct GuideError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension Guide {
    /// The fenced block (```sh, ```yaml) after the guide's `<!-- recipe: NAME` marker, as written.
    public static func recipe(_ name: String, in guide: String = batches) throws -> String {
        let readme = try text(of: guide)
        guard
            let marker = readme.range(of: "<!-- recipe: \(name) ") ?? readme.range(of: "<!-- recipe: \(name)-->")
                ?? readme.range(of: "<!-- recipe: \(name) -->"),
            let fence = readme.range(of: "```", range: marker.upperBound..<readme.endIndex),
            let lineEnd = readme.range(of: "\n", range: fence.upperBound..<readme.endIndex),
            let close = readme.range(of: "```", range: lineEnd.upperBound..<readme.endIndex)
        else {
            throw GuideError(message: "\(guide) has no recipe block marked \(name)")
        }
        return String(readme[lineEnd.upperBound..<close.lowerBound])
    }
}
