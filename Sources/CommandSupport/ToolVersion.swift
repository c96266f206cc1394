/// The one version both tools print with `--version` (and the man pages and the Debian package
/// carry: scripts/package.sh reads it here).
public enum ToolVersion {
    public static let current = "0.9.0"

    /// What `--version` prints: the version and the kind of build, so that a report says which
    /// binary it came from (a debug build is several times slower at horizon analysis).
    public static let described = "\(current) (\(build) build)"

    #if DEBUG
    static let build = "debug"
    #else
    static let build = "release"
    #endif
}
