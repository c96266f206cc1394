import ArgumentParser
import Vips

/// `imgtool`: image jobs on libvips. The executable only calls `ImgTool.main()`.
public struct ImgTool: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imgtool",
        abstract: "Image jobs on libvips: level horizons, frost screenshots, inspect images.",
        discussion: """
        Exit status: 0 success, 1 a file could not be read or written, 2 nothing found to act on
        (horizon: no horizon in some input), 64 bad command line.
        """,
        subcommands: [Info.self, Blur.self, Horizon.self]
    )

    public init() {}
}

extension ImgTool {
    /// Parses, runs, then shuts libvips down (which prints its leak report when VIPS_LEAK=1)
    /// before exiting with the command's status.
    public static func runAndExit(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            VipsRuntime.shutdown()
            exit(withError: nil)
        } catch {
            VipsRuntime.shutdown()
            exit(withError: error)
        }
    }
}
