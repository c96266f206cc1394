import PageLayout
// `--pages` parsing: accepted forms, order and repeats, and every kind of refusal.
import TestSupport
import Testing

@Suite(.tags(.fast)) struct PageRangesTests {
    @Test func readsTheIssueExample() throws {
        #expect(try PageRanges.parse("1-5,8,10-", pageCount: 12) == [1, 2, 3, 4, 5, 8, 10, 11, 12])
    }

    @Test(arguments: [
        ("7", [7]),
        (" 3 ", [3]),
        ("2 - 4", [2, 3, 4]),
        ("-3", [1, 2, 3]),
        ("9-", [9, 10]),
        ("10-", [10]),
        ("1-10", Array(1...10)),
        ("4-4", [4]),
        ("5-8,1", [5, 6, 7, 8, 1]),
        ("1,1", [1, 1]),
        ("2, 4 ,6", [2, 4, 6]),
        ("007", [7]),
    ])
    func acceptedForms(text: String, pages: [Int]) throws {
        #expect(try PageRanges.parse(text, pageCount: 10) == pages)
    }

    @Test(arguments: [
        ("", PageRangeError.empty),
        ("   ", .empty),
        ("0", .outOfRange(page: 0, pageCount: 10)),
        ("11", .outOfRange(page: 11, pageCount: 10)),
        ("3-11", .outOfRange(page: 11, pageCount: 10)),
        ("0-3", .outOfRange(page: 0, pageCount: 10)),
        ("11-", .outOfRange(page: 11, pageCount: 10)),
        ("12-3", .outOfRange(page: 12, pageCount: 10)),
        ("99999999999999999999999", .outOfRange(page: Int.max, pageCount: 10)),
        ("5-3", .reversed(from: 5, to: 3)),
        ("1,9-2", .reversed(from: 9, to: 2)),
        ("a", .malformed("a")),
        ("1,,2", .malformed("")),
        ("1,", .malformed("")),
        (",1", .malformed("")),
        ("-", .malformed("-")),
        (" - ", .malformed("-")),
        ("1-2-3", .malformed("1-2-3")),
        ("+3", .malformed("+3")),
        ("3.5", .malformed("3.5")),
        ("1 2", .malformed("1 2")),
        ("1;2", .malformed("1;2")),
        ("--2", .malformed("--2")),
        ("٣", .malformed("٣")),  // an Arabic-Indic digit is a number to Character, not to us
        ("1-x", .malformed("1-x")),
    ])
    func refusals(text: String, error: PageRangeError) {
        #expect(throws: error) { try PageRanges.parse(text, pageCount: 10) }
    }

    @Test func aDocumentWithoutPagesHasNoValidPage() {
        #expect(throws: PageRangeError.outOfRange(page: 1, pageCount: 0)) {
            try PageRanges.parse("1", pageCount: 0)
        }
    }

    @Test func messagesAreOneLineAndNameTheProblem() {
        let errors: [PageRangeError] = [
            .empty, .malformed("x"), .outOfRange(page: 9, pageCount: 3),
            .outOfRange(page: 2, pageCount: 1), .reversed(from: 5, to: 3),
        ]
        for error in errors {
            #expect(!error.description.contains("\n") && !error.description.contains("--"))
        }
        #expect(PageRangeError.outOfRange(page: 9, pageCount: 3).description.contains("has 3 pages"))
        #expect(PageRangeError.outOfRange(page: 2, pageCount: 1).description.contains("has 1 page)"))
        #expect(PageRangeError.reversed(from: 5, to: 3).description.contains("5-3"))
        #expect(PageRangeError.malformed("").description.contains("empty"))
        #expect(PageRangeError.malformed("1;2").description.contains("\"1;2\""))
    }
}
