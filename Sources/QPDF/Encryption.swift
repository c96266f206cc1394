import CQPDF
import CoreTypes

/// What a PDF's security handler allows (its /P bits, as qpdf reads them).
public struct PDFPermissions: Sendable, Equatable {
    public enum Printing: Sendable, Equatable {
        case full, lowResolution, none
    }

    public var accessibility: Bool
    public var extract: Bool
    public var assemble: Bool
    public var annotate: Bool
    public var fillForms: Bool
    public var modifyOther: Bool
    public var printing: Printing

    public init(
        accessibility: Bool, extract: Bool, assemble: Bool, annotate: Bool, fillForms: Bool, modifyOther: Bool,
        printing: Printing
    ) {
        self.accessibility = accessibility; self.extract = extract; self.assemble = assemble
        self.annotate = annotate; self.fillForms = fillForms; self.modifyOther = modifyOther
        self.printing = printing
    }
}

/// The encryption a written PDF is given: AES-256 (R6) with these passwords and permissions.
public struct PDFEncryption: Sendable, Equatable {
    public var userPassword: String
    public var ownerPassword: String
    public var permissions: PDFPermissions
    public var encryptsMetadata: Bool

    public init(userPassword: String, ownerPassword: String, permissions: PDFPermissions, encryptsMetadata: Bool) {
        self.userPassword = userPassword; self.ownerPassword = ownerPassword; self.permissions = permissions
        self.encryptsMetadata = encryptsMetadata
    }
}

/// What becomes of a source's encryption in a file written from it.
public enum EncryptionPolicy: Sendable, Equatable {
    /// The new file is encrypted as the source is (same user password and permissions), or it is
    /// not written (`QPDFError.encryptionNotKept`). The owner password is `ownerPassword` when
    /// given (checked against the source), otherwise the password the source was opened with
    /// if that is its owner password.
    case keep(ownerPassword: String?)
    /// The new file is written unencrypted, on purpose.
    case drop
}

/// Why a source's encryption cannot be given to a new file.
public enum EncryptionGap: Sendable, Equatable {
    /// The password given opened the file as its user password (or none was needed): the owner
    /// password, which the new file needs to carry the same permissions, is not known.
    case ownerPasswordUnknown
    /// The owner password given is not the source's owner password.
    case notTheOwnerPassword
    /// The owner password was given, but an AES-256 file does not give its user password back
    /// from the owner's, and the user password is not empty.
    case userPasswordUnknown
    /// qpdf could not place the pages (the file is damaged in a way only poppler gets past), and
    /// cairo's drawing cannot encrypt.
    case sheetsDrawnByCairo
}

extension QPDFHandle {
    /// The user password qpdf reports for the password the file was opened with.
    private var reportedUserPassword: String { qpdf_get_user_password(handle).map { String(cString: $0) } ?? "" }

    /// The source's encryption to write again; nil when the source is not encrypted. `given` is
    /// the password the file was opened with, `ownerPassword` one given for the new file; the
    /// permissions come from qpdf. qpdf checks a password as the owner password first: when it
    /// matched, the user password qpdf reports is the one recovered from it (RC4 and AES-128
    /// files) or empty (AES-256 files, whose user password only a second opening without
    /// password can tell, when it is empty); otherwise it reports the password itself.
    func encryptionToKeep(
        source: PDFSource, given: String?, ownerPassword: String?
    ) throws(QPDFError)
        -> PDFEncryption?
    {
        guard qpdf_is_encrypted(handle) != 0 else { return nil }
        let reported = reportedUserPassword
        var user: String?, owner: String?
        if let given, !given.isEmpty, given != reported {
            owner = given
            user = reported.isEmpty ? nil : reported
        } else {
            user = reported
        }
        if user == nil, (try? QPDFHandle(source, password: "")) != nil { user = "" }
        if let ownerPassword {
            guard let other = try? QPDFHandle(source, password: ownerPassword),
                !ownerPassword.isEmpty, other.reportedUserPassword != ownerPassword
            else { throw .encryptionNotKept(.notTheOwnerPassword) }
            owner = ownerPassword
        }
        guard let owner else { throw .encryptionNotKept(.ownerPasswordUnknown) }
        guard let user else { throw .encryptionNotKept(.userPasswordUnknown) }
        let printing: PDFPermissions.Printing =
            qpdf_allow_print_high_res(handle) != 0
            ? .full : qpdf_allow_print_low_res(handle) != 0 ? .lowResolution : .none
        let permissions = PDFPermissions(
            accessibility: qpdf_allow_accessibility(handle) != 0, extract: qpdf_allow_extract_all(handle) != 0,
            assemble: qpdf_allow_modify_assembly(handle) != 0, annotate: qpdf_allow_modify_annotation(handle) != 0,
            fillForms: qpdf_allow_modify_form(handle) != 0, modifyOther: qpdf_allow_modify_other(handle) != 0,
            printing: printing)
        let trailer = PDFObject(document: handle, handle: qpdf_get_trailer(handle))
        let encryptsMetadata = trailer["/Encrypt"]["/EncryptMetadata"].bool ?? true
        return PDFEncryption(
            userPassword: user, ownerPassword: owner, permissions: permissions, encryptsMetadata: encryptsMetadata)
    }

    /// Sets the writer (after `qpdf_init_write…`) to encrypt with `encryption` (AES-256, R6).
    func setEncryption(_ encryption: PDFEncryption) {
        let allowed = encryption.permissions
        let print: qpdf_r3_print_e =
            switch allowed.printing {
            case .full: qpdf_r3p_full
            case .lowResolution: qpdf_r3p_low
            case .none: qpdf_r3p_none
            }
        let flag = { (value: Bool) in value ? QPDF_TRUE : QPDF_FALSE }
        qpdf_set_r6_encryption_parameters2(
            handle, encryption.userPassword, encryption.ownerPassword, flag(allowed.accessibility),
            flag(allowed.extract), flag(allowed.assemble), flag(allowed.annotate), flag(allowed.fillForms),
            flag(allowed.modifyOther), print, flag(encryption.encryptsMetadata))
    }
}
