import Foundation

/// Library texts made fit for a person, in one place for both tools: no temporary file names (the
/// user named the destination, not `.x.png.1234-5678.tmp`), no library prefixes ("VipsJpeg:",
/// "VipsForeignSave:", "pngload:"), and the common decoder complaints said plainly.
public enum PlainWords {
    /// Known decoder texts and what they mean for the user.
    static let rephrased: [(String, String)] = [
        ("Premature end of input file", "the file ends early: it is truncated"),
        ("Premature end of JPEG file", "the file ends early: it is truncated"),
        ("Not a JPEG file", "not a JPEG file, although it starts like one"),
        ("Corrupt JPEG data", "damaged JPEG data"),
        ("unable to call", "cannot be written"),
        ("unable to open for write", "cannot write"),
        ("write error", "cannot write (is the disk full, or a file size limit reached?)"),
    ]

    public static func clean(_ text: String) -> String {
        var result = text
        // AtomicOutput's temporaries: ".NAME.PID-RANDOM.tmp", with or without a folder before it.
        if let pattern = try? NSRegularExpression(pattern: #"(?:\S*/)?\.[^\s/]+\.\d+-\d+\.tmp:?\s*"#) {
            result = pattern.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "")
        }
        // Library prefixes: "VipsJpeg: ", "VipsForeignLoad: ", "jpegload_source: ", "gifload: " (repeated).
        if let prefix = try? NSRegularExpression(pattern: #"^(?:(?:Vips[A-Za-z]*|[a-z0-9]+(?:load|save)[a-z_]*):\s*)+"#)
        {
            result = prefix.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: "")
        }
        // An operation that failed without a word (libvips' error buffer is shared by all threads,
        // and another image's work may have cleared it): on the reading side that is bad data.
        if let bare = try? NSRegularExpression(pattern: #"^[a-z_]+ failed$"#),
            bare.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)) != nil,
            !result.contains("save")
        {
            result = "the image data could not be decoded: the file is damaged or truncated"
        }
        for (library, plain) in rephrased where result.hasPrefix(library) {
            result = plain + result.dropFirst(library.count).drop { $0 == "." }
            break
        }
        result = result.trimmingCharacters(in: .whitespaces)
        return result.isEmpty ? text : result
    }
}
