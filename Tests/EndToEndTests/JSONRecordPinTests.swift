import Foundation
import TestSupport
import Testing

/// Every `--json` record's keys and nulls, pinned byte for byte where the figures are fixed (the
/// records are encoded by synthesized Codable; a key renamed, dropped, or written only when present
/// fails here), and each record's keys all named in its section of docs/JSON.md.
@Suite(.tags(.tools)) struct JSONRecordPinTests {
    static let assets = Fixtures.root.appendingPathComponent("Assets")

    /// The record lines of one run in Assets/, with the scratch folder's path shown as TMP.
    static func lines(_ tool: String, _ arguments: [String], scratch: URL, status: Int32 = 0) throws -> [String] {
        let result = try run(tool, arguments, currentDirectory: assets)
        #expect(result.status == status, "\(tool) \(arguments): \(result.stderr)")
        let text = arguments.contains("-") ? result.stderr : result.text
        return text.replacingOccurrences(of: scratch.path, with: "TMP").split(separator: "\n").map(String.init)
    }

    /// The record's keys and nulls with every other value reduced to its kind: s for a string,
    /// n for a number or boolean; arrays show each distinct element shape once.
    static func shape(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\($0):\(shape(object[$0]!))" }.joined(separator: ",") + "}"
        case let array as [Any]:
            var seen: [String] = []
            for element in array.map(shape) where !seen.contains(element) { seen.append(element) }
            return "[" + seen.joined(separator: ",") + "]"
        case is String: return "s"
        default: return "n"
        }
    }

    static func shape(line: String) throws -> String {
        shape(try JSONSerialization.jsonObject(with: Data(line.utf8)))
    }

    static let pdfInfo =
        #"{"direction":null,"encrypted":false,"file":"mixed.pdf","page_count":6,"page_layout":"unset","pages":[{"height":841.89,"label":"1","page":1,"rotation":0,"width":595.276},{"height":841.89,"label":"2","page":2,"rotation":0,"width":595.276},{"height":792,"label":"3","page":3,"rotation":0,"width":612},{"height":629.291,"label":"4","page":4,"rotation":0,"width":839.055},{"height":595.27,"label":"5","page":5,"rotation":0,"width":422.36},{"height":595.276,"label":"6","page":6,"rotation":90,"width":841.89}],"pdf_version":"1.5","size_groups":[{"height":841.89,"height_mm":297,"orientation":"portrait","page_count":2,"pages":"1-2","paper":"A4","rotation":0,"width":595.28,"width_mm":210},{"height":792,"height_mm":279.4,"orientation":"portrait","page_count":1,"pages":"3","paper":"Letter","rotation":0,"width":612,"width_mm":215.9},{"height":629.29,"height_mm":222,"orientation":"landscape","page_count":1,"pages":"4","paper":null,"rotation":0,"width":839.06,"width_mm":296},{"height":595.27,"height_mm":210,"orientation":"portrait","page_count":1,"pages":"5","paper":"A5","rotation":0,"width":422.36,"width_mm":149},{"height":595.28,"height_mm":210,"orientation":"landscape","page_count":1,"pages":"6","paper":"A4","rotation":90,"width":841.89,"width_mm":297}]}"#

    @Test func pdflayoutRecordsAreByteIdentical() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let tmp = scratch.path
        #expect(try Self.lines("pdflayout", ["info", "mixed.pdf", "--json"], scratch: scratch) == [Self.pdfInfo])
        #expect(
            try Self.lines("pdflayout", ["mixed.pdf", "--json", "--pages", "1-2"], scratch: scratch) == [
                #"{"alone":[],"box":"crop","columns":null,"cover":false,"direction":"ltr","file":"mixed.pdf","flow":"vertical","links_dropped":null,"mode":"single","outputs":[],"page_count":2,"unit":"pt","views":[{"height":851.39,"pages":[{"height":841.89,"page":1,"rotation":0,"width":595.276,"x":4,"y":4.75}],"view":1,"width":603.276},{"height":851.39,"pages":[{"height":841.89,"page":2,"rotation":0,"width":595.276,"x":4,"y":4.75}],"view":2,"width":603.276}],"wide_pages":"alone"}"#
            ])
        #expect(
            try Self.lines(
                "pdflayout", ["mixed.pdf", "--two-up", "-o", tmp + "/x.pdf", "--json", "--pages", "1-2"],
                scratch: scratch) == [
                    #"{"alone":[],"box":"crop","columns":null,"cover":false,"direction":"ltr","file":"mixed.pdf","flow":"vertical","links_dropped":0,"mode":"two-up","outputs":[{"height":null,"path":"TMP/x.pdf","width":null}],"page_count":2,"unit":"pt","views":[{"height":851.39,"pages":[{"height":841.89,"page":1,"rotation":0,"width":595.276,"x":4,"y":4.75},{"height":841.89,"page":2,"rotation":0,"width":595.276,"x":607.276,"y":4.75}],"view":1,"width":1206.552}],"wide_pages":"alone"}"#
                ])
        #expect(
            try Self.lines(
                "pdflayout", ["mixed.pdf", "--columns", "2", "--pages", "1-3", "-o", tmp + "/g.png", "--json"],
                scratch: scratch) == [
                    #"{"alone":[],"box":"crop","columns":2,"cover":false,"direction":"ltr","file":"mixed.pdf","flow":"vertical","links_dropped":null,"mode":"grid","outputs":[{"height":557,"path":"TMP/g.png","width":406}],"page_count":3,"unit":"pt","views":[{"height":1702.78,"pages":[{"height":841.89,"page":1,"rotation":0,"width":595.276,"x":12.362,"y":4.75},{"height":841.89,"page":2,"rotation":0,"width":595.276,"x":632.362,"y":4.75},{"height":792,"page":3,"rotation":0,"width":612,"x":4,"y":881.085}],"view":1,"width":1240}],"wide_pages":"alone"}"#
                ])
        #expect(
            try Self.lines(
                "pdflayout", ["prefs", "mixed.pdf", "--rtl", "-o", tmp + "/p.pdf", "--json"], scratch: scratch)
                == [
                    #"{"direction":"rtl","file":"mixed.pdf","outputs":[{"height":null,"path":"TMP/p.pdf","width":null}],"page_layout":null}"#
                ])
        #expect(
            try Self.lines("pdflayout", ["prefs", "mixed.pdf", "--two-up", "-o", "-", "--json"], scratch: scratch)
                == [
                    #"{"direction":null,"file":"mixed.pdf","outputs":[{"height":null,"path":"-","width":null}],"page_layout":"twoPageLeft"}"#
                ])
    }

    @Test func blurRecordsAreByteIdentical() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let tmp = scratch.path
        #expect(
            try Self.lines(
                "imgtool", ["blur", "screenshot-text.png", "-o", tmp + "/b.png", "--json"], scratch: scratch)
                == [
                    ##"{"box_width":57,"cover":null,"file":"screenshot-text.png","height":730,"masked":false,"metadata":[],"method":"shrink 10","note":"blur obscures; it does not redact","outputs":[{"height":730,"path":"TMP/b.png","width":642}],"pages":1,"radius":30,"regions":0,"saturation":1.8,"scale":1,"secrets":null,"secure":null,"style":"light","text":null,"tint":"#ffffff@0.30","width":642}"##
                ])
        #expect(
            try Self.lines(
                "imgtool",
                [
                    "blur", "screenshot-text.png", "--region", "0,0,10,10", "--cover", "black", "-o", tmp + "/c.png",
                    "--json",
                ],
                scratch: scratch)
                == [
                    ##"{"box_width":57,"cover":"#000000@1.00","file":"screenshot-text.png","height":730,"masked":false,"metadata":[],"method":"cover","note":"covered: nothing of the covered areas is kept","outputs":[{"height":730,"path":"TMP/c.png","width":642}],"pages":1,"radius":30,"regions":1,"saturation":1.8,"scale":1,"secrets":null,"secure":null,"style":"light","text":null,"tint":"#ffffff@0.30","width":642}"##
                ])
        #expect(
            try Self.lines(
                "imgtool",
                [
                    "blur", "screenshot-text.png", "--secure", "--region", "0,0,10,10", "--style", "tint", "--tint",
                    "red",
                    "-o", tmp + "/s.png", "--json",
                ], scratch: scratch)
                == [
                    ##"{"box_width":19,"cover":null,"file":"screenshot-text.png","height":730,"masked":false,"metadata":[],"method":"shrink 4","note":"blur obscures; it does not redact","outputs":[{"height":730,"path":"TMP/s.png","width":642}],"pages":1,"radius":10,"regions":1,"saturation":-1,"scale":1,"secrets":null,"secure":true,"style":"tint","text":null,"tint":"#ff0000@0.60","width":642}"##
                ])
        // The boxes found depend on the text finder: their keys are pinned, not their figures. `secure`
        // is what a run with -o would report (true: --find text hides securely).
        let found = try Self.lines(
            "imgtool", ["blur", "screenshot-text.png", "--find", "text", "--json"], scratch: scratch)
        #expect(
            try found.map(Self.shape(line:)) == [
                "{box_width:n,cover:null,file:s,height:n,masked:n,metadata:[],method:s,note:s,outputs:[],pages:n,radius:n,regions:n,saturation:n,scale:n,secrets:null,secure:n,style:s,text:[{confidence:n,height:n,width:n,x:n,y:n}],tint:s,width:n}"
            ])
    }

    /// Horizon figures belong to the detector: the keys and nulls are pinned.
    @Test func horizonRecordsKeepTheirKeysAndNulls() throws {
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let found = "angle:n,angle_radians:n,confidence:n,crop:{height:n,width:n,x:n,y:n}"
        let tail = "line:[[n]],outputs:[],pages:n,transform:[n],width:n"
        #expect(
            try Self.lines("imgtool", ["horizon", "horizon-lake.jpg", "--json"], scratch: scratch).map(
                Self.shape(line:))
                == ["{\(found),file:s,found:n,height:n,level:null,\(tail)}"])
        #expect(
            try Self.lines("imgtool", ["horizon", "no-horizon-sky.jpg", "--json"], scratch: scratch, status: 2).map(
                Self.shape(line:))
                == [
                    "{angle:null,angle_radians:null,confidence:n,crop:null,file:s,found:n,height:n,level:null,line:null,outputs:[],pages:n,transform:null,width:n}"
                ])
        let fixed = try Self.lines(
            "imgtool", ["horizon", "horizon-lake.jpg", "--fix", "-o", scratch.path + "/f.jpg", "--json"],
            scratch: scratch)
        #expect(
            try fixed.map(Self.shape(line:)) == [
                "{\(found),file:s,found:n,height:n,level:n,line:[[n]],outputs:[{height:n,path:s,width:n}],pages:n,transform:[n],width:n}"
            ])
        #expect(fixed.first?.contains(#""outputs":[{"height":640,"path":"TMP/f.jpg","width":1024}]"#) == true)
        let evidence = try Self.lines(
            "imgtool", ["horizon", "horizon-lake.jpg", "--json", "--evidence"], scratch: scratch)
        let first = try #require(evidence.first)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let candidates = try #require(record["evidence"] as? [[String: Any]])
        #expect(!candidates.isEmpty)
        #expect(
            candidates.allSatisfy {
                Set($0.keys) == ["angle", "cap", "capped", "capped_by", "confidence", "evidence", "features"]
            })
        #expect(
            Set(record.keys)
                == Set(
                    ["evidence", "level", "found", "file", "height", "width", "outputs", "pages"]
                        + ["angle", "angle_radians", "confidence", "crop", "line", "transform"]))
    }

    /// Each command's section of docs/JSON.md names every key its records have.
    @Test func docsNameEveryKey() throws {
        let docs = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/JSON.md"), encoding: .utf8)
        func section(_ title: String) -> String {
            let parts = docs.components(separatedBy: "\n## ")
            return parts.first { $0.hasPrefix(title + "\n") } ?? ""
        }
        let scratch = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runs: [(String, String, [String])] = [
            ("imgtool info", "imgtool", ["info", "horizon-lake.jpg", "--json"]),
            ("imgtool horizon", "imgtool", ["horizon", "horizon-lake.jpg", "--json", "--evidence"]),
            ("imgtool blur", "imgtool", ["blur", "screenshot-text.png", "-o", scratch.path + "/b.png", "--json"]),
            ("pdflayout (layout)", "pdflayout", ["mixed.pdf", "--json", "--pages", "1"]),
            ("pdflayout info", "pdflayout", ["info", "mixed.pdf", "--json"]),
            ("pdflayout prefs", "pdflayout", ["prefs", "mixed.pdf", "--rtl", "-o", scratch.path + "/p.pdf", "--json"]),
        ]
        for (title, tool, arguments) in runs {
            let text = section(title)
            #expect(!text.isEmpty, "docs/JSON.md has no section \(title)")
            let line = try #require(try Self.lines(tool, arguments, scratch: scratch).first)
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in record.keys {
                #expect(text.contains("`\(key)`"), "docs/JSON.md, \(title): `\(key)` is not named")
            }
        }
    }
}
