import Foundation
import ImageTestSupport
import TestSupport
import Testing

/// `imgtool blur --find emails,urls,phones,cards,ibans,ips,tokens --find regex:…` on a real rendered
/// page (Assets/secrets-page.png: headless Chromium, published test values), light and dark (the
/// page inverted), under a cover, the secure frost and the plain frost: the JSON lists each secret
/// by kind and box and never its text; the tesseract CLI reads none of the secrets afterwards; every
/// ink pixel of the secret words is changed (the pixel guarantee, measured as for `--find text`);
/// and the other words are still read.
@Suite(.tags(.external)) struct SecretRedactionTests {
    static let page = Fixtures.asset("secrets-page.png")
    static let find = ["--find", "emails,urls,phones,cards,ibans,ips,tokens", "--find", #"regex:INV-\d{6}"#]

    /// What each kind must find on the page.
    static let expected: [String: Int] = [
        "email": 2, "url": 1, "phone": 1, "card": 1, "iban": 1, "ip": 2, "token": 2, "regex": 1,
    ]
    /// Pieces of each secret, one of which an OCR of a leaky output would read.
    static let secretPieces = [
        "jane", "doe@", "ops-team", "corp-mail", "billing", "88213", "7946", "0958", "4111", "DE89", "3704", "0532",
        "192.168", "14.37", "2001", "db8", "ff00", "8329", "ghp_", "R8f2", "AKIA", "IOSFODNN", "INV-", "004211",
    ]
    /// Words that are no secret and must stay readable.
    static let plainWords = [
        "Account", "overview", "support", "ticket", "Contact", "backup", "Portal", "Phone", "Card", "exp", "IBAN",
        "Server", "and", "GitHub", "token", "AWS", "key", "Invoice", "was", "paid", "quarterly", "report",
        "summarises", "revenue", "growth",
    ]

    static func ocr(_ path: String) throws -> String {
        let result = try run("tesseract", [path, "stdout"], environment: ["OMP_THREAD_LIMIT": "1"])
        guard result.status == 0 else { throw InkSurvival.Failure("tesseract \(path): \(result.stderr)") }
        return result.text
    }

    /// The page's secret words as tesseract reads them on the original, with their boxes.
    static func secretWords() throws -> [InkSurvival.Word] {
        try InkSurvival.tesseractWords(page).filter { word in
            secretPieces.contains { word.text.localizedCaseInsensitiveContains($0) }
        }
    }

    @Test func theSecretsAreFoundAndListedWithoutTheirText() throws {
        let result = try run("imgtool", ["blur", Self.page, "--json"] + Self.find)
        try #require(result.status == 0, "\(result.stderr)")
        let record = try #require(try result.jsonLines().first)
        let secrets = try #require(record["secrets"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for secret in secrets {
            counts[secret["kind"] as? String ?? "?", default: 0] += 1
            #expect(Set(secret.keys) == ["kind", "x", "y", "width", "height"])
        }
        #expect(counts == Self.expected)
        for piece in Self.secretPieces { #expect(!result.text.contains(piece), "the JSON holds \(piece)") }
        #expect(record["text"] is NSNull)
    }

    @Test(arguments: [
        (["--cover", "black"], false), (["--style", "dark"], false), (["--style", "light", "--secure"], true),
        (["--cover", "average"], true),
    ])
    func theSecretsAreUnreadableTheRestIsRead(treatment: [String], dark: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("page.png").path
        try InkSurvival.copy(Self.page, to: input, inverted: dark)
        let output = folder.appendingPathComponent("out.png").path
        let result = try run("imgtool", ["blur", input, "-o", output, "-q"] + Self.find + treatment)
        try #require(result.status == 0, "\(result.stderr)")
        // Read as a light page, the way tesseract reads best: a dark output is turned back first.
        let readable = folder.appendingPathComponent("read.png").path
        try InkSurvival.copy(output, to: readable, inverted: dark)
        let text = try Self.ocr(readable)
        let leaked = Self.secretPieces.filter { text.localizedCaseInsensitiveContains($0) }
        #expect(leaked.isEmpty, "\(treatment) dark \(dark): tesseract reads \(leaked)")
        // The other words are left as they were, pixel for pixel, and tesseract reads each of them
        // there (word by word: its page segmentation stumbles over the bars beside them).
        let plain = try InkSurvival.tesseractWords(Self.page).filter { word in
            Self.plainWords.contains(word.text.filter(\.isLetter))
        }
        #expect(plain.count >= 20, "\(plain.map(\.text))")
        var read: [String] = []
        for (number, word) in plain.enumerated() {
            let crop = folder.appendingPathComponent("word\(number).png").path
            try InkSurvival.crop(
                readable, x: word.x - 4, y: word.y - 4, width: word.width + 8, height: word.height + 8, to: crop)
            let reading = try run("tesseract", [crop, "stdout", "--psm", "8"], environment: ["OMP_THREAD_LIMIT": "1"])
            if reading.text.filter(\.isLetter) == word.text.filter(\.isLetter) { read.append(word.text) }
        }
        #expect(
            read.count * 10 >= plain.count * 9, "\(treatment) dark \(dark): only \(read) of \(plain.map(\.text)) read")
        let untouched = try InkSurvival.measure(original: input, outputs: [output], words: plain)
        #expect(untouched.surviving == untouched.ink, "\(treatment) dark \(dark): the other words were changed")
        let whole = Set(text.split(whereSeparator: { !$0.isLetter }).map(String.init))
        print(
            "find secrets: \(treatment.joined(separator: " ")) dark \(dark): \(leaked.count) of \(Self.secretPieces.count) secret pieces read; other words: \(read.count) of \(plain.count) read word by word, \(Self.plainWords.filter(whole.contains).count) of \(Self.plainWords.count) in the whole page's OCR"
        )
    }

    @Test(arguments: [false, true])
    func everyInkPixelOfTheSecretsIsHidden(dark: Bool) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("page.png").path
        try InkSurvival.copy(Self.page, to: input, inverted: dark)
        var outputs: [String] = []
        for (number, colour) in ["#ff00ff", "#00ff00"].enumerated() {
            let output = folder.appendingPathComponent("out\(number).png").path
            let result = try run("imgtool", ["blur", input, "-o", output, "-q", "--cover", colour] + Self.find)
            try #require(result.status == 0, "\(result.stderr)")
            outputs.append(output)
        }
        let words = try Self.secretWords()
        #expect(words.count >= 12, "tesseract reads only \(words.map(\.text)) of the secrets")
        let found = try InkSurvival.measure(original: input, outputs: outputs, words: words)
        #expect(
            found.worstWord <= InkSurvivalTests.wordBound,
            "dark \(dark): \(found.survivingByWord.map { "\($0.word) \($0.pixels)/\($0.of)" })")
        #expect(found.percent <= InkSurvivalTests.shareBound, "dark \(dark): \(found.surviving) of \(found.ink)")
    }
}
