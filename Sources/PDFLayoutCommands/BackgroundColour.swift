import CoreTypes

/// `--background`: any colour of the shared syntax (`grey`, `#RRGGBBAA`, `transparent`, ...).
enum BackgroundColour {
    static func parse(_ text: String) -> Colour? {
        guard let colour = try? Colour.parse(text) else { return nil }
        return colour.with(alpha: colour.opacity)
    }
}
