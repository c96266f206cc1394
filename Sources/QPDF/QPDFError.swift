/// A qpdf failure. Descriptions hold qpdf's own text, never command-line advice: the command
/// layer decides what the user is told.
public enum QPDFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// qpdf could not allocate its handle.
    case cannotStart
    /// The file to read does not exist.
    case notFound
    /// The file is encrypted and the password is missing or wrong (qpdf's `qpdf_e_password`).
    /// `step` is what was being done, `detail` qpdf's text.
    case encrypted(step: String, detail: String?)
    /// The source is encrypted and a file written from it cannot be encrypted alike
    /// (`EncryptionPolicy.keep`): a password it needs is not known.
    case encryptionNotKept(EncryptionGap)
    /// Anything else: `step` is what was being done ("not a readable PDF", "cannot copy page 3"),
    /// `detail` qpdf's text when it gave one.
    case failed(step: String, detail: String?)

    /// True when the output file could not be written (a full disk, a file size limit): the
    /// destination's fault, not the PDF's. The one place that knows the wording of those steps.
    public var isWriteFailure: Bool {
        guard case .failed(let step, _) = self else { return false }
        return step.hasPrefix("cannot write")
    }

    /// The step of a PDF that qpdf could not open at all (damaged beyond its repair, or cut short).
    public static let unreadableStep = "not a readable PDF"

    public var description: String {
        switch self {
        case .cannotStart: return "qpdf failed to start"
        case .notFound: return "no such file"
        case .encryptionNotKept(.ownerPasswordUnknown):
            return "encrypted, and without its owner password the copy cannot be encrypted with the same permissions"
        case .encryptionNotKept(.notTheOwnerPassword):
            return "encrypted, and the owner password given is not its owner password"
        case .encryptionNotKept(.userPasswordUnknown):
            return "encrypted with AES-256, whose owner password does not give back the user password the copy needs"
        case .encryptionNotKept(.sheetsDrawnByCairo):
            return "encrypted, and qpdf cannot read it to encrypt the copy alike (cairo's drawing is not encrypted)"
        case .encrypted(let step, let detail), .failed(let step, let detail):
            return step + (detail.map { " (\($0))" } ?? "")
        }
    }
}
