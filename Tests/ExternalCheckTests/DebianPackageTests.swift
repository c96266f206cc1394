import Foundation
import TestSupport
import Testing

/// The Debian package as a user without Swift gets it: scripts/package.sh builds it from the
/// release build, lintian checks it, and scripts/clean-root-check.sh installs it on a fresh Debian
/// 12 root made by mmdebstrap, runs the README's jobs and `man imgtool` there, and purges it.
@Suite(.serialized, .tags(.external)) struct DebianPackageTests {
    /// The package, built once for the suite's tests. Its release build is the one scripts/setup.sh
    /// made, in `.build`, when scripts/test.sh names that folder (FROSTLEVEL_PACKAGE_SCRATCH: the script
    /// runs the test binary itself, so nothing holds `.build`); inside `swift test`, which holds `.build`
    /// for its whole run, a folder of its own.
    static let package: Result<String, PackageFailure> = {
        let folder: URL
        do { folder = try Fixtures.temporaryFolder() } catch { return .failure(PackageFailure(text: "\(error)")) }
        let script = Fixtures.root.appendingPathComponent("scripts/package.sh").path
        let scratch = ProcessInfo.processInfo.environment["FROSTLEVEL_PACKAGE_SCRATCH"] ?? ".build-package"
        // xz at level 1 instead of 6: what the tests check is the same, the compression's CPU a fifth.
        let environment = ["SCRATCH_PATH": scratch, "DEB_XZ_LEVEL": "1"]
        guard let built = try? run(script, [folder.path], environment: environment, timeout: 3000) else {
            return .failure(PackageFailure(text: "scripts/package.sh could not be run"))
        }
        let path = built.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard built.status == 0, path.hasSuffix(".deb"), FileManager.default.fileExists(atPath: path) else {
            return .failure(PackageFailure(text: "package.sh exited \(built.status): \(built.stderr.suffix(2000))"))
        }
        return .success(path)
    }()

    struct PackageFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    @Test func theControlFileNamesItsLibrariesAndTheVersionToolsPrint() throws {
        let deb = try Self.package.get()
        let control = try run("dpkg-deb", ["--field", deb])
        #expect(control.status == 0, "\(control.stderr)")
        let fields = Dictionary(
            control.text.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" ") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        let depends = fields["Depends"] ?? ""
        // Computed from the binaries' libraries by dpkg-shlibdeps, not written by hand.
        for library in ["libvips42", "libpoppler-glib8", "libqpdf29", "libtesseract5", "libraw20", "libarchive13"] {
            #expect(depends.contains(library), "\(depends)")
        }
        #expect(!depends.contains("swift"), "\(depends)")
        #expect(fields["Recommends"]?.contains("tesseract-ocr-eng") == true)
        let version = try run("imgtool", ["--version"]).text
        #expect(version.hasPrefix((fields["Version"] ?? "?") + " "), "\(version) \(fields)")
        // The Swift runtime is linked in: the binaries load no library of the toolchain's.
        let unpacked = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: unpacked) }
        try #require(try run("dpkg-deb", ["-x", deb, unpacked.path]).status == 0)
        for tool in ["imgtool", "pdflayout"] {
            let libraries = try run("ldd", [unpacked.path + "/usr/bin/" + tool]).text
            #expect(!libraries.contains("libswift") && !libraries.contains("libFoundation"), "\(libraries)")
        }
        let contents = try run("dpkg-deb", ["--contents", deb]).text
        for path in [
            "./usr/bin/imgtool", "./usr/bin/pdflayout", "./usr/share/man/man1/imgtool.1.gz",
            "./usr/share/man/man1/pdflayout.1.gz", "./usr/share/doc/frostlevel/copyright",
            "./usr/share/doc/frostlevel/changelog.gz", "./usr/share/bash-completion/completions/imgtool",
            "./usr/share/zsh/vendor-completions/_pdflayout", "./usr/share/fish/vendor_completions.d/imgtool.fish",
        ] {
            #expect(contents.contains(path), "\(path) missing")
        }
    }

    @Test func lintianFindsNothing() throws {
        let deb = try Self.package.get()
        let lintian = try run("lintian", ["--fail-on", "error,warning", "--display-info", deb], timeout: 900)
        #expect(lintian.status == 0, "\(lintian.text)\(lintian.stderr)")
        let findings = lintian.text.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func aCleanDebianRootInstallsRunsAndPurgesIt() throws {
        let deb = try Self.package.get()
        let script = Fixtures.root.appendingPathComponent("scripts/clean-root-check.sh").path
        let check = try run(script, [deb], timeout: 1800)
        #expect(check.status == 0, "\(check.text)\(check.stderr.suffix(3000))")
        #expect(check.text.contains("clean root: installed, ran, purged without a file left"), "\(check.text)")
        for job in ["install", "horizon", "blur", "find-text", "spreads"] {
            #expect(check.text.contains("time: \(job) "), "\(check.text)")
        }
    }
}
