/// The one rounding of sizes and positions in points that every `--json` record uses: thousandths
/// of a point (finer than any renderer, free of binary noise like 595.2760009765625). Text (and the web reader's word boxes) shows
/// hundredths.
public enum Points {
    public static func json(_ value: Double) -> Double {
        let result = (value * 1000).rounded() / 1000
        return result == 0 ? 0 : result
    }

    /// "595.28", "612": hundredths for people.
    public static func text(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }
}
