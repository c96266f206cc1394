import ArgumentParser
import CommandSupport
import Vips

/// `imgtool`: image jobs on libvips. The executable only calls `ImgTool.main()`.
public struct ImgTool: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "imgtool",
        abstract: "Image jobs on libvips: level horizons, frost screenshots, inspect images.",
        discussion: """
            Exit status: 0 success, 1 a file could not be read or written, 2 nothing found to \
            act on (horizon: no horizon in some input), 64 bad command line.
            """,
        version: ToolVersion.described,
        subcommands: [Info.self, Blur.self, Horizon.self, Formats.self]
    )

    public init() {}
}
