import Foundation
import Sidecars

#if canImport(FoundationXML)
import FoundationXML
#endif

/// XMP sidecars (darktable's and Camera Raw's), edited as XML documents: only the properties
/// this tool owns are set; every other element and attribute is kept.
enum XMPSidecar {
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let darktable = "http://darktable.sf.net/"
    static let crs = "http://ns.adobe.com/camera-raw-settings/1.0/"
    static let xmpMM = "http://ns.adobe.com/xap/1.0/mm/"
    static let tiff = "http://ns.adobe.com/tiff/1.0/"

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// A new, empty XMP packet: x:xmpmeta / rdf:RDF / one rdf:Description.
    static func emptyPacket() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="frostlevel imgtool">
         <rdf:RDF xmlns:rdf="\(rdf)">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>

        """
    }

    /// The packet's first rdf:Description (the one editors write their settings on).
    static func parse(_ text: String) throws -> (XMLDocument, XMLElement) {
        let document: XMLDocument
        do {
            document = try XMLDocument(xmlString: text, options: [.nodePreserveWhitespace])
        } catch {
            throw Malformed(description: "not well-formed XML")
        }
        guard let root = document.rootElement(), root.localName == "xmpmeta" || root.localName == "RDF" else {
            throw Malformed(description: "no x:xmpmeta element")
        }
        let rdfElement = root.localName == "RDF" ? root : children(of: root, named: "RDF", uri: rdf).first
        guard let rdfElement, let description = children(of: rdfElement, named: "Description", uri: rdf).first
        else {
            throw Malformed(description: "no rdf:RDF/rdf:Description")
        }
        return (document, description)
    }

    /// Child elements by local name and namespace (FoundationXML's `elements(forLocalName:uri:)`
    /// finds none on Linux).
    static func children(of element: XMLElement, named name: String, uri: String) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name && $0.uri == uri }
    }

    /// An attribute's value by local name and namespace.
    static func value(_ name: String, uri: String, of element: XMLElement) -> String? {
        (element.attributes ?? []).first { $0.localName == name && $0.uri == uri }?.stringValue
    }

    /// The prefix `uri` has on `element` (declared there or above), declaring `wanted` when none.
    static func prefix(for uri: String, wanted: String, on element: XMLElement) -> String {
        if let existing = element.resolvePrefix(forNamespaceURI: uri), !existing.isEmpty { return existing }
        element.addNamespace(XMLNode.namespace(withName: wanted, stringValue: uri) as! XMLNode)
        return wanted
    }

    /// Sets an attribute property, removing an element form of the same property if present.
    static func setProperty(_ name: String, uri: String, prefix: String, value: String, on description: XMLElement) {
        for child in children(of: description, named: name, uri: uri) { child.detach() }
        if let attribute = (description.attributes ?? []).first(where: { $0.localName == name && $0.uri == uri }) {
            attribute.stringValue = value
        } else {
            description.addAttribute(
                XMLNode.attribute(withName: "\(prefix):\(name)", uri: uri, stringValue: value) as! XMLNode)
        }
    }

    static func serialise(_ document: XMLDocument) -> String {
        var text = document.xmlString
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }

    // MARK: Camera Raw / Lightroom

    static func lightroom(existing: String?, geometry: SidecarGeometry) throws -> String {
        let (document, description) = try parse(existing ?? emptyPacket())
        let p = prefix(for: crs, wanted: "crs", on: description)
        let box = geometry.fractionalCrop
        let cropping = geometry.crop != .none
        let values: [(String, String)] = [
            ("HasSettings", "True"),
            ("CropTop", SidecarNumber.text(cropping ? box.top : 0, digits: 6)),
            ("CropLeft", SidecarNumber.text(cropping ? box.left : 0, digits: 6)),
            ("CropBottom", SidecarNumber.text(cropping ? box.bottom : 1, digits: 6)),
            ("CropRight", SidecarNumber.text(cropping ? box.right : 1, digits: 6)),
            ("CropAngle", SidecarNumber.text(geometry.counterClockwiseDegrees, digits: 3)),
            ("CropConstrainToWarp", "0"),
            ("HasCrop", "True"),
        ]
        for (name, value) in values { setProperty(name, uri: crs, prefix: p, value: value, on: description) }
        // The photo's size, as Lightroom records it: readers place the crop box with it (darktable's
        // Lightroom import needs it). Kept when already there.
        let t = prefix(for: tiff, wanted: "tiff", on: description)
        for (name, value) in [("ImageWidth", geometry.width), ("ImageLength", geometry.height)]
        where self.value(name, uri: tiff, of: description) == nil
            && children(of: description, named: name, uri: tiff).isEmpty
        {
            setProperty(name, uri: tiff, prefix: t, value: "\(Int(value))", on: description)
        }
        return serialise(document)
    }

    // MARK: darktable

    /// Appends "rotate and perspective" (the turn) and "crop" entries to darktable's history, after
    /// the entries in use (those past `history_end`, undone in darktable, are dropped as darktable
    /// itself does when it adds a step). A previous run's pair at the end is replaced, not repeated.
    static func darktable(existing: String?, photo: String, geometry: SidecarGeometry) throws -> String {
        let (document, description) = try parse(existing ?? emptyPacket())
        let p = prefix(for: darktable, wanted: "darktable", on: description)
        if existing == nil {
            let mm = prefix(for: xmpMM, wanted: "xmpMM", on: description)
            let name = photo.split(separator: "/").last.map(String.init) ?? photo
            setProperty("DerivedFrom", uri: xmpMM, prefix: mm, value: name, on: description)
            setProperty("xmp_version", uri: darktable, prefix: p, value: "5", on: description)
        }
        let rdfPrefix = prefix(for: rdf, wanted: "rdf", on: description)
        // darktable:history / rdf:Seq, made when missing.
        let history: XMLElement
        // Elements are made with prefixed names only: the prefixes are declared on the description.
        if let found = children(of: description, named: "history", uri: darktable).first {
            history = found
        } else {
            history = XMLElement(name: "\(p):history")
            description.addChild(history)
        }
        let sequence: XMLElement
        if let found = children(of: history, named: "Seq", uri: rdf).first {
            sequence = found
        } else {
            sequence = XMLElement(name: "\(rdfPrefix):Seq")
            history.addChild(sequence)
        }
        func items() -> [XMLElement] {
            (sequence.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == "li" }
        }
        func attribute(_ item: XMLElement, _ name: String) -> String? { value(name, uri: darktable, of: item) }
        let endText = value("history_end", uri: darktable, of: description)
        guard endText == nil || Int(endText!) != nil else {
            throw Malformed(description: "darktable:history_end is not a number")
        }
        var end = endText.flatMap { Int($0) } ?? items().count
        // Undone steps are dropped, as darktable does when a new step is added.
        for item in items() where (attribute(item, "num").flatMap { Int($0) } ?? 0) >= end { item.detach() }
        let current = items()
        end = min(end, current.count)
        // This tool's own pair from an earlier run, at the end: replaced.
        if current.count >= 2, attribute(current[current.count - 2], "operation") == "ashift",
            attribute(current[current.count - 1], "operation") == "crop",
            attribute(current[current.count - 2], "multi_name") == ownName
        {
            current[current.count - 1].detach()
            current[current.count - 2].detach()
            end = current.count - 2
        }
        let crop = geometry.darktableCrop
        let entries: [(operation: String, version: Int, params: String)] = [
            (
                "ashift", DarktableParams.ashiftVersion,
                DarktableParams.ashift(rotation: geometry.counterClockwiseDegrees)
            ),
            (
                "crop", DarktableParams.cropVersion,
                geometry.crop == .none
                    ? DarktableParams.crop(left: 0, top: 0, right: 1, bottom: 1)
                    : DarktableParams.crop(left: crop.left, top: crop.top, right: crop.right, bottom: crop.bottom)
            ),
        ]
        for (offset, entry) in entries.enumerated() {
            let item = XMLElement(name: "\(rdfPrefix):li")
            let fields: [(String, String)] = [
                ("num", "\(end + offset)"), ("operation", entry.operation), ("enabled", "1"),
                ("modversion", "\(entry.version)"), ("params", entry.params),
                ("multi_name", ownName), ("multi_priority", "0"),
            ]
            for (name, value) in fields {
                item.addAttribute(XMLNode.attribute(withName: "\(p):\(name)", stringValue: value) as! XMLNode)
            }
            sequence.addChild(item)
        }
        setProperty("history_end", uri: darktable, prefix: p, value: "\(end + entries.count)", on: description)
        return serialise(document)
    }

    /// The instance name darktable shows beside the two modules (and by which a later run finds them).
    static let ownName = "imgtool horizon"
}
