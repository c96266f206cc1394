import TestSupport
import Testing

/// The test tiers (docs/TESTING.md). Every suite carries exactly one of them in its `@Suite`
/// attribute, `@Suite(.tags(.fast))`; `scripts/tiers.py check` fails on a suite without one, and
/// `scripts/test.sh fast|tools|external` runs one tier (swift test selects by name, so the script
/// turns a tier into its suites' names).
extension Tag {
    /// Pure cores, the C library faces and the engines, called in process: a developer runs these
    /// after each change; AddressSanitizer runs them in CI.
    @Tag public static var fast: Self
    /// The built `imgtool` and `pdflayout` run as a user runs them: arguments, files, pipes, exit
    /// statuses and messages; one end-to-end test per command and format.
    @Tag public static var tools: Self
    /// Round trips through other programs and large inputs: browsers (Chromium), EPUBCheck's JVMs,
    /// RawTherapee and darktable, Slurm and sshd, exiftool and OCR over many documents, fuzzing,
    /// kills and interrupts.
    @Tag public static var external: Self
    /// Within the tools tier: the few end-to-end runs CI repeats under AddressSanitizer, one per
    /// command family, so the binaries' own start-up, argument and output paths are instrumented too.
    @Tag public static var sanitizerSmoke: Self
}
