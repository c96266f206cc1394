import Frost
import TestSupport
import Testing

/// The pure matching of `--find emails,cards,…`: checksums, prefixes, entropy, and which words of a
/// line a match spans.
@Suite(.tags(.fast)) struct SecretMatchingTests {
    @Test func luhnAcceptsTestCardsAndRefusesTypos() {
        for card in ["4111111111111111", "5500005555555559", "378282246310005", "6011111111111117"] {
            #expect(Luhn.isValid(card), "\(card)")
        }
        for wrong in ["4111111111111112", "1234567812345678", "0000000000000000", "41111111111", "4111a11111111111"] {
            #expect(!Luhn.isValid(wrong), "\(wrong)")
        }
    }

    @Test func ibanChecksumMod97() {
        for iban in ["DE89 3704 0044 0532 0130 00", "GB82WEST12345698765432", "FR1420041010050500013M02606"] {
            #expect(IBAN.isValid(iban), "\(iban)")
        }
        for wrong in ["DE89 3704 0044 0532 0130 01", "GB82WEST12345698765433", "XX00", "DE8937040044053201300"] {
            #expect(!IBAN.isValid(wrong), "\(wrong)")
        }
    }

    @Test func addresses() {
        #expect(IPAddress.isIPv4("192.168.1.20") && !IPAddress.isIPv4("300.1.1.1") && !IPAddress.isIPv4("1.2.3"))
        #expect(IPAddress.isIPv6("2001:db8::ff00:42:8329") && IPAddress.isIPv6("fe80::1ff:fe23:4567:890a"))
        #expect(!IPAddress.isIPv6("12:30:15"))
    }

    @Test func tokensByPrefixAndEntropy() {
        let tokens = SecretMatcher(kinds: [.token])
        for token in [
            "ghp_R8f2kLq9ZxW4mN7vB3tY6uJ1hG5dS0aQeP2c", "AKIAIOSFODNN7EXAMPLE",
            "xoxb-2046795183-4938576102-aB3dE5fG7hI9jK1l", "sk-proj-4fT9sK2mQ8xW1vN6bL3zR7yH5",
        ] {
            #expect(tokens.matches(inLine: [token]).map(\.kind) == [.token], "\(token)")
        }
        #expect(Token.isToken("q8Zr2Lw9Vx4Kp7Ty3Nm6Bc1Hd5Gf0Js"))  // no prefix, random
        for plain in [
            "internationalisation", "configuration_manager_factory", "/usr/share/doc/texlive", "12345678901234567890",
        ] {
            #expect(!Token.isToken(plain), "\(plain)")
        }
        #expect(Token.entropy("aaaa") == 0)
        #expect(abs(Token.entropy("abcd") - 2) < 1e-9)
    }

    @Test func matchesSpanTheirWordsOnly() {
        let matcher = SecretMatcher(kinds: Set(SecretKind.allCases))
        let line = ["Card:", "4111", "1111", "1111", "1111", "expires", "soon"]
        #expect(matcher.matches(inLine: line) == [SecretMatch(kind: .card, words: 1...4, characters: 6..<25)])
        let mail = ["write", "to", "jane.doe@example.com", "or", "see", "https://example.org/x."]
        #expect(matcher.matches(inLine: mail).map { [$0.kind: $0.words] } == [[.email: 2...2], [.url: 5...5]])
        #expect(matcher.matches(inLine: ["IBAN", "DE89", "3704", "0044", "0532", "0130", "00"]).map(\.kind) == [.iban])
        #expect(matcher.matches(inLine: ["server", "10.0.12.7", "is", "up"]).map(\.words) == [1...1])
        #expect(matcher.matches(inLine: ["The", "quick", "brown", "fox", "on", "2024-01-15"]).isEmpty)
        // A card number that fails Luhn is not hidden as a card.
        #expect(SecretMatcher(kinds: [.card]).matches(inLine: ["4111", "1111", "1111", "1112"]).isEmpty)
    }

    /// Only the matched characters of a word: its label and punctuation stay.
    @Test func matchesNameTheirCharacters() {
        let words = ["IBAN:DE89370400440532013000,", "thanks"]
        let match = SecretMatcher(kinds: [.iban]).matches(inLine: words)
        #expect(match.map(\.kind) == [.iban])
        #expect(match.first?.characters(ofWord: 0, in: words) == 5..<27)
        #expect(match.first?.characters(ofWord: 1, in: words) == nil)
        let link = ["(see", "https://example.org/a)."]
        #expect(SecretMatcher(kinds: [.url]).matches(inLine: link).first?.characters(ofWord: 1, in: link) == 0..<21)
    }

    /// The secrets the matcher missed (issue 39): each found whole and labelled right.
    @Test(arguments: [
        (["IPv6", "2001:db8:85a3::8a2e:370:7334", "primary"], SecretKind.ip, 1...1),
        (["link-local", "fe80::1ff:fe23:4567:890a", "on", "eth0"], .ip, 1...1),
        (["Admin:", "http://intranet.local:8080/admin", "(VPN)"], .url, 1...1),
        (["Open", "intranet.local:8080/admin", "now"], .url, 1...1),
        (["IBAN:", "NL91", "ABNA", "0417", "1643", "00", "BIC", "ABNANL2A"], .iban, 1...5),
        (["IBAN", "FR14", "2004", "1010", "0505", "0001", "3M02", "606", "Banque"], .iban, 1...7),
        (["cuenta", "ES91", "2100", "0418", "4502", "0005", "1332", "ES"], .iban, 1...6),
        (["token", "glpat-xR4tY7uI9oP2aS5dF8gH"], .token, 1...1),
        (["SLACK_BOT_TOKEN=", "xoxb-2046795183-4938576102-aB3dE5fG7hI9jK1l"], .token, 1...1),
        (["Card", "on", "file:", "4111", "1111", "1111", "1111", "expires", "09/27."], .card, 3...6),
        (["Test", "card", "4000", "0566", "5566", "5556", "(debit)"], .card, 2...5),
        (["Amex", "3782", "822463", "10005"], .card, 1...3),
        (["key", "AKIAIOSFODNN7EXAMPLE"], .token, 1...1),
        (["npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"], .token, 0...0),
        (["HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567"], .token, 0...0),
        // As OCR reads them: underscores dropped, a token in pieces, a brace inside, a URL split.
        (["key", "sk", "live", "wJzhsXaOhl4GdUKlzXFyHxye", "server"], .token, 1...3),
        (["key", "Alzal", "pdRyEFNiCUbDvGeF", "QrSWzLGvIN3xwplPlu", "reference."], .token, 1...3),
        (["key", "glpat-sISf{QX7etiDmYRAOMttgq", "order"], .token, 1...1),
        (["Link", "https:", "//portal.mail.example.org/reset?id=6919", "contact"], .url, 1...2),
        (["IBAN", "DES6", "9378", "6579", "7543", "2319", "48", "notes"], .iban, 1...6),
    ])
    func missedSecretsAreFound(words: [String], kind: SecretKind, span: ClosedRange<Int>) {
        let found = SecretMatcher(kinds: Set(SecretKind.allCases)).matches(inLine: words, phoneNumbers: Self.anyDigits)
        #expect(found.map(\.kind) == [kind], "\(words)")
        #expect(found.first?.words == span, "\(words)")
    }

    /// Strings that look like secrets and are not (issue 39): nothing hidden, even when a phone
    /// finder is offered every run of digits in them.
    @Test(arguments: [
        ["GB82", "WEST", "1234", "5698", "7654", "33"],  // IBAN with a wrong check
        ["DE89", "3704", "0044", "0532", "0130", "01"],  // its tail passes Luhn
        ["5105-1051-0510-5101"], ["4111", "1111", "1111", "1112"], ["4111-1111-1111-1112"],
        ["at", "2024-03-15", "10:42:07", "UTC"], ["15.03.2024", "10:42"], ["Total", "1,900.00", "EUR"],
        ["ISBN", "978-3-16-148410-0"], ["ISBN", "0-306-40615-2"], ["VAT", "DE123456789"],
        ["id", "550e8400-e29b-41d4-a716-446655440000"], ["version", "10.4.22", "build", "v2.41.0-rc1"],
        ["commit", "9fceb02d0ae598e95dc970b74767f19372d61af8", "(9fceb02)"],
        // As OCR reads them: a letter for a hex digit, a hash in two pieces.
        ["id", "f4ddadb8-Ge60-5df8-b7cl-O1df778271bf"], ["Commit", "d190f5e1308a9395c2459398a35023aclbe39654"],
        ["Commit", "2338d84a9ebd48dd2e47", "1c6f0d42841a969c742b", "total."],
        ["sha256:", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
        ["ref", "1234", "5678", "9012", "3456", "7890"],
        ["uptime", "12:30:15"], ["internationalisation", "configuration_manager_factory"],
    ])
    func lookalikesAreLeftAlone(words: [String]) {
        let found = SecretMatcher(kinds: Set(SecretKind.allCases)).matches(inLine: words, phoneNumbers: Self.anyDigits)
        #expect(found.isEmpty, "\(words): \(found)")
    }

    /// Each stretch has one label: a Slack token or a UUID is no phone number, though its digits are.
    @Test func oneLabelEach() {
        let all = SecretMatcher(kinds: Set(SecretKind.allCases))
        let slack = all.matches(inLine: ["xoxb-2046795183-4938576102-aB3dE5fG7hI9jK1l"], phoneNumbers: Self.anyDigits)
        #expect(slack.map(\.kind) == [.token])
        let phone = all.matches(inLine: ["call", "+44", "20", "7946", "0958", "now"], phoneNumbers: Self.anyDigits)
        #expect(phone.map(\.kind) == [.phone] && phone.first?.words == 1...4)
        // Phones only where asked for: the finder is not consulted otherwise.
        #expect(SecretMatcher(kinds: [.card]).matches(inLine: ["+44", "20", "7946", "0958"]) { _ in [0..<16] }.isEmpty)
    }

    /// A stand-in for libphonenumber that takes every run of 7 or more digits (with separators) for
    /// a phone number: what is left alone is left alone by the matcher's claims, not by the finder.
    static let anyDigits: @Sendable (String) -> [Range<Int>] = { text in
        text.matches(of: #/\+?\d[\d \-.()\/]{5,}\d/#).compactMap { match in
            guard match.output.filter(\.isNumber).count >= 7 else { return nil }
            let lower = text.distance(from: text.startIndex, to: match.range.lowerBound)
            return lower..<(lower + match.output.count)
        }
    }

    @Test func onlyTheKindsAskedFor() {
        let line = ["jane@example.com", "10.0.0.1"]
        #expect(SecretMatcher(kinds: [.ip]).matches(inLine: line).map(\.words) == [1...1])
        #expect(SecretMatcher(kinds: []).matches(inLine: line).isEmpty)
    }

    @Test func userPatterns() {
        let matcher = SecretMatcher(kinds: [], patterns: [#"INV-\d{6}"#])
        #expect(
            matcher.matches(inLine: ["invoice", "INV-004211", "paid"]) == [
                SecretMatch(kind: .regex, words: 1...1, characters: 8..<18)
            ])
        #expect(SecretMatcher.validate(pattern: "(unclosed") != nil)
        #expect(SecretMatcher.validate(pattern: "a*") != nil)
        #expect(SecretMatcher.validate(pattern: #"\d+"#) == nil)
    }

    @Test func kindNames() {
        #expect(SecretKind(name: "emails") == .email && SecretKind(name: "IBAN") == .iban)
        #expect(SecretKind(name: "regex") == nil && SecretKind(name: "text") == nil)
    }
}
