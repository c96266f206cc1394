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
        #expect(Token.isToken("ghp_R8f2kLq9ZxW4mN7vB3tY6uJ1hG5dS0aQeP2c"))
        #expect(Token.isToken("AKIAIOSFODNN7EXAMPLE"))
        #expect(Token.isToken("xoxb-2046795183-4938576102-aB3dE5fG7hI9jK1l"))
        #expect(Token.isToken("sk-proj-4fT9sK2mQ8xW1vN6bL3zR7yH5"))
        #expect(Token.isToken("q8Zr2Lw9Vx4Kp7Ty3Nm6Bc1Hd5Gf0Js"))  // no prefix, random
        for plain in [
            "internationalisation", "configuration_manager_factory", "/usr/share/doc/texlive", "12345678901234567890",
        ] {
            #expect(!Token.isToken(plain), "\(plain)")
        }
        #expect(Token.entropy("aaaa") == 0)
        #expect(abs(Token.entropy("abcd") - 2) < 1e-9)
    }

    @Test func phonesNotDatesNorAmounts() {
        #expect(PhoneNumber.isPlausible("+44 20 7946 0958") && PhoneNumber.isPlausible("(555) 123-4567"))
        #expect(!PhoneNumber.isPlausible("2024-01-15") && !PhoneNumber.isPlausible("1 234 567"))
        #expect(!PhoneNumber.isPlausible("12345"))
    }

    @Test func matchesSpanTheirWordsOnly() {
        let matcher = SecretMatcher(kinds: Set(SecretKind.allCases))
        let line = ["Card:", "4111", "1111", "1111", "1111", "expires", "soon"]
        #expect(matcher.matches(inLine: line) == [SecretMatch(kind: .card, words: 1...4)])
        let mail = ["write", "to", "jane.doe@example.com", "or", "see", "https://example.org/x"]
        #expect(
            matcher.matches(inLine: mail) == [
                SecretMatch(kind: .email, words: 2...2), SecretMatch(kind: .url, words: 5...5),
            ])
        #expect(matcher.matches(inLine: ["IBAN", "DE89", "3704", "0044", "0532", "0130", "00"]).map(\.kind) == [.iban])
        #expect(matcher.matches(inLine: ["server", "10.0.12.7", "is", "up"]) == [SecretMatch(kind: .ip, words: 1...1)])
        #expect(matcher.matches(inLine: ["The", "quick", "brown", "fox", "on", "2024-01-15"]).isEmpty)
        // A card number that fails Luhn is not hidden as a card.
        #expect(SecretMatcher(kinds: [.card]).matches(inLine: ["4111", "1111", "1111", "1112"]).isEmpty)
    }

    @Test func onlyTheKindsAskedFor() {
        let line = ["jane@example.com", "10.0.0.1"]
        #expect(SecretMatcher(kinds: [.ip]).matches(inLine: line) == [SecretMatch(kind: .ip, words: 1...1)])
        #expect(SecretMatcher(kinds: []).matches(inLine: line).isEmpty)
    }

    @Test func userPatterns() {
        let matcher = SecretMatcher(kinds: [], patterns: [#"INV-\d{6}"#])
        #expect(
            matcher.matches(inLine: ["invoice", "INV-004211", "paid"]) == [SecretMatch(kind: .regex, words: 1...1)])
        #expect(SecretMatcher.validate(pattern: "(unclosed") != nil)
        #expect(SecretMatcher.validate(pattern: "a*") != nil)
        #expect(SecretMatcher.validate(pattern: #"\d+"#) == nil)
    }

    @Test func kindNames() {
        #expect(SecretKind(name: "emails") == .email && SecretKind(name: "IBAN") == .iban)
        #expect(SecretKind(name: "regex") == nil && SecretKind(name: "text") == nil)
    }
}
