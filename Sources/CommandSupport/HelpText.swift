/// `--help` ends with the examples: ArgumentParser prints a command's discussion (which ends with
/// an "Examples:" block, so that the man page has them too) before the usage and options, so the
/// block is moved to the end of the help text.
public enum HelpText {
    /// The help text with its "Examples:" block after the options, as "EXAMPLES:"; nil when
    /// there is no such block.
    public static func examplesLast(_ help: String) -> String? {
        guard let examples = help.range(of: "\nExamples:\n"), let usage = help.range(of: "\nUSAGE:"),
            examples.upperBound <= usage.lowerBound
        else { return nil }
        let block = help[examples.upperBound..<usage.lowerBound].trimmingTrailingNewlines()
        let before = help[..<examples.lowerBound].trimmingTrailingNewlines()
        let after = help[usage.lowerBound...].trimmingTrailingNewlines()
        return before + "\n" + after + "\n\nEXAMPLES:\n" + block + "\n"
    }
}

extension StringProtocol {
    fileprivate func trimmingTrailingNewlines() -> String {
        var text = String(self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
