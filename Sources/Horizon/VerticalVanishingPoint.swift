#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The vanishing point of a picture's verticals and the roll it implies.
///
/// Upright edges (walls, windows, poles) converge in perspective on one point, above the picture
/// when the camera looks up and below when it looks down. The roll is the direction of that point
/// from the image centre (taken as the principal point), not the mean tilt of the edges, which
/// perspective biases when the camera is pitched.
struct VerticalVanishingPoint {
    /// Roll implied, degrees, project convention (positive = the horizon rises to the right).
    var rollDegrees: Double
    /// The supporting segments.
    var inliers: [EdgeSegment]
    /// Summed inlier length over the image diagonal.
    var inlierLength: Double
    /// Inlier length over the length of every near-vertical segment.
    var share: Double
    /// Length-weighted spread of the inliers' positions across the picture, in picture widths.
    var spread: Double
    /// Columns a twentieth of the picture wide that hold inliers (one pole's two sides are in one).
    var structures: Int
    /// Length-weighted root-mean-square angle between each inlier and the direction to the point.
    var residualDegrees: Double
    /// Image diagonal over the point's distance from the centre: 0 at infinity (a level camera),
    /// larger the more the camera is pitched.
    var nearness: Double
    /// Support of this point over that of the best point implying a roll more than 2° away.
    var rivalRatio: Double
}

/// A 3-vector of homogeneous coordinates (lines and points of the plane).
private struct Homogeneous {
    var x: Double, y: Double, z: Double
    func cross(_ o: Homogeneous) -> Homogeneous {
        Homogeneous(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }
    func dot(_ o: Homogeneous) -> Double { x * o.x + y * o.y + z * o.z }
    var norm: Double { (x * x + y * y + z * z).squareRoot() }
}

/// Finds the vanishing point of the segments within `maxTilt` degrees of vertical: every pair of
/// the longest ones proposes a point, the point with the most length-weighted support within
/// `inlierDegrees` wins, and a robust (biweight) least-squares fit over the segments near it refines it.
func fitVerticalVanishingPoint(
    _ all: [EdgeSegment], width: Double, height: Double, maxTilt: Double,
    inlierDegrees: Double = 1.5, hypothesisLimit: Int = 60
) -> VerticalVanishingPoint? {
    let segments = NearVerticals(all, width: width, height: height, maxTilt: maxTilt, inlierDegrees: inlierDegrees)
    guard segments.near.count >= 2 else { return nil }
    let hypotheses = segments.hypotheses(fromLongest: hypothesisLimit)
    guard let winner = hypotheses.max(by: { $0.support < $1.support }), winner.support > 0 else { return nil }
    let point = segments.refined(from: winner.point)
    let best = (point: point, support: segments.support(point), roll: segments.roll(point))
    let inliers = segments.near.indices.filter { segments.sineError($0, best.point) < segments.limit }
    guard !inliers.isEmpty else { return nil }

    let errors = inliers.map { segments.sineError($0, best.point) }
    return describeFit(
        best, near: segments.near, inliers: inliers, errors: errors, hypotheses: hypotheses,
        frame: (width: width, height: height, scale: segments.scale), totalLength: segments.totalLength)
}

/// The segments within `maxTilt` of vertical, in coordinates centred on the picture and scaled by
/// its half-diagonal, with what the point's search and fit read of them.
private struct NearVerticals {
    let near: [EdgeSegment]
    let scale: Double
    let maxTilt: Double
    /// Sine of `inlierDegrees`: a segment missing the point by less supports it.
    let limit: Double
    /// Each segment's line (unit normal first), middle and direction, in the centred coordinates.
    let lines: [Homogeneous]
    let mids: [(Double, Double)]
    let dirs: [(x: Double, y: Double)]
    let lengths: [Double]
    let totalLength: Double

    init(_ all: [EdgeSegment], width: Double, height: Double, maxTilt: Double, inlierDegrees: Double) {
        let scale = 0.5 * (width * width + height * height).squareRoot()
        let cx = 0.5 * width, cy = 0.5 * height
        near = all.filter { s in
            let d = s.direction
            let tilt = atan2(abs(d.x), abs(d.y)) * degreesPerRadian
            return tilt <= maxTilt
        }
        lines = near.map { s -> Homogeneous in
            let p = Homogeneous(x: (s.x1 - cx) / scale, y: (s.y1 - cy) / scale, z: 1)
            let q = Homogeneous(x: (s.x2 - cx) / scale, y: (s.y2 - cy) / scale, z: 1)
            let l = p.cross(q)
            let n = (l.x * l.x + l.y * l.y).squareRoot()
            return Homogeneous(x: l.x / n, y: l.y / n, z: l.z / n)
        }
        mids = near.map { ((($0.midX - cx) / scale), (($0.midY - cy) / scale)) }
        dirs = near.map { $0.direction }
        lengths = near.map(\.length)
        totalLength = lengths.reduce(0, +)
        self.scale = scale
        self.maxTilt = maxTilt
        limit = sin(inlierDegrees / degreesPerRadian)
    }

    /// Sine of the angle between segment i and the direction from its middle to the point.
    func sineError(_ i: Int, _ v: Homogeneous) -> Double {
        var dx = v.x, dy = v.y
        if abs(v.z) > 1e-9 {
            dx = v.x / v.z - mids[i].0
            dy = v.y / v.z - mids[i].1
        }
        let n = (dx * dx + dy * dy).squareRoot()
        guard n > 1e-12 else { return 1 }
        return abs(dx * dirs[i].y - dy * dirs[i].x) / n
    }

    /// Upward direction through the point from the centre, as a roll.
    func roll(_ v: Homogeneous) -> Double {
        var dx = v.x, dy = v.y
        if dy > 0 || (dy == 0 && dx > 0) {
            dx = -dx
            dy = -dy
        }
        return atan2(-dx, -dy) * degreesPerRadian
    }

    /// Vertical vanishing points lie well outside the picture: at least 1.5 half-diagonals (0.75 of
    /// a diagonal) from the centre, just beyond the corners.
    func plausible(_ v: Homogeneous) -> Bool {
        let planar = (v.x * v.x + v.y * v.y).squareRoot()
        return planar >= 1.5 * abs(v.z) && abs(roll(v)) <= maxTilt
    }

    /// Length-weighted support of the point: each segment within the limit, weighted down the more it misses.
    func support(_ v: Homogeneous) -> Double {
        var total = 0.0
        for i in near.indices {
            let e = sineError(i, v) / limit
            if e < 1 { total += lengths[i] * (1 - e * e) }
        }
        return total
    }

    /// The plausible points where pairs of the `count` longest segments meet, with their support and roll.
    func hypotheses(fromLongest count: Int) -> [(point: Homogeneous, support: Double, roll: Double)] {
        let longest = near.indices.sorted { lengths[$0] > lengths[$1] }.prefix(count)
        var hypotheses: [(point: Homogeneous, support: Double, roll: Double)] = []
        for (n, i) in longest.enumerated() {
            for j in longest.dropFirst(n + 1) {
                var v = lines[i].cross(lines[j])
                let norm = v.norm
                guard norm > 1e-12 else { continue }
                v = Homogeneous(x: v.x / norm, y: v.y / norm, z: v.z / norm)
                guard plausible(v) else { continue }
                hypotheses.append((v, support(v), roll(v)))
            }
        }
        return hypotheses
    }

    /// Iteratively reweighted least squares from the winning pair's point: each inlier weighs its
    /// length times a biweight that falls smoothly to zero at `inlierDegrees`, so a segment near the
    /// limit moves the point a little, not all or nothing, and the roll does not jump when a turned
    /// or resized copy of the picture tips one segment across the limit. Dividing by the squared
    /// distance from the segment's middle to the point (as homogeneous coordinates give it) makes
    /// the algebraic residual l·v the sine of the angle the segment misses the point by, which is
    /// what `support` measures. Every pass is kept: keeping or dropping a refinement would itself be
    /// all or nothing. The support and the roll are read once, at the point the passes end on.
    func refined(from start: Homogeneous) -> Homogeneous {
        let normals = lines.map { [$0.x, $0.y, $0.z] }
        var point = start
        for _ in 0..<6 {
            var m = [[Double]](repeating: [0, 0, 0], count: 3)
            var weighted = 0
            for i in near.indices {
                let e = sineError(i, point) / limit
                guard e < 1 else { continue }
                let dx = point.x - point.z * mids[i].0, dy = point.y - point.z * mids[i].1
                let reach = dx * dx + dy * dy
                guard reach > 1e-12 else { continue }
                let w = lengths[i] * (1 - e * e) * (1 - e * e) / reach
                let l = normals[i]
                for r in 0..<3 { for c in 0..<3 { m[r][c] += w * l[r] * l[c] } }
                weighted += 1
            }
            guard weighted >= 2 else { break }
            let eigen = smallestEigenvector(m)
            let v = Homogeneous(x: eigen[0], y: eigen[1], z: eigen[2])
            guard plausible(v) else { break }
            let moved = abs(abs(v.dot(point)) - 1)
            point = v
            if moved < 1e-14 { break }
        }
        return point
    }
}

/// The fitted point described: its roll, its inliers' share and spread, the structures (columns)
/// they stand in, the residual, how near the point is, and how far ahead of its best rival.
/// `errors` are the inliers' sines (as `sineError` gives them).
private func describeFit(
    _ best: (point: Homogeneous, support: Double, roll: Double), near: [EdgeSegment], inliers: [Int],
    errors: [Double], hypotheses: [(point: Homogeneous, support: Double, roll: Double)],
    frame: (width: Double, height: Double, scale: Double), totalLength: Double
) -> VerticalVanishingPoint {
    let width = frame.width, scale = frame.scale, cy = 0.5 * frame.height
    let lengths = near.map(\.length)
    let dirs = near.map { $0.direction }
    let inlierLength = inliers.reduce(0) { $0 + lengths[$1] }
    let meanX = inliers.reduce(0) { $0 + lengths[$1] * near[$1].midX } / inlierLength
    let varianceX = inliers.reduce(0) { $0 + lengths[$1] * pow(near[$1].midX - meanX, 2) } / inlierLength
    // Columns of a twentieth of the width holding inliers where their lines cross the middle row
    // (not their midpoints: a leaning pole broken into pieces is still one column there). One pole
    // fills one or two, a street many.
    let structures = Set(
        inliers.map { i -> Int in
            let d = dirs[i]
            let x = abs(d.y) > 1e-9 ? near[i].midX + (cy - near[i].midY) * d.x / d.y : near[i].midX
            return min(19, max(0, Int((20 * x / width).rounded(.down))))
        }
    ).count
    let residual =
        (zip(inliers, errors).reduce(0) { $0 + lengths[$1.0] * pow(asin(min(1, $1.1)), 2) }
        / inlierLength).squareRoot() * degreesPerRadian
    let planar = (best.point.x * best.point.x + best.point.y * best.point.y).squareRoot()
    // A missing or feeble rival counts as a tenth of the support: the ratio stays a ratio.
    let rival = max(hypotheses.filter { abs($0.roll - best.roll) > 2 }.map(\.support).max() ?? 0, 0.1 * best.support)
    return VerticalVanishingPoint(
        rollDegrees: best.roll, inliers: inliers.map { near[$0] },
        inlierLength: inlierLength / (2 * scale), share: inlierLength / totalLength,
        spread: varianceX.squareRoot() / width, structures: structures, residualDegrees: residual,
        nearness: 2 * abs(best.point.z) / max(planar, 1e-12), rivalRatio: best.support / max(rival, 1e-12))
}

/// Eigenvector of the smallest eigenvalue of a symmetric 3×3 matrix (cyclic Jacobi rotations).
func smallestEigenvector(_ matrix: [[Double]]) -> [Double] {
    var a = matrix
    var v: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    for _ in 0..<50 {
        let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2]
        if off < 1e-30 { break }
        for (p, q) in [(0, 1), (0, 2), (1, 2)] where abs(a[p][q]) > 1e-300 {
            let theta = (a[q][q] - a[p][p]) / (2 * a[p][q])
            let t = (theta >= 0 ? 1.0 : -1.0) / (abs(theta) + (theta * theta + 1).squareRoot())
            let c = 1 / (t * t + 1).squareRoot(), s = t * c
            for k in 0..<3 {
                let akp = a[k][p], akq = a[k][q]
                a[k][p] = c * akp - s * akq
                a[k][q] = s * akp + c * akq
            }
            for k in 0..<3 {
                let apk = a[p][k], aqk = a[q][k]
                a[p][k] = c * apk - s * aqk
                a[q][k] = s * apk + c * aqk
            }
            for k in 0..<3 {
                let vkp = v[k][p], vkq = v[k][q]
                v[k][p] = c * vkp - s * vkq
                v[k][q] = s * vkp + c * vkq
            }
        }
    }
    let smallest = (0..<3).min { a[$0][$0] < a[$1][$1] }!
    return [v[0][smallest], v[1][smallest], v[2][smallest]]
}
