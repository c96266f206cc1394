/// A language as EPUB and HTML accept it: a well-formed BCP 47 tag ("en", "ja-JP", "zh-Hant"),
/// from what a PDF's /Lang or a ComicInfo.xml's LanguageISO says ("en_US" becomes "en-US");
/// anything else is "und" (undetermined) rather than an invalid tag.
public enum LanguageTag {
    public static func tag(_ text: String?) -> String {
        guard let text else { return "und" }
        let cleaned = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let parts = cleaned.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return "und" }
        return cleaned
    }
}
