import Foundation
import TestSupport
import Testing

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
        if let stream = resolved as? [String: Any], let dictionary = stream["dict"] as? [String: Any] {
            return dictionary
        }
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

extension PDFObjects {
    /// Index (0-based) of the page a reference names, nil for anything else.
    func pageIndex(_ reference: Any?) -> Int? {
        guard let reference = reference as? String else { return nil }
        return pageReferences.firstIndex(of: reference)
    }

    /// A destination as an explicit array, named destinations resolved through the catalog's
    /// /Dests dictionary and its /Names /Dests name tree (qpdf writes strings as "u:text").
    func explicitDestination(_ destination: Any?) -> [Any]? {
        var value = resolve(destination)
        if let name = value as? String, !name.hasSuffix(" R") {
            if name.hasPrefix("/"), let dests = dictionary(catalog["/Dests"]) {
                value = resolve(dests[name])
            } else {
                value = resolve(nameTreeLookup(dictionary(dictionary(catalog["/Names"])?["/Dests"]), name))
            }
        }
        if let dictionary = value as? [String: Any] { value = resolve(dictionary["/D"]) }
        return value as? [Any]
    }

    private func nameTreeLookup(_ node: [String: Any]?, _ name: String, depth: Int = 0) -> Any? {
        guard let node, depth < 32 else { return nil }
        if let names = node["/Names"] as? [Any] {
            for index in stride(from: 0, to: names.count - 1, by: 2) where (names[index] as? String) == name {
                return names[index + 1]
            }
        }
        for kid in node["/Kids"] as? [Any] ?? [] {
            if let found = nameTreeLookup(dictionary(kid), name, depth: depth + 1) { return found }
        }
        return nil
    }

    /// The link annotations of page `index`, each with its rectangle and its target: an explicit
    /// destination, or the action dictionary.
    func links(onPage index: Int) -> [(rect: [Double], destination: [Any]?, action: [String: Any]?)] {
        (resolve(page(index)["/Annots"]) as? [Any] ?? []).compactMap { item in
            guard let annotation = dictionary(item), annotation["/Subtype"] as? String == "/Link",
                let rect = (annotation["/Rect"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }),
                rect.count == 4
            else { return nil }
            let action = dictionary(annotation["/A"])
            if let destination = annotation["/Dest"] { return (rect, explicitDestination(destination), nil) }
            if action?["/S"] as? String == "/GoTo" { return (rect, explicitDestination(action?["/D"]), nil) }
            return (rect, nil, action)
        }
    }

    /// The outline, depth first: title, open state, colour and resolved destination of each entry.
    func flatOutline() -> [(title: String, open: Bool, depth: Int, page: Int?, destination: [Any]?)] {
        var result: [(String, Bool, Int, Int?, [Any]?)] = []
        func walk(_ items: [[String: Any]], depth: Int) {
            for item in items {
                // qpdf 11 gives a named destination resolved to its value, << /D [...] >> or [...],
                // and no page position then: the page is looked up here.
                let destination = explicitDestination(item["dest"])
                result.append(
                    (
                        item["title"] as? String ?? "", item["open"] as? Bool ?? false, depth,
                        pageIndex(destination?.first), destination
                    ))
                walk(item["kids"] as? [[String: Any]] ?? [], depth: depth + 1)
            }
        }
        walk(outlines, depth: 0)
        return result
    }
}
