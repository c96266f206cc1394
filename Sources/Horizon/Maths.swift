// Small numeric helpers shared by the estimator. (Files that need sin/cos import the C maths
// library themselves, Glibc or Darwin, rather than Foundation.)

let degreesPerRadian = 180.0 / Double.pi

/// Piecewise-linear score: 0 at `zero`, 0.5 at `half` (the gate), 1 at `one`, clamped.
/// Every confidence component uses it, so "0.5" always means "exactly at the gate".
func gateScore(_ value: Double, zero: Double, half: Double, one: Double) -> Double {
    if value <= zero { return 0 }
    if value >= one { return 1 }
    if value < half { return 0.5 * (value - zero) / (half - zero) }
    return 0.5 + 0.5 * (value - half) / (one - half)
}
