import ArgumentParser
import ImgToolCommands
import PDFLayoutCommands
import TestSupport
import Testing

/// Every subcommand's --help ends with its examples, and every example is a valid command line
/// (parsed and validated as the tool would), so the help cannot advertise what the tool refuses.
@Suite(.tags(.fast)) struct HelpExamplesTests {
    static let subcommands = [
        ["imgtool", "info"], ["imgtool", "horizon"], ["imgtool", "blur"],
        ["pdflayout", "layout"], ["pdflayout", "info"], ["pdflayout", "prefs"],
    ]

    /// The EXAMPLES block at the end of `tool subcommand --help`.
    static func examples(_ command: [String]) throws -> [String] {
        let help = try run(command[0], [command[1], "--help"])
        #expect(help.status == 0)
        let text = help.text
        guard let start = text.range(of: "\nEXAMPLES:\n") else {
            Issue.record("\(command.joined(separator: " ")) --help has no EXAMPLES section")
            return []
        }
        #expect(text.range(of: "\nOPTIONS:")!.lowerBound < start.lowerBound, "the examples come after the options")
        return text[start.upperBound...].split(separator: "\n").map(String.init)
    }

    /// The tool's own arguments in an example: the part of a pipeline that runs it, without the
    /// comment and the redirection, split as the shell would (single quotes only).
    static func arguments(of example: String, tool: String) -> [String]? {
        var line = example
        if let comment = line.range(of: "  #") { line = String(line[..<comment.lowerBound]) }
        guard
            let part = line.split(separator: "|").first(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(tool + " ")
            })
        else {
            return nil
        }
        var words: [String] = [], word = "", quoted = false
        for character in part {
            if character == "'" { quoted.toggle(); continue }
            if character == " " && !quoted {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        if let redirect = words.firstIndex(of: ">") { words = Array(words[..<redirect]) }
        return Array(words.dropFirst())
    }

    @Test(arguments: subcommands)
    func helpEndsWithValidExamples(command: [String]) throws {
        let examples = try Self.examples(command)
        #expect(examples.count >= 4, "\(examples)")
        for example in examples {
            // Indented and whole: a wrapped example would not run when pasted.
            #expect(example.hasPrefix("  "), "\(example)")
            guard let arguments = Self.arguments(of: example, tool: command[0]) else {
                Issue.record("\(example) does not run \(command[0])")
                continue
            }
            do {
                if command[0] == "imgtool" {
                    _ = try ImgTool.parseAsRoot(arguments)
                } else {
                    _ = try PDFLayout.parseAsRoot(arguments)
                }
            } catch {
                Issue.record(
                    "\(example): \(command[0] == "imgtool" ? ImgTool.fullMessage(for: error) : PDFLayout.fullMessage(for: error))"
                )
            }
        }
    }
}
