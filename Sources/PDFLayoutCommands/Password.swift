import ArgumentParser
import ToolSupport

/// `--password` or `--password-file`, for every command that opens encrypted PDFs.
struct PasswordOptions: ParsableArguments {
    @Option(help: "Password of an encrypted PDF (user or owner password); --password-file keeps it out of ps.")
    var password: String?

    @Option(
        help: ArgumentHelp(
            "Read the password from the first line of FILE (- : standard input), so that it shows neither in ps nor in the shell's history.",
            valueName: "file"), completion: .file())
    var passwordFile: String?

    init() {}

    /// Command-line rules that need no file: one of the two, and standard input read only once.
    func validate(pdfs: [String]) throws {
        if password != nil && passwordFile != nil {
            throw ValidationError("give --password or --password-file, not both")
        }
        if passwordFile.map(BatchInput.isStandardInput) == true && pdfs.contains(where: BatchInput.isStandardInput) {
            throw ValidationError(
                "--password-file - reads standard input, which the PDF (-) already is: name a file for one of them")
        }
    }

    /// The password: given, or read now from the file (status 1 when the file cannot be read or
    /// its first line is empty).
    func resolve() throws(ToolFailure) -> String? {
        guard let passwordFile else { return password }
        let shown = "--password-file \(BatchInput.shown(passwordFile))"
        let line: String
        do {
            line =
                BatchInput.isStandardInput(passwordFile)
                ? try FirstLine.readStandardInput() : try FirstLine.read(path: passwordFile)
        } catch {
            throw ToolFailure(file: shown, Failures.message(error))
        }
        // An empty password opens nothing that no password does (poppler and qpdf try the empty
        // one): an empty line is a mistake (an empty file, a failed `pass show` piped in), not a
        // password to call wrong.
        guard !line.isEmpty else { throw ToolFailure(file: shown, Failures.emptyPasswordLine) }
        return line
    }
}
