import Foundation
import TestSupport
import Testing

/// PDF sheets of an encrypted PDF keep its encryption (AES-256 with its user password and
/// permissions, and its owner password), or are not written unless `--drop-encryption` asks for
/// them unencrypted. Sources are encrypted by qpdf; outputs are checked by `qpdf --check` and
/// `qpdf --show-encryption`.
@Suite(.tags(.tools)) struct LayoutEncryptionTests {
    static let mixed = Fixtures.asset("mixed.pdf")

    /// `qpdf --encrypt USER OWNER BITS [restrictions] -- mixed.pdf NAME`.
    static func encrypted(
        _ name: String, user: String, owner: String, bits: String = "256", _ restrictions: [String] = [],
        in scratch: Scratch
    ) throws -> String {
        let path = scratch.path(name)
        let made = try run("qpdf", ["--encrypt", user, owner, bits] + restrictions + ["--", mixed, path])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    /// `qpdf --show-encryption` with `password`: the R line, the user password line and the
    /// permission lines ("print low resolution: allowed", ...).
    static func encryption(_ path: String, password: String) throws -> (r: String, user: String, permissions: [String])
    {
        let shown = try run("qpdf", ["--show-encryption", "--password=\(password)", path])
        let lines = shown.text.split(separator: "\n").map(String.init)
        let permissions = lines.filter { $0.hasPrefix("extract") || $0.hasPrefix("print") || $0.hasPrefix("modify") }
        return (
            lines.first { $0.hasPrefix("R = ") } ?? shown.text, lines.first { $0.hasPrefix("User password") } ?? "",
            permissions
        )
    }

    static func check(_ path: String, password: String) throws -> Bool {
        let checked = try run("qpdf", ["--check", "--password=\(password)", path])
        return checked.status == 0 && checked.text.contains("No syntax or stream encoding errors")
    }

    /// User and owner password, restrictions: with the owner's (beside the user password, or
    /// alone for AES-128, whose owner password gives the user password back) the sheets are
    /// AES-256 with the same user password, permissions and owner password.
    @Test func theSheetsKeepTheEncryptionAndPermissions() throws {
        let scratch = try Scratch()
        let restricted = try Self.encrypted(
            "r6.pdf", user: "user", owner: "owner", ["--print=low", "--extract=n", "--modify=form"], in: scratch)
        let aes128 = try Self.encrypted(
            "r4.pdf", user: "user", owner: "owner", bits: "128", ["--use-aes=y", "--print=none"], in: scratch)
        for (source, passwords) in [
            (restricted, ["--password", "user", "--owner-password", "owner"]),
            (aes128, ["--password", "owner"]),
        ] {
            let output = scratch.path("sheets.pdf")
            let result = try run("pdflayout", [source, "--two-up", "-o", output, "-q"] + passwords)
            #expect(result.status == 0, "\(passwords): \(result.stderr)")
            #expect(try Self.check(output, password: "user"))
            let kept = try Self.encryption(output, password: "user"),
                was = try Self.encryption(source, password: "user")
            #expect(kept.r == "R = 6" && kept.user == "User password = user", "\(kept)")
            #expect(kept.permissions == was.permissions && kept.permissions.contains { $0.hasSuffix("not allowed") })
            // The owner password opens it as the owner; without a password it does not open.
            let asOwner = try run("qpdf", ["--show-encryption", "--password=owner", output])
            #expect(asOwner.text.contains("Supplied password is owner password"), "\(asOwner.text)")
            #expect(try run("qpdf", ["--check", output]).status != 0)
            try FileManager.default.removeItem(atPath: output)
        }
    }

    /// An owner password only (opens without a password, restricted): with the owner password the
    /// sheets open without one and keep the restrictions; without it nothing is written.
    @Test func anOwnerPasswordOnlyPDFNeedsThatPassword() throws {
        let scratch = try Scratch()
        let source = try Self.encrypted(
            "owner-only.pdf", user: "", owner: "owner", ["--print=none", "--modify=none"], in: scratch)
        let output = scratch.path("sheets.pdf")
        let refused = try run("pdflayout", [source, "--two-up", "-o", output])
        #expect(refused.status == 1)
        let lines = refused.stderr.split(separator: "\n")
        #expect(
            lines.count == 1 && lines[0].hasPrefix("pdflayout: \(source): encrypted:")
                && lines[0].contains("--drop-encryption") && lines[0].contains("owner password"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try LayoutRun.files(in: scratch.folder) == ["owner-only.pdf"], "nothing written, no temporary")

        let kept = try run("pdflayout", [source, "--two-up", "-o", output, "--password", "owner", "-q"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try Self.check(output, password: ""))
        let encryption = try Self.encryption(output, password: "")
        #expect(encryption.r == "R = 6" && encryption.user == "User password = ")
        #expect(encryption.permissions == (try Self.encryption(source, password: "")).permissions)
        #expect(encryption.permissions.contains("print low resolution: not allowed"))
    }

    /// With the user password only, the owner's is not known: refused in one line that names
    /// --drop-encryption, which then writes the sheets unencrypted. A wrong --owner-password is
    /// refused; the flags are refused where they mean nothing.
    @Test func withoutTheOwnerPasswordTheSheetsNeedDropEncryption() throws {
        let scratch = try Scratch()
        let source = try Self.encrypted("r6.pdf", user: "user", owner: "owner", in: scratch)
        let output = scratch.path("sheets.pdf")
        for passwords in [
            ["--password", "user"], ["--password", "owner"], ["--password", "user", "--owner-password", "user"],
        ] {
            let refused = try run("pdflayout", [source, "--two-up", "-o", output] + passwords)
            #expect(refused.status == 1, "\(passwords)")
            #expect(
                refused.stderr.split(separator: "\n").count == 1 && refused.stderr.hasPrefix("pdflayout: \(source): ")
                    && (refused.stderr.contains("--drop-encryption")
                        || refused.stderr.contains("--owner-password is not")),
                "\(passwords): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        let dropped = try run(
            "pdflayout", [source, "--two-up", "-o", output, "--password", "user", "--drop-encryption", "-q"])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(try run("qpdf", ["--show-encryption", output]).text.contains("File is not encrypted"))
        #expect(try Self.check(output, password: ""))
        // Images carry no encryption: --owner-password is refused there, and the flags with no -o.
        for arguments in [
            ["--owner-password", "owner", "-o", scratch.path("x.png")],
            ["--drop-encryption"], ["--drop-encryption", "--owner-password", "owner", "-o", output],
        ] {
            let refused = try run("pdflayout", [source, "--password", "user"] + arguments)
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        }
        // An unencrypted PDF is not affected.
        let plain = scratch.path("plain.pdf")
        #expect(try run("pdflayout", [Self.mixed, "--two-up", "-o", plain, "-q"]).status == 0)
        #expect(try run("qpdf", ["--show-encryption", plain]).text.contains("File is not encrypted"))
    }
}
