import CoreTypes
import Foundation
import TestSupport
import Testing

@testable import QPDF

/// The typed object wrapper over qpdf's C object API: built objects read back as built, reads of
/// the wrong type are nil, and a real document is walked through it.
@Suite(.tags(.fast)) struct PDFObjectTests {
    @Test func builtObjectsReadBackAsBuilt() throws {
        let document = try QPDFHandle(nil)
        let objects = PDFObjects(document: document.handle)
        let dictionary = objects.dictionary([
            ("/Type", objects.name("/Annot")), ("/Count", objects.integer(-3)),
            ("/Zoom", objects.real(1.25, decimals: 4)), ("/Title", objects.string("Café – 1")),
            ("/Raw", objects.string(bytes: [0, 255, 40])), ("/Open", objects.bool(true)),
            ("/Rect", objects.array([612, 0.5, 10, 792].map { objects.real($0, decimals: 1) })),
        ])
        let indirect = objects.indirect(dictionary)
        #expect(indirect.isIndirect && indirect.isDictionary && !objects.dictionary().isIndirect)
        #expect(indirect.identity != 0 && indirect.identity != objects.indirect(objects.dictionary()).identity)
        #expect(indirect.keys == ["/Count", "/Open", "/Raw", "/Rect", "/Title", "/Type", "/Zoom"])
        #expect(indirect["/Type"].name == "/Annot" && indirect["/Type"].isName("/Annot"))
        #expect(indirect["/Count"].integer == -3 && indirect["/Count"].number == -3)
        #expect(indirect["/Zoom"].number == 1.25 && indirect["/Zoom"].realText == "1.25")
        #expect(objects.real(text: "0.50").realText == "0.50" && objects.integer(2).realText == nil)
        #expect(indirect["/Title"].text == "Café – 1")
        #expect(indirect["/Raw"].bytes == [0, 255, 40])
        #expect(indirect["/Open"].bool == true)
        // Rectangles come normalised, whatever the corners' order.
        #expect(indirect["/Rect"].numbers == [612, 0.5, 10, 792])
        #expect(indirect["/Rect"].rectangle == DocumentStructure.Box(x1: 10, y1: 0.5, x2: 612, y2: 792))
        #expect(indirect["/Rect"].count == 4 && indirect["/Rect"].items.count == 4)
        #expect(indirect.has("/Title") && !indirect.has("/Missing"))
        #expect(indirect["/Count"].resolvedText == "-3")
    }

    @Test func readsOfAnotherTypeAreNil() throws {
        let document = try QPDFHandle(nil)
        let objects = PDFObjects(document: document.handle)
        let name = objects.name("/XYZ")
        #expect(name.integer == nil && name.number == nil && name.text == nil && name.bool == nil)
        #expect(name.numbers == nil && name.rectangle == nil && name.bytes.isEmpty && name.keys.isEmpty)
        #expect(name.count == 0 && name.items.isEmpty && !name["/Key"].isDictionary)
        let mixed = objects.array([objects.integer(1), objects.name("/N")])
        #expect(mixed.numbers == nil && mixed.rectangle == nil)
        #expect(objects.array([1, 2, 3].map(objects.integer)).rectangle == nil)
        #expect(objects.integer(7).name == nil && objects.string("x").name == nil)
    }

    /// hyperref's manual: 63 pages, an outline, page labels, named destinations.
    @Test func walksARealDocument() throws {
        let document = try QPDFHandle(.file(Fixtures.asset("hyperref-manual.pdf")))
        let objects = PDFObjects(document: document.handle)
        #expect(objects.pageCount == 63)
        #expect(objects.page(0).isPage && objects.page(0).isIndirect)
        let media = try #require(objects.page(0)["/MediaBox"].rectangle)
        #expect(media.width > 500 && media.height > 700)
        let outlines = objects.root["/Outlines"]
        #expect(outlines.isDictionary)
        var titles: [String] = []
        var item = outlines["/First"]
        while item.isDictionary, titles.count < 100 {
            titles.append(item["/Title"].text ?? "")
            item = item["/Next"]
        }
        #expect(titles.count > 3 && titles.allSatisfy { !$0.isEmpty })
        #expect(objects.trailer["/Root"].identity == objects.root.identity)
    }
}

/// What Navigation computes without qpdf: placements' maps and page labels.
@Suite(.tags(.fast)) struct NavigationMathsTests {
    @Test func affineMapsABoxToTheBoundingBoxOfItsImage() {
        let crop = DocumentStructure.Box(x1: 10, y1: 20, x2: 110, y2: 220)
        // /Rotate 90: the page's width becomes the sheet's height.
        let turned = FormSheets.rotationAffine(90, crop).apply(crop)
        #expect(turned == DocumentStructure.Box(x1: 0, y1: 0, x2: 200, y2: 100))
        let scaled = Affine(a: 0.5, b: 0, c: 0, d: 0.5, e: 30, f: 40).apply(crop)
        #expect(scaled == DocumentStructure.Box(x1: 35, y1: 50, x2: 85, y2: 150))
    }

    @Test func pageLabelsFollowPDFNumberingStyles() {
        #expect(PageLabels.roman(1994) == "mcmxciv" && PageLabels.letters(28) == "bb" && PageLabels.letters(0) == "")
        let labels = PageLabels.labels(
            count: 7,
            ranges: [
                PageLabels.Range(start: 0, style: "r", prefix: "", first: 1),
                PageLabels.Range(start: 3, style: "D", prefix: "A-", first: 8),
                PageLabels.Range(start: 5, style: "A", prefix: "", first: 1),
            ])
        #expect(labels == ["i", "ii", "iii", "A-8", "A-9", "A", "B"])
        #expect(PageLabels.labels(count: 3, ranges: []) == ["1", "2", "3"])
    }
}

/// The outline, links and labels carried onto sheets of two pages each, read back through the
/// wrapper and checked by qpdf itself.
@Suite(.tags(.fast)) struct NavigationTests {
    @Test func hyperrefsNavigationLandsOnTheSheets() throws {
        let source = PDFSource.file(Fixtures.asset("hyperref-manual.pdf"))
        let structure = try DocumentStructure.read(source, password: nil)
        let count = structure.pages.count
        let size = structure.pages[0].cropBox
        let sheets = stride(from: 0, to: count, by: 2).map { first in
            Sheet(
                width: size.width * 2, height: size.height, background: nil, papers: [],
                pages: (first..<min(first + 2, count)).map {
                    SheetPage(index: $0, x: Double($0 - first) * size.width, y: 0, scale: 1)
                })
        }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("sheets.pdf").path
        let report = try FormSheets.write(
            sheets, from: source, password: nil, structure: structure, navigation: true, to: output)
        #expect(report.outlineEntries > 3 && report.links > 10)
        #expect(report.linksDropped == 0 && report.outlineTargetsDropped == 0)

        let check = try run("qpdf", ["--check", output])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        let written = try QPDFHandle(.file(output))
        let objects = PDFObjects(document: written.handle)
        #expect(objects.pageCount == sheets.count)
        let pages = Set((0..<objects.pageCount).map { objects.page($0).identity })
        // Every link on a sheet points at a sheet.
        var links = 0
        for index in 0..<objects.pageCount {
            for link in objects.page(index)["/Annots"].items where link["/Dest"].isArray {
                #expect(pages.contains(link["/Dest"][0].identity))
                #expect(link["/Rect"].rectangle != nil)
                links += 1
            }
        }
        #expect(links > 10)
        // Sheet labels: "1–2"-style ranges of the pages' own labels.
        let nums = objects.root["/PageLabels"]["/Nums"]
        #expect(nums.count == sheets.count * 2)
        #expect(nums[1]["/P"].text?.contains("–") == true)
        // The outline's first entry keeps its title and targets a sheet.
        let first = objects.root["/Outlines"]["/First"]
        #expect(first["/Title"].text?.isEmpty == false)
        if first["/Dest"].isArray { #expect(pages.contains(first["/Dest"][0].identity)) }
    }
}

/// Sheets of different sizes: the page tree's root gets the commonest, ties going to the first
/// sheet's, so that one command always writes the same file.
@Suite(.tags(.fast)) struct SheetSizeTests {
    @Test func theCommonestSizeAndOfTiesTheFirstGoesOnTheRoot() throws {
        let source = PDFSource.file(Fixtures.asset("mixed.pdf"))
        let structure = try DocumentStructure.read(source, password: nil)
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func rootBox(_ sizes: [(Double, Double)]) throws -> [Double]? {
            let sheets = sizes.enumerated().map { index, size in
                Sheet(
                    width: size.0, height: size.1, background: nil, papers: [],
                    pages: [SheetPage(index: index, x: 0, y: 0, scale: 0.5)])
            }
            let output = folder.appendingPathComponent("sheets.pdf").path
            try FormSheets.write(sheets, from: source, password: nil, structure: structure, to: output)
            let written = try QPDFHandle(.file(output))
            return PDFObjects(document: written.handle).root["/Pages"]["/MediaBox"].numbers
        }
        for _ in 0..<3 {
            #expect(try rootBox([(300, 400), (500, 200)]) == [0, 0, 300, 400])
            #expect(try rootBox([(500, 200), (300, 400)]) == [0, 0, 500, 200])
            #expect(try rootBox([(500, 200), (300, 400), (300, 400)]) == [0, 0, 300, 400])
        }
    }
}
