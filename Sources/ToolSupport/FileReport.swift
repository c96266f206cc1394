/// Runs a job over several inputs, printing each result (or its one-line error) in input order,
/// and returns the exit status: 0 when all succeeded, the worst failure's status otherwise.
public struct FileReport {
    public let tool: String
    public let quiet: Bool

    public init(tool: String, quiet: Bool) {
        self.tool = tool
        self.quiet = quiet
    }

    /// Prints a per-file error as `tool: FILE: cause` on stderr (even with -q: errors are not progress).
    public func error(_ failure: ToolFailure) {
        Console.error("\(tool): \(failure.message)")
    }

    /// Calls `body` for each input; `body` returns the lines to print on stdout.
    public func run(_ inputs: [String], _ body: (String) throws(ToolFailure) -> [String]) -> Int32 {
        var status = ExitStatus.success
        for input in inputs {
            do {
                for line in try body(input) { Console.out(line) }
            } catch {
                self.error(error)
                status = max(status, error.status)
            }
        }
        return status
    }
}
