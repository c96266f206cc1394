import CoreTypes
import Foundation

/// Standard input (`-` on a command line), read in this one place, once, to the end.
public enum StandardInput {
    /// Every byte of standard input.
    public static func readAll() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    /// The PDF a command-line argument names: `-` reads standard input now.
    public static func source(_ argument: String) -> PDFSource {
        argument == "-" ? .bytes(readAll()) : .file(argument)
    }
}
