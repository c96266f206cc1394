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

/// One secret found in a line of words: its kind and the words it spans (indices into the line).
public struct SecretMatch: Equatable, Sendable {
    public var kind: SecretKind
    public var words: ClosedRange<Int>

    public init(kind: SecretKind, words: ClosedRange<Int>) {
        self.kind = kind
        self.words = words
    }
}

/// Finds secrets in lines of recognised words: e-mail addresses, URLs, phone numbers, card numbers
/// (Luhn check), IBANs (mod-97 check), IPv4 and IPv6 addresses, tokens (known prefixes such as
/// `ghp_`, `github_pat_`, `sk-`, `AKIA`, `xoxb-`, or a long word of high entropy) and patterns of the
/// user's. A line's words are joined by single spaces and matched as one string, so a number split
/// into groups (`4111 1111 1111 1111`, `DE89 3704 …`) is one match; a match hides every word it touches.
public struct SecretMatcher: Equatable, Sendable {
    public var kinds: Set<SecretKind>
    /// Regular expressions (Swift `Regex` syntax), checked when made (`validate`).
    public var patterns: [String]

    public init(kinds: Set<SecretKind>, patterns: [String] = []) {
        self.kinds = kinds
        self.patterns = patterns
    }

    /// Kinds from the most specific (a checksum or a fixed form) to the least.
    static let specificity: [SecretKind] = [.email, .iban, .card, .ip, .url, .phone, .token]

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

    /// The secrets in one line of words, in the order they start; overlapping matches of different
    /// kinds are all kept (each is reported), a match inside an e-mail address is not also a URL.
    public func matches(inLine words: [String]) -> [SecretMatch] {
        guard !words.isEmpty else { return [] }
        let line = words.joined(separator: " ")
        // Each word's span in the line, in characters.
        var starts: [Int] = []
        var offset = 0
        for word in words {
            starts.append(offset)
            offset += word.count + 1
        }
        let characters = Array(line)
        func wordRange(_ range: Range<Int>) -> ClosedRange<Int>? {
            let touched = words.indices.filter { index in
                let start = starts[index], end = start + words[index].count
                return start < range.upperBound && end > range.lowerBound
            }
            guard let first = touched.first, let last = touched.last else { return nil }
            return first...last
        }
        var found: [(kind: SecretKind, range: Range<Int>)] = []
        for kind in SecretKind.allCases where kinds.contains(kind) && kind != .regex {
            for range in Self.candidates(of: kind, in: characters) { found.append((kind, range)) }
        }
        for pattern in patterns {
            guard let regex = try? Regex(pattern) else { continue }
            for match in line.matches(of: regex) where !match.range.isEmpty {
                let lower = line.distance(from: line.startIndex, to: match.range.lowerBound)
                let upper = line.distance(from: line.startIndex, to: match.range.upperBound)
                found.append((.regex, lower..<upper))
            }
        }
        // A match inside a match of a more specific kind is that kind only: the domain of an
        // e-mail address is no URL, an IPv4 address no phone number, a URL's path no token.
        func rank(_ kind: SecretKind) -> Int { Self.specificity.firstIndex(of: kind) ?? Self.specificity.count }
        return found.compactMap { item -> (Int, SecretMatch)? in
            let covered = found.contains { other in
                other.kind != .regex && item.kind != .regex && rank(other.kind) < rank(item.kind)
                    && other.range.overlaps(item.range)
            }
            if covered { return nil }
            return wordRange(item.range).map { (item.range.lowerBound, SecretMatch(kind: item.kind, words: $0)) }
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Where `kind` occurs in the line (character offsets).
    static func candidates(of kind: SecretKind, in line: [Character]) -> [Range<Int>] {
        let text = String(line)
        func ranges(_ pattern: Regex<Substring>, where keep: (String) -> Bool = { _ in true }) -> [Range<Int>] {
            text.matches(of: pattern).compactMap { match in
                guard keep(String(match.output)) else { return nil }
                let lower = text.distance(from: text.startIndex, to: match.range.lowerBound)
                return lower..<(lower + match.output.count)
            }
        }
        switch kind {
        case .email:
            return ranges(#/[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}/#)
        case .url:
            return ranges(
                #/(?i)(?:https?://|ftp://|www\.)[^\s<>"]+|\b[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.(?:com|org|net|io|dev|gov|edu|info|app|ai|co|uk|de|fr|eu)\b(?:/[^\s<>"]*)?/#
            )
        case .phone:
            return ranges(#/\+?\(?\d[\d ()\-.\/]{6,}\d/#) { PhoneNumber.isPlausible($0) }
        case .card:
            return ranges(#/\b\d(?:[ \-]?\d){12,18}\b/#) { Luhn.isValid($0.filter(\.isNumber)) }
        case .iban:
            return ranges(#/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/#) { IBAN.isValid($0) }
        case .ip:
            return ranges(#/\b\d{1,3}(?:\.\d{1,3}){3}\b/#) { IPAddress.isIPv4($0) }
                + ranges(#/(?i)\b[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}\b/#) { IPAddress.isIPv6($0) }
        case .token:
            return ranges(#/[A-Za-z0-9_\-+\/=.]{16,}/#) { Token.isToken($0) }
        case .regex:
            return []
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

/// Phone numbers: 7–15 digits (ITU E.164) written with a leading + or separators, not a date.
public enum PhoneNumber {
    public static func isPlausible(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber)
        guard (7...15).contains(digits.count), Set(digits).count > 2 else { return false }
        guard text.hasPrefix("+") || text.contains(where: { " ()-./".contains($0) }) else { return false }
        // Dates (2024-01-15, 15.01.2024, 01/15/2024) and times are numbers with separators too.
        if text.wholeMatch(of: #/\d{4}[\-.\/]\d{1,2}[\-.\/]\d{1,2}|\d{1,2}[\-.\/]\d{1,2}[\-.\/]\d{2,4}/#) != nil {
            return false
        }
        // Groups of three digits separated by spaces or dots are amounts (1 234 567) unless a + leads.
        if !text.hasPrefix("+") && text.wholeMatch(of: #/\d{1,3}(?:[ .,]\d{3})+/#) != nil { return false }
        return true
    }
}

/// Access tokens and keys: known prefixes of services' tokens, or a long word that looks random.
public enum Token {
    /// Prefixes services put on their tokens so that scanners find them.
    public static let prefixes = [
        "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "sk-", "sk_live_", "sk_test_", "rk_live_",
        "pk_live_", "AKIA", "ASIA", "xoxb-", "xoxa-", "xoxp-", "xoxs-", "xapp-", "AIza", "npm_", "pypi-", "hf_",
    ]
    /// Bits per character above which a long word is taken for random.
    public static let entropyThreshold = 3.5
    /// The shortest random-looking word taken for a token.
    public static let shortestRandom = 20

    /// Whether `text` (one word) is a token.
    public static func isToken(_ text: String) -> Bool {
        if let prefix = prefixes.first(where: { text.hasPrefix($0) }) {
            let rest = text.dropFirst(prefix.count)
            return rest.count >= 12 && rest.contains(where: \.isNumber) || rest.count >= 16
        }
        guard text.count >= shortestRandom else { return false }
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
