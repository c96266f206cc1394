import Foundation
import Testing
import TestSupport

/// A PDF read by `qpdf --json` (version 2), independently of the code under test: its objects by
/// reference ("12 0 R"), the catalog, pages in order, the outline as qpdf resolves it.
struct PDFObjects {
    let objects: [String: Any]
    let pageReferences: [String]
    let outlines: [[String: Any]]
    let trailer: [String: Any]

    init(_ path: String) throws {
        let result = try run("qpdf", ["--json", "--json-key=qpdf", "--json-key=pages", "--json-key=outlines", path])
        try #require(result.status == 0 || result.status == 3, "qpdf --json \(path): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
        let qpdf = try #require(json["qpdf"] as? [Any])
        let entries = try #require(qpdf[1] as? [String: Any])
        var objects: [String: Any] = [:]
        for (key, value) in entries {
            guard let entry = value as? [String: Any] else { continue }
            let reference = key.hasPrefix("obj:") ? String(key.dropFirst(4)) : key
            objects[reference] = entry["value"] ?? entry["stream"]
        }
        self.objects = objects
        trailer = (objects["trailer"] as? [String: Any]) ?? [:]
        pageReferences = try #require(json["pages"] as? [[String: Any]]).compactMap { $0["object"] as? String }
        outlines = json["outlines"] as? [[String: Any]] ?? []
        pagesJSON = try #require(json["pages"] as? [[String: Any]])
    }

    let pagesJSON: [[String: Any]]

    /// An object's value, following one indirect reference.
    func resolve(_ value: Any?) -> Any? {
        if let reference = value as? String, reference.hasSuffix(" R") { return objects[reference] }
        return value
    }

    func dictionary(_ value: Any?) -> [String: Any]? {
        let resolved = resolve(value)
        // A stream reads as {"dict": {...}}.
        if let stream = resolved as? [String: Any], let dictionary = stream["dict"] as? [String: Any] { return dictionary }
        return resolved as? [String: Any]
    }

    var catalog: [String: Any] { dictionary(trailer["/Root"]) ?? [:] }

    func page(_ index: Int) -> [String: Any] { dictionary(pageReferences[index]) ?? [:] }

    /// Every content stream of each page, raw bytes as stored (`qpdf --show-object --raw-stream-data`).
    static func rawContents(_ path: String) throws -> [Data] {
        let document = try PDFObjects(path)
        return try document.pagesJSON.map { page in
            var bytes = Data()
            for reference in page["contents"] as? [String] ?? [] {
                let number = reference.split(separator: " ")[0]
                let result = try run("qpdf", ["--show-object=\(number)", "--raw-stream-data", path])
                try #require(result.status == 0, "\(result.stderr)")
                bytes.append(result.stdout)
            }
            return bytes
        }
    }
}
