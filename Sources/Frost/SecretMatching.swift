#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of secret `--find` looks for in the text read from an image.
public enum SecretKind: String, CaseIterable, Sendable, Codable {
    case email, url, phone, card, iban, ip, token
    /// A pattern the user gave (`--find 'regex:…'`).
    case regex

    /// The plural the command line takes (`--find emails,cards`).
    public var plural: String { self == .regex ? "regex" : rawValue + "s" }

    /// A kind from its command-line name, plural or singular (`emails`, `email`).
    public init?(name: String) {
        let lowered = name.lowercased()
        guard
            let kind = Self.allCases.first(where: { $0 != .regex && ($0.plural == lowered || $0.rawValue == lowered) })
        else { return nil }
        self = kind
    }
}

/// One secret found in a line of words: its kind, the words it spans (indices into the line) and
/// the characters it spans in the line's text (the words joined by single spaces), so that only
/// those characters are hidden, not the rest of a word they share ("IBAN:DE89…", "(+44…").
public struct SecretMatch: Equatable, Sendable {
    public var kind: SecretKind
    public var words: ClosedRange<Int>
    public var characters: Range<Int>

    public init(kind: SecretKind, words: ClosedRange<Int>, characters: Range<Int>) {
        self.kind = kind
        self.words = words
        self.characters = characters
    }

    /// The matched characters of word `index` of `words` (offsets in that word), nil for a word the
    /// match leaves out.
    public func characters(ofWord index: Int, in words: [String]) -> Range<Int>? {
        guard self.words.contains(index) else { return nil }
        let start = words[..<index].reduce(0) { $0 + $1.count + 1 }
        let lower = max(characters.lowerBound, start) - start
        let upper = min(characters.upperBound, start + words[index].count) - start
        return lower < upper ? lower..<upper : nil
    }
}

/// Finds secrets in lines of recognised words: e-mail addresses, URLs, phone numbers, card numbers
/// (Luhn check), IBANs (each country's length and the mod-97 check), IPv4 and IPv6 addresses,
/// tokens (the published forms of providers' keys: GitHub, GitLab, Slack, Stripe, AWS, Google, npm,
/// PyPI, Hugging Face, OpenAI; or a long word that looks random) and patterns of the user's.
///
/// A line's words are joined by single spaces and read as one text, so that a number written in
/// groups (`4111 1111 1111 1111`, `DE89 3704 …`) is one candidate. Each stretch of the text is
/// claimed once, by the most specific form it has, whether or not that form's check passes: an
/// IBAN-shaped number with a wrong check digit is no IBAN, and no card or phone number either; a
/// date, a time, a UUID, an ISBN, an amount, a version or a commit hash is no phone number nor a
/// token. Only claims of a kind asked for, whose check passes, are secrets.
public struct SecretMatcher: Equatable, Sendable {
    public var kinds: Set<SecretKind>
    /// Regular expressions (Swift `Regex` syntax), checked when made (`validate`).
    public var patterns: [String]

    public init(kinds: Set<SecretKind>, patterns: [String] = []) {
        self.kinds = kinds
        self.patterns = patterns
    }

    /// Why a pattern cannot be used, nil when it can.
    public static func validate(pattern: String) -> String? {
        do {
            let regex = try Regex(pattern)
            if "".contains(regex) { return "it matches empty text" }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The secrets in one line of words, in the order they start. `phoneNumbers` gives the phone
    /// numbers in a text (character offsets), valid in their country's numbering plan: the pure
    /// core cannot know every plan, so the caller brings them (libphonenumber in FrostKit); phone
    /// numbers are found only where a claim of a more specific form leaves them room.
    public func matches(
        inLine words: [String], phoneNumbers: (String) -> [Range<Int>] = { _ in [] }
    ) -> [SecretMatch] {
        guard !words.isEmpty else { return [] }
        let line = words.joined(separator: " ")
        let characters = Array(line)
        var starts: [Int] = []
        var offset = 0
        for word in words {
            starts.append(offset)
            offset += word.count + 1
        }
        func wordRange(_ range: Range<Int>) -> ClosedRange<Int>? {
            let touched = words.indices.filter { index in
                starts[index] < range.upperBound && starts[index] + words[index].count > range.lowerBound
            }
            guard let first = touched.first, let last = touched.last else { return nil }
            return first...last
        }
        let reader = LineReader(characters)
        var claims: [Claim] = []
        func claim(_ candidates: [Claim]) {
            let ordered = candidates.sorted {
                ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count)
            }
            for candidate in ordered where !claims.contains(where: { $0.range.overlaps(candidate.range) }) {
                claims.append(candidate)
            }
        }
        claim(reader.emails())
        claim(reader.urls())
        claim(reader.prefixedTokens())
        claim(reader.ibans())
        claim(reader.cards())
        claim(reader.ipAddresses())
        claim(reader.lookalikes())
        // A phone number has seven digits at least (ITU E.164 numbers with their area code): a line
        // with fewer is not handed to the finder, which costs a matcher run per region.
        if kinds.contains(.phone), characters.filter(\.isNumber).count >= 7 {
            claim(phoneNumbers(line).map { Claim(range: $0, kind: .phone) })
        }
        claim(reader.randomTokens())
        var found: [(range: Range<Int>, kind: SecretKind)] = claims.compactMap { claim in
            guard let kind = claim.kind, kinds.contains(kind) else { return nil }
            return (claim.range, kind)
        }
        for pattern in patterns {
            guard let regex = try? Regex(pattern) else { continue }
            for match in line.matches(of: regex) where !match.range.isEmpty {
                let lower = line.distance(from: line.startIndex, to: match.range.lowerBound)
                let upper = line.distance(from: line.startIndex, to: match.range.upperBound)
                found.append((lower..<upper, .regex))
            }
        }
        return found.compactMap { item in
            wordRange(item.range).map { SecretMatch(kind: item.kind, words: $0, characters: item.range) }
        }.sorted { ($0.characters.lowerBound, $0.kind.rawValue) < ($1.characters.lowerBound, $1.kind.rawValue) }
    }
}

/// A stretch of a line taken by one form: a secret of `kind`, or nothing (a form whose check
/// failed, or a lookalike such as a date) that keeps other kinds out of it.
struct Claim: Equatable {
    var range: Range<Int>
    var kind: SecretKind?
}

/// The forms of each kind in one line of text, as claims (character offsets).
struct LineReader {
    let characters: [Character]
    let text: String

    init(_ characters: [Character]) {
        self.characters = characters
        text = String(characters)
    }

    /// Whether the character at `index` (nil outside the line) continues a word or number.
    func joins(_ index: Int) -> Bool {
        guard index >= 0, index < characters.count else { return false }
        let character = characters[index]
        return character.isLetter || character.isNumber || character == "_"
    }

    /// The matches of `pattern` standing alone: no letter, digit or underscore on either side.
    func standalone(_ pattern: Regex<Substring>) -> [Range<Int>] {
        text.matches(of: pattern).compactMap { match in
            let lower = text.distance(from: text.startIndex, to: match.range.lowerBound)
            let range = lower..<(lower + match.output.count)
            guard !range.isEmpty, !joins(range.lowerBound - 1), !joins(range.upperBound) else { return nil }
            return range
        }
    }

    func string(_ range: Range<Int>) -> String { String(characters[range]) }

    /// Leaves out a trailing full stop, comma, colon, closing bracket or quote (sentence punctuation).
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var upper = range.upperBound
        while upper > range.lowerBound + 1, ".,;:!?)]}'\"".contains(characters[upper - 1]) { upper -= 1 }
        return range.lowerBound..<upper
    }

    func emails() -> [Claim] {
        standalone(#/[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}/#).map {
            Claim(range: $0, kind: .email)
        }
    }

    func urls() -> [Claim] {
        // OCR may split a URL after its scheme ("https: //host/…").
        let schemed = text.matches(of: #/(?i)(?:https?|ftp|sftp|ssh|wss?): ?//[^\s<>"]+|www\.[^\s<>"]+/#)
        var found = schemed.map { match -> Range<Int> in
            let lower = text.distance(from: text.startIndex, to: match.range.lowerBound)
            return trimmed(lower..<(lower + match.output.count))
        }.filter { !joins($0.lowerBound - 1) }
        // A bare host with a common top-level domain, a port and a path: example.com/x, api.io:8443.
        found += standalone(
            #/(?i)[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.(?:com|org|net|io|dev|gov|edu|info|app|ai|co|uk|de|fr|eu|nl|es|local|internal)(?::\d{1,5})?(?:/[^\s<>"]*)?/#
        ).map(trimmed)
        return found.map { Claim(range: $0, kind: .url) }
    }

    /// Providers' tokens by their published prefix. What follows a prefix is taken as any run of
    /// non-blank characters of the form's least length, not only the provider's alphabet: OCR puts a
    /// brace or a quote into a long random word, and a prefix this distinctive is enough. OCR also
    /// drops underscores (`sk live …`) and splits long tokens into pieces: those are joined again
    /// when the pieces make up a token of the provider's fixed length exactly.
    func prefixedTokens() -> [Claim] {
        let forms: [Regex<Substring>] = [
            #/gh[pousr]_\S{30,}/#, #/github_pat_\S{40,}/#,  // GitHub
            #/gl(?:pat|dt|rt|ptt|cbt|oas)-\S{20,}/#,  // GitLab
            #/xox[baprse]-\S{10,}/#, #/xapp-[0-9]-\S{10,}/#,  // Slack
            #/(?:sk|rk|pk)[_ ](?:live|test)[_ ][A-Za-z0-9]{16,}/#, #/whsec_\S{24,}/#,  // Stripe
            #/(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}/#,  // AWS access key ids
            #/A[Il1]za[0-9A-Za-z_\-]{35}/#,  // Google API keys (I read as l or 1 too)
            #/npm_\S{36,}/#, #/pypi-\S{50,}/#, #/hf_\S{30,}/#,
            #/sk-(?:proj-|ant-[a-z0-9]+-|svcacct-|admin-)?\S{20,}/#,  // OpenAI, Anthropic
            #/eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}/#,  // JSON web tokens
        ]
        var found = forms.flatMap { form in
            text.matches(of: form).compactMap { match -> Claim? in
                let lower = text.distance(from: text.startIndex, to: match.range.lowerBound)
                guard !joins(lower - 1) else { return nil }
                return Claim(range: trimmed(lower..<(lower + match.output.count)), kind: .token)
            }
        }
        // Pieces: words that, joined without their spaces, give a fixed-length token exactly.
        let fixed: [(prefix: Regex<Substring>, length: Int)] = [
            (#/A[Il1]za/#, 39), (#/(?:AKIA|ASIA)/#, 20), (#/gh[pousr]_/#, 40), (#/npm_/#, 40), (#/hf_/#, 37),
            (#/glpat-/#, 26),
        ]
        var words: [Range<Int>] = []
        var start = 0
        for index in 0...characters.count where index == characters.count || characters[index] == " " {
            if index > start { words.append(start..<index) }
            start = index + 1
        }
        for (first, word) in words.enumerated() {
            let head = string(word)
            guard let form = fixed.first(where: { head.prefixMatch(of: $0.prefix) != nil }) else { continue }
            var length = word.count
            for last in (first + 1)..<min(words.count, first + 4) {
                length += words[last].count
                if length == form.length {
                    found.append(Claim(range: word.lowerBound..<words[last].upperBound, kind: .token))
                }
                if length >= form.length { break }
            }
        }
        return found
    }

    /// IBANs by their country's length: the claim is that many letters and digits (single spaces
    /// between them allowed), an IBAN when the check passes, nothing else when it does not.
    func ibans() -> [Claim] {
        var found: [Claim] = []
        var index = 0
        while index + 4 <= characters.count {
            defer { index += 1 }
            let head = characters[index..<(index + 4)]
            guard !joins(index - 1), head.prefix(2).allSatisfy({ $0.isASCII && $0.isUppercase }),
                head.suffix(2).allSatisfy({ $0.isASCII && ($0.isNumber || Self.misreadDigits[$0] != nil) }),
                let length = IBAN.lengths[String(head.prefix(2))]
            else { continue }
            var end = index + 4, taken = 4
            while taken < length, end < characters.count {
                let character = characters[end]
                if character.isASCII && (character.isUppercase || character.isNumber) {
                    taken += 1
                    end += 1
                } else if character == " " && end + 1 < characters.count && characters[end - 1] != " " {
                    end += 1
                } else {
                    break
                }
            }
            guard taken == length, !joins(end) else { continue }
            let range = index..<end
            // The check digits are digits: a letter OCR put there (DES6, FRO2) is the digit it
            // resembles, and the check decides.
            var read = Array(string(range))
            for index in 2...3 { read[index] = Self.misreadDigits[read[index]] ?? read[index] }
            found.append(Claim(range: range, kind: IBAN.isValid(String(read)) ? .iban : nil))
        }
        return found
    }

    /// Letters OCR reads for digits.
    static let misreadDigits: [Character: Character] = [
        "O": "0", "D": "0", "I": "1", "l": "1", "Z": "2", "S": "5", "B": "8",
    ]

    /// Card numbers: 13–19 digits, whole or in the groups cards are printed in (4-4-4-4, 4-6-5, …)
    /// with one kind of separator; a card when the Luhn check passes, nothing else when it fails.
    func cards() -> [Claim] {
        var found: [Claim] = []
        for run in standaloneRuns(#/\d+(?:[ \-]\d+)*/#) {
            // The run's groups: offsets and lengths.
            var groups: [Range<Int>] = []
            var start = run.lowerBound
            for position in run where !characters[position].isNumber {
                groups.append(start..<position)
                start = position + 1
            }
            groups.append(start..<run.upperBound)
            for first in groups.indices {
                for last in first..<groups.count {
                    let lengths = groups[first...last].map(\.count)
                    guard
                        Self.cardGroupings.contains(where: { $0 == lengths })
                            || (first == last && (13...19).contains(lengths[0]))
                    else { continue }
                    let separators = Set((first..<last).map { characters[groups[$0].upperBound] })
                    guard separators.count <= 1 else { continue }
                    // Not a piece of a longer number in groups of four (an account number, a
                    // reference): the groups on either side must not be four digits too.
                    if first > 0 && groups[first - 1].count == 4 { continue }
                    if last + 1 < groups.count && groups[last + 1].count == 4 { continue }
                    let range = groups[first].lowerBound..<groups[last].upperBound
                    let digits = String(characters[range].filter(\.isNumber))
                    found.append(Claim(range: range, kind: Luhn.isValid(digits) ? .card : nil))
                }
            }
        }
        return found
    }

    /// Group lengths cards are printed in: Visa, Mastercard, Discover (4-4-4-4, 19 digits 4-4-4-4-3),
    /// American Express (4-6-5), Diners (4-6-4), 13-digit Visa (4-4-4-1).
    static let cardGroupings: [[Int]] = [
        [4, 4, 4, 4], [4, 4, 4, 4, 3], [4, 6, 5], [4, 6, 4], [4, 4, 4, 1], [4, 4, 4, 2],
    ]

    /// The matches of `pattern` not glued to a word, a number or a dotted or dashed run on either side.
    func standaloneRuns(_ pattern: Regex<Substring>) -> [Range<Int>] {
        standalone(pattern).filter { range in
            let before = range.lowerBound - 1, after = range.upperBound
            let gluedBefore = before >= 0 && "-./:+#".contains(characters[before]) && joins(before - 1)
            let gluedAfter = after < characters.count && "-./:".contains(characters[after]) && joins(after + 1)
            return !gluedBefore && !gluedAfter
        }
    }

    func ipAddresses() -> [Claim] {
        let v4 = standaloneRuns(#/\d{1,3}(?:\.\d{1,3}){3}/#).filter { IPAddress.isIPv4(string($0)) }
        let v6 = standalone(#/(?i)[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}/#).filter { IPAddress.isIPv6(string($0)) }
        return (v4 + v6).map { Claim(range: $0, kind: .ip) }
    }

    /// Numbers and words that look like secrets and are not: dates, times, UUIDs, ISBNs, amounts,
    /// versions, commit hashes, VAT numbers, long references in groups of four.
    func lookalikes() -> [Claim] {
        let forms: [Regex<Substring>] = [
            #/\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?/#, #/\d{1,2}[.\/\-]\d{1,2}[.\/\-]\d{2,4}/#,
            #/\d{1,2}:\d{2}(?::\d{2})?/#,
            // A UUID's shape, whatever OCR made of a hex digit or two.
            #/[0-9A-Za-z]{8}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{12}/#,
            #/(?:97[89][\- ]?)?\d{1,5}[\- ]\d{1,7}[\- ]\d{1,7}[\- ][\dX]/#,
            #/\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+[.,]\d{2}/#,
            #/v?\d{1,2}\.\d{1,3}(?:\.\d{1,4})?(?:-[A-Za-z0-9.]+)?/#,
            #/[0-9a-z]{7,64}/#,
            #/[A-Z]{2}\d{8,12}/#,
            #/\d{4}(?:[ \-]\d{4}){4,}/#,  // more groups of four than a card has: an account, a reference
        ]
        return forms.flatMap { form in
            standaloneRuns(form).filter { range in
                // An ISBN-like group of numbers is one only when its check holds.
                let value = string(range)
                if value.wholeMatch(of: #/(?:97[89][\- ]?)?\d{1,5}[\- ]\d{1,7}[\- ]\d{1,7}[\- ][\dX]/#) != nil {
                    return ISBN.isValid(value)
                }
                // A hash has letters and digits, all hexadecimal but for a misread or two.
                if value.wholeMatch(of: #/[0-9a-z]{7,64}/#) != nil {
                    return value.contains(where: \.isLetter) && value.contains(where: \.isNumber)
                        && value.filter { !$0.isHexDigit }.count <= (value.count >= 20 ? 2 : 0)
                }
                return true
            }.map { Claim(range: $0, kind: nil) }
        }
    }

    func randomTokens() -> [Claim] {
        standalone(#/[A-Za-z0-9_\-+\/=]{20,}/#).filter { Token.isToken(string($0)) }.map {
            Claim(range: $0, kind: .token)
        }
    }
}

/// The Luhn check digit test of card numbers (ISO/IEC 7812).
public enum Luhn {
    /// Whether `digits` (ASCII digits only, 13–19 of them) passes the Luhn check.
    public static func isValid(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == digits.count, (13...19).contains(values.count) else { return false }
        guard Set(values).count > 1 else { return false }  // 0000 0000 0000 0000 passes, is no card
        var sum = 0
        for (position, digit) in values.reversed().enumerated() {
            if position % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }
}

/// International bank account numbers (ISO 13616): country code, two check digits, up to 30 letters
/// and digits; the check is the number, its first four characters moved to the end and letters as
/// 10…35, taken mod 97, which must be 1.
public enum IBAN {
    /// Each country's IBAN length (SWIFT's IBAN registry).
    public static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
        "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
        "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
        "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
        "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
        "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
        "RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28,
        "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
    ]

    /// Whether `text` (spaces allowed) is an IBAN with a right checksum.
    public static func isValid(_ text: String) -> Bool {
        let compact = text.filter { $0 != " " }.uppercased()
        guard (15...34).contains(compact.count), compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return false }
        let characters = Array(compact)
        guard characters[0].isLetter, characters[1].isLetter, characters[2].isNumber, characters[3].isNumber
        else { return false }
        var remainder = 0
        for character in characters[4...] + characters[..<4] {
            let value: Int
            if let digit = character.wholeNumberValue {
                value = digit
            } else {
                value = Int(character.asciiValue! - Character("A").asciiValue!) + 10
            }
            remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
        }
        return remainder == 1
    }
}

/// IP addresses.
public enum IPAddress {
    /// Four numbers of 0–255 separated by dots.
    public static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in Int(part).map { (0...255).contains($0) } ?? false }
    }

    /// Groups of up to four hex digits separated by colons: eight of them, or fewer with one `::`.
    public static func isIPv6(_ text: String) -> Bool {
        let doubled = text.split(separator: "::", omittingEmptySubsequences: false)
        guard doubled.count <= 2 else { return false }
        let groups: [Substring] = doubled.flatMap { half -> [Substring] in
            half.isEmpty ? [] : half.split(separator: ":", omittingEmptySubsequences: false)
        }
        guard groups.allSatisfy({ group in (1...4).contains(group.count) && group.allSatisfy(\.isHexDigit) }) else {
            return false
        }
        // A clock (12:30:15) has colons too: an address has a letter digit or a group past 59.
        let hexLike = groups.contains { group in group.contains(where: \.isLetter) || group.count > 2 }
        return hexLike && (doubled.count == 2 ? groups.count <= 7 && groups.count >= 2 : groups.count == 8)
    }
}

/// ISBN-10 (weights 10…1, mod 11, X for 10) and ISBN-13 (weights 1, 3, mod 10) check digits.
public enum ISBN {
    /// Whether `text` (digits, hyphens or spaces, a final X) is an ISBN with a right check digit.
    public static func isValid(_ text: String) -> Bool {
        let symbols = text.filter { $0 != "-" && $0 != " " }
        let values = symbols.enumerated().map { index, character -> Int? in
            if character == "X" && index == symbols.count - 1 { return 10 }
            return character.wholeNumberValue
        }
        guard values.allSatisfy({ $0 != nil }) else { return false }
        let digits = values.map { $0! }
        switch digits.count {
        case 10: return digits.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element } % 11 == 0
        case 13: return digits.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * $1.element } % 10 == 0
        default: return false
        }
    }
}

/// Access tokens and keys without a provider's prefix (those are read by their published forms): a
/// long word that looks random.
public enum Token {
    /// Bits per character above which a long word is taken for random.
    public static let entropyThreshold = 3.5
    /// The shortest random-looking word taken for a token.
    public static let shortestRandom = 20

    /// Whether `text` (one word) is a token.
    public static func isToken(_ text: String) -> Bool {
        guard text.count >= shortestRandom else { return false }
        // Hexadecimal alone is a hash (a commit, a checksum), shown on purpose.
        guard !text.allSatisfy(\.isHexDigit) else { return false }
        let classes = [
            text.contains(where: \.isLowercase), text.contains(where: \.isUppercase), text.contains(where: \.isNumber),
        ].filter { $0 }.count
        // A path, a word-joined identifier or a long number is not random: it needs letters and
        // digits mixed, with capitals or a share of digits.
        guard classes >= 2, text.contains(where: \.isNumber), text.contains(where: \.isLetter) else { return false }
        return entropy(text) >= entropyThreshold
    }

    /// Shannon entropy of the characters of `text`, in bits per character.
    public static func entropy(_ text: String) -> Double {
        var counts: [Character: Int] = [:]
        for character in text { counts[character, default: 0] += 1 }
        let total = Double(text.count)
        return counts.values.reduce(0) { sum, count in
            let share = Double(count) / total
            return sum - share * log2(share)
        }
    }
}
