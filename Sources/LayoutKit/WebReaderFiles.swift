import Foundation
import Publication

/// The reader's own files: the page, its script and its style, written by the project (no
/// framework, no network). They are real files in Reader/, compiled into the binary as bytes
/// (SwiftPM's `embedInCode`), so that the `pdflayout` binary carries them wherever it is copied.
enum WebReaderFiles {
    /// index.html for a document: its title, its language and its reading direction.
    static func indexHTML(title: String, language: String?, rtl: Bool) -> String {
        page
            .replacingOccurrences(of: "{{LANG}}", with: XMLText.escaped(language ?? "und"))
            .replacingOccurrences(of: "{{DIR}}", with: rtl ? "rtl" : "ltr")
            .replacingOccurrences(of: "{{TITLE}}", with: XMLText.escaped(title))
    }

    /// index.html with {{LANG}}, {{DIR}} and {{TITLE}} to fill in (Reader/index.html).
    static let page = String(decoding: PackageResources.index_html, as: UTF8.self)

    /// The style (Reader/reader.css).
    static let style = String(decoding: PackageResources.reader_css, as: UTF8.self)

    /// The script (Reader/reader.js): shows the layout that layout.js describes.
    static let script = String(decoding: PackageResources.reader_js, as: UTF8.self)
}
