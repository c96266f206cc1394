import ArgumentParser
import CommandSupport
import ToolSupport
import Vips

extension ParsableCommand {
    /// Parses, runs, then shuts libvips down (which prints its leak report when VIPS_LEAK=1)
    /// before exiting with the command's status. The executables only call this.
    public static func runAndExit(_ arguments: [String]? = nil) -> Never {
        if let unknown = unknownHelpTopic(arguments ?? Array(CommandLine.arguments.dropFirst())) {
            // ArgumentParser answers `help foo` with the root help and exit 0; a script asking for
            // help on a command that does not exist should hear so.
            let names = configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
            Console.error("\(_commandName): help \(unknown): no such command (the commands are \(names))")
            exit(withError: ExitCode(ExitStatus.usage))
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Console.restoreStandardError()
            VipsRuntime.shutdown()
            exit(withError: nil)
        } catch {
            Console.restoreStandardError()
            VipsRuntime.shutdown()
            if exitCode(for: error) == .success, let help = HelpText.examplesLast(fullMessage(for: error)) {
                print(help, terminator: "")
                exit(withError: nil)
            }
            exit(withError: error)
        }
    }

    /// The name after `help` when it is no subcommand's (nor an option, which help itself rejects).
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-") else { return nil }
        let known = configuration.subcommands.map { $0._commandName } + ["help"]
        return known.contains(arguments[1]) ? nil : arguments[1]
    }
}
