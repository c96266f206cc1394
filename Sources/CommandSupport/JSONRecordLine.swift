import Foundation
import ToolSupport

extension JSONLines {
    /// The record of `file` as a line; a record that cannot be encoded (a number that is not
    /// finite) fails the file, exit status 1, instead of printing nothing. Here, in the command
    /// layer, because it makes the sentence the user reads.
    public func line<T: Encodable>(_ value: T, of file: String) throws(ToolFailure) -> String {
        do {
            return try line(value)
        } catch let EncodingError.invalidValue(_, context) {
            throw ToolFailure(file: file, "its JSON record could not be encoded (\(context.debugDescription))")
        } catch {
            throw ToolFailure(file: file, "its JSON record could not be encoded (\(error))")
        }
    }
}
