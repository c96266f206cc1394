import Foundation
import PageLayout
import TestSupport
import Testing

@testable import LayoutKit

/// The web reader's page, style and script: real files in Sources/LayoutKit/Reader, compiled into
/// the binary, parsed by a JavaScript engine, and speaking the engine's own names.
@Suite(.tags(.fast)) struct ReaderFilesTests {
    static let folder = Fixtures.root.appendingPathComponent("Sources/LayoutKit/Reader")

    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theBinaryCarriesTheFilesAsTheyAre() throws {
        #expect(WebReaderFiles.page == (try Self.source("index.html")))
        #expect(WebReaderFiles.style == (try Self.source("reader.css")))
        #expect(WebReaderFiles.script == (try Self.source("reader.js")))
        let page = WebReaderFiles.indexHTML(title: "A <b> & \"c\"", language: "ar", rtl: true)
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(page.contains("<title>A &lt;b&gt; &amp; &quot;c&quot;</title>"))
        #expect(!page.contains("{{"))
    }

    /// node parses the script (and the layout.js a reader is written with) without running it.
    @Test func theScriptParses() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("reader.js")
        try Data(WebReaderFiles.script.utf8).write(to: script)
        let checked = try run("node", ["--check", script.path])
        #expect(checked.status == 0, "node --check reader.js: \(checked.stderr)")
        // A script with a syntax error is refused: the check can fail.
        let broken = scratch.appendingPathComponent("broken.js")
        try Data((WebReaderFiles.script + "\n(function () {\n").utf8).write(to: broken)
        #expect(try run("node", ["--check", broken.path]).status != 0)
    }

    /// The names reader.js compares `layout.mode` and `layout.direction` with are LayoutMode's and
    /// LayoutDirection's own (the values layout.js is written with), so a renamed mode fails here.
    @Test func theScriptComparesTheEnginesOwnNames() throws {
        func compared(_ key: String) throws -> Set<String> {
            let pattern = try NSRegularExpression(pattern: "layout\\.\(key)\\s*[!=]==?\\s*'([^']*)'")
            let script = WebReaderFiles.script
            let range = NSRange(script.startIndex..., in: script)
            return Set(
                pattern.matches(in: script, range: range).compactMap { Range($0.range(at: 1), in: script) }
                    .map { String(script[$0]) })
        }
        let modes = try compared("mode"), directions = try compared("direction")
        #expect(!modes.isEmpty && !directions.isEmpty)
        #expect(modes.isSubset(of: Set(LayoutMode.allCases.map(\.rawValue))), "\(modes)")
        #expect(directions.isSubset(of: Set(LayoutDirection.allCases.map(\.rawValue))), "\(directions)")
    }
}
