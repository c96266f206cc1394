import CoreTypes
import Frost
import TestSupport
import Testing

@Suite(.tags(.fast)) struct ColourParsingTests {
    @Test(arguments: [
        ("#3366ff", Colour(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1)),
        ("#36F", Colour(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1)),
        ("#3366ff80", Colour(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1, alpha: 0x80 / 255.0)),
        ("#0008", Colour(white: 0, alpha: 0x88 / 255.0)),
        ("white@0.5", Colour(white: 1, alpha: 0.5)),
        (" White @ 50% ", Colour(white: 1, alpha: 0.5)),
        ("black@1", Colour(white: 0, alpha: 1)),
        ("grey", Colour(white: 128 / 255.0)),
        ("rgb(51, 102, 255)", Colour(red: 0.2, green: 0.4, blue: 1)),
        ("rgba(51,102,255,0.6)", Colour(red: 0.2, green: 0.4, blue: 1, alpha: 0.6)),
        ("rgb(100%, 0%, 50%)", Colour(red: 1, green: 0, blue: 0.5)),
        ("#3366ff@0.25", Colour(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 1, alpha: 0.25)),
    ])
    func goodColours(text: String, colour: Colour) throws {
        #expect(try TintChoice(parsing: text) == .colour(colour))
    }

    @Test func noneMeansNoTint() throws {
        #expect(try TintChoice(parsing: "none") == TintChoice.none)
        #expect(try TintChoice(parsing: "NONE") == TintChoice.none)
    }

    @Test(arguments: [
        ("", "empty"), ("#12", "hex digits"), ("#12345g", "hex digits"), ("bleu", "unknown colour name"),
        ("rgb(1,2)", "3 values"), ("rgba(1,2,3)", "4 values"), ("rgb(1,2,300)", "\"300\""),
        ("rgb(1,2,3", "rgb(r,g,b)"), ("white@2", "alpha \"2\""), ("white@", "alpha"),
        ("#ffffff80@0.5", "alpha given twice"), ("rgba(1,2,3,1.5)", "alpha \"1.5\""), ("hsl(1,2,3)", "unknown"),
    ])
    func badColoursSayWhy(text: String, reason: String) {
        #expect {
            try TintChoice(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains("is not a colour") && message.contains("#rrggbb")
        }
    }

    @Test func colourDescribesItselfForSummaries() {
        #expect("\(Colour(white: 1, alpha: 0.3))" == "#ffffff@0.30")
        #expect("\(Colour(red: 0.2, green: 0.4, blue: 1))" == "#3366ff")
    }
}

@Suite(.tags(.fast)) struct RegionParsingTests {
    @Test func goodRegion() throws {
        #expect(try Region(parsing: "40,60,300,40") == Region(x: 40, y: 60, width: 300, height: 40))
        #expect(try Region(parsing: " 0, 0, 1, 1 ") == Region(x: 0, y: 0, width: 1, height: 1))
        #expect("\(Region(x: 1, y: 2, width: 3, height: 4))" == "1,2,3,4")
    }

    @Test(arguments: [
        ("1,2,3", "4 numbers, found 3"), ("1,2,3,4,5", "found 5"), ("a,2,3,4", "x \"a\""),
        ("1,2,3.5,4", "width \"3.5\""), ("-1,0,10,10", "negative"), ("0,0,0,10", "at least 1"),
        ("0,0,10,-3", "at least 1"), ("", "found 1"), ("0,0,99999999999,1", "too large"),
    ])
    func badRegionsSayWhy(text: String, reason: String) {
        #expect {
            try Region(parsing: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(reason) && message.contains("is not a region")
                && message.contains("x,y,width,height")
        }
    }

    @Test func clippingToTheImage() {
        let region = Region(x: 600, y: 700, width: 100, height: 100)
        #expect(region.clipped(toWidth: 642, height: 730) == Region(x: 600, y: 700, width: 42, height: 30))
        #expect(region.clipped(toWidth: 600, height: 730) == nil)
        #expect(
            Region(x: 0, y: 0, width: 10, height: 10).clipped(toWidth: 5, height: 5)
                == Region(x: 0, y: 0, width: 5, height: 5))
    }
}
