import Foundation

/// A one-line progress bar with count, rate and ETA on stderr, drawn only when stderr is a
/// terminal (never into pipes or logs) and not with `-q`. Lines printed while it shows go
/// through `printing`, which clears the bar first and redraws it after.
public final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    public let isEnabled: Bool
    private let label: String
    private let unit: String
    private let total: Int
    private var done = 0
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var showing = false

    /// `minimum`: shorter jobs finish before a bar helps; it would only flicker.
    public init(label: String, total: Int, unit: String = "", quiet: Bool, minimum: Int = 2) {
        self.label = label
        self.total = total
        self.unit = unit
        isEnabled = !quiet && total >= minimum && Console.errorIsTerminal
    }

    public func advance(by steps: Int = 1) {
        guard isEnabled else { return }
        lock.withLock {
            done += steps
            let now = Date()
            guard done >= total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = now
            draw(now: now)
        }
    }

    /// Runs `body` (which prints lines) with the bar cleared, then redraws it.
    public func printing(_ body: () -> Void) {
        guard isEnabled else { return body() }
        lock.withLock {
            clear()
            body()
            draw(now: Date())
        }
    }

    /// Clears the line so that whatever follows starts clean.
    public func finish() {
        guard isEnabled else { return }
        lock.withLock { clear() }
    }

    private func clear() {
        guard showing else { return }
        Console.writeError("\r\u{1B}[K")
        showing = false
    }

    private func draw(now: Date) {
        let width = 24, filled = total > 0 ? min(width, width * done / total) : width
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var line = "\r\(label) [\(bar)] \(done)/\(total)\(unit)"
        let elapsed = now.timeIntervalSince(start)
        if done > 0, elapsed > 0.2 {
            let rate = Double(done) / elapsed
            line += String(format: " · %.1f/s", rate)
            if done < total { line += " · ETA " + Self.clock(Double(total - done) / rate) }
        }
        Console.writeError(line + "\u{1B}[K")
        showing = true
    }

    /// 75 → "1:15", 4000 → "1:06:40".
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
    }
}
