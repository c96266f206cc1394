import Vips

/// Where imgtool reads a command-line image from: `-` is standard input, streamed (whole reads of
/// standard input go through `StandardInput`); anything else a file.
enum ImageInput {
    static func source(_ argument: String) -> ImageSource {
        argument == "-" ? .descriptor(0) : .file(argument)
    }
}
