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

/// The value `sorted()[rank]` would hold, found by selection in expected linear time (Hoare's
/// quickselect with a median-of-three pivot); the array's order is changed. No value may be NaN.
func selectValue(_ values: inout [Float], rank: Int) -> Float {
    precondition(values.indices.contains(rank))
    return values.withUnsafeMutableBufferPointer { v in
        var low = 0, high = v.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            if v[middle] < v[low] { v.swapAt(middle, low) }
            if v[high] < v[low] { v.swapAt(high, low) }
            if v[high] < v[middle] { v.swapAt(high, middle) }
            let pivot = v[middle]
            var i = low, j = high
            while i <= j {
                while v[i] < pivot { i += 1 }
                while pivot < v[j] { j -= 1 }
                if i <= j {
                    v.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j {
                high = j
            } else if rank >= i {
                low = i
            } else {
                break  // between j and i every value equals the pivot
            }
        }
        return v[rank]
    }
}
