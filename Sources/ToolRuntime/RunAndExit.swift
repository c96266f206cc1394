import ArgumentParser
import CommandSupport
import ToolSupport
import Vips

extension ParsableCommand {
    /// Parses, runs, then shuts libvips down (which prints its leak report when VIPS_LEAK=1)
    /// before exiting with the command's status. The executables only call this.
    public static func runAndExit(_ arguments: [String]? = nil) -> Never {
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
}
