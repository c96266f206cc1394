/// The one version both tools print with `--version` (and the man pages carry).
public enum ToolVersion {
    public static let current = "0.9.0"
}
