"""Tool-assisted measurement of a photo's own roll (LABELLING.md, "Measurement protocol").

A person picks the level reference and its rough end points on a gridded view; this tool finds the edge
to sub-pixel accuracy along it, fits the line robustly and draws the fit on zooms of both ends and the
middle, so the person can check it lies on the feature. Angles are in degrees, positive when the
horizon rises to the right on screen (the corpus's truth convention). Run it from the repository's root as
`python3 -m bench.horizon.measure`, written measure.py below.

    measure.py grid PHOTO OUT.png                       # reduced view, grid labelled in full-size pixels
    measure.py line PHOTO X1 Y1 X2 Y2 OUT.png [--band 12]
                                                        # a level edge (sea horizon, water line, plain)
    measure.py verticals PHOTO OUT.png X1 Y1 X2 Y2 [X1 Y1 X2 Y2 ...] [--band 8]
                                                        # one or more vertical edges: the roll is the
                                                        # direction of their vanishing point from the centre
    ... --record FILE --id ID --reader NAME [--note TEXT]   # appends the result as one JSON line
    measure.py none --record FILE --id ID --reader NAME --note WHY   # no level reference

Coordinates are full-size pixels of the upright photo (EXIF orientation applied), x right, y down.
"""
import argparse
import json
import math
import sys

import cv2
import numpy as np
from PIL import Image, ImageOps


def load_grey(path):
    image = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
    rgb = np.asarray(image)
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY).astype(np.float32)
    return rgb, grey


def grid(path, out):
    rgb, _ = load_grey(path)
    h, w = rgb.shape[:2]
    scale = min(1.0, 1400 / w, 1000 / h)
    view = cv2.resize(rgb, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    view = cv2.cvtColor(view, cv2.COLOR_RGB2BGR)
    overlay = view.copy()
    for i in range(1, 10):
        x = round(i * view.shape[1] / 10)
        cv2.line(overlay, (x, 0), (x, view.shape[0]), (0, 255, 255), 1)
        y = round(i * view.shape[0] / 10)
        cv2.line(overlay, (0, y), (view.shape[1], y), (255, 255, 0), 1)
    view = cv2.addWeighted(overlay, 0.5, view, 0.5, 0)
    for i in range(1, 10):
        x = round(i * view.shape[1] / 10)
        y = round(i * view.shape[0] / 10)
        for text, at in ((str(round(x / scale)), (x + 3, 16)), (str(round(y / scale)), (3, y - 4))):
            cv2.putText(view, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 3)
            cv2.putText(view, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1)
    if out is None:
        return view
    cv2.imwrite(out, view)
    print(json.dumps({"width": w, "height": h, "view_scale": round(scale, 4)}))


def montage(out, pictures, names):
    """Up to four pictures, two by two, each 760 px wide with its name above it."""
    tiles = []
    for picture, name in zip(pictures, names):
        scale = 760 / picture.shape[1]
        tile = cv2.resize(picture, (760, round(picture.shape[0] * scale)), interpolation=cv2.INTER_AREA)
        label = np.full((22, 760, 3), 255, np.uint8)
        cv2.putText(label, name.split("/")[-1], (4, 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
        tiles.append(np.vstack([label, tile]))
    height = max(t.shape[0] for t in tiles)
    tiles = [np.pad(t, ((0, height - t.shape[0]), (4, 4), (0, 0)), constant_values=255) for t in tiles]
    while len(tiles) % 2:
        tiles.append(np.full_like(tiles[0], 255))
    rows = [np.hstack(tiles[i:i + 2]) for i in range(0, len(tiles), 2)]
    cv2.imwrite(out, np.vstack(rows))


def edge_points(grey, p1, p2, band):
    """Sub-pixel edge points across the rough segment p1–p2, every 2 px along it."""
    smooth = cv2.GaussianBlur(grey, (0, 0), 1.2)
    (x1, y1), (x2, y2) = p1, p2
    horizontal = abs(x2 - x1) >= abs(y2 - y1)
    g = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3) if horizontal else cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3)
    h, w = grey.shape
    along = (x1, x2) if horizontal else (y1, y2)
    lo, hi = sorted(along)
    samples = []
    for t in np.arange(lo, hi + 1, 2.0):
        f = (t - along[0]) / (along[1] - along[0]) if along[1] != along[0] else 0
        centre = (y1 + f * (y2 - y1)) if horizontal else (x1 + f * (x2 - x1))
        a, b = int(max(1, centre - band)), int(min((h if horizontal else w) - 2, centre + band))
        ti = int(round(t))
        if b <= a or not (0 <= ti < (w if horizontal else h)):
            continue
        profile = g[a:b + 1, ti] if horizontal else g[ti, a:b + 1]
        samples.append((t, a, profile))
    if not samples:
        return horizontal, np.zeros((0, 2))
    # One polarity for the whole feature: the sign of the summed strongest responses.
    sign = np.sign(sum(p[np.argmax(np.abs(p))] for _, _, p in samples)) or 1.0
    points = []
    for t, a, profile in samples:
        signed = profile * sign
        k = int(np.argmax(signed))
        if signed[k] <= 0 or k == 0 or k == len(signed) - 1:
            continue
        l, c, r = signed[k - 1], signed[k], signed[k + 1]
        denom = l - 2 * c + r
        offset = 0.5 * (l - r) / denom if denom != 0 else 0.0
        across = a + k + offset
        points.append((t, across) if horizontal else (across, t))
    return horizontal, np.array(points, dtype=np.float64)


def fit_line(points, tol=1.5, iterations=400, seed=1):
    """RANSAC (points within tol px), then Tukey-weighted total least squares. Returns centre,
    unit direction, inlier mask, residual sd."""
    rng = np.random.default_rng(seed)
    n = len(points)
    best = None
    for _ in range(iterations):
        i, j = rng.choice(n, 2, replace=False)
        d = points[j] - points[i]
        norm = np.hypot(*d)
        if norm < 1e-6:
            continue
        normal = np.array([-d[1], d[0]]) / norm
        dist = np.abs((points - points[i]) @ normal)
        count = int((dist < tol).sum())
        if best is None or count > best[0]:
            best = (count, dist < tol)
    mask = best[1]
    weights = mask.astype(float)
    for _ in range(10):
        centre = (points * weights[:, None]).sum(0) / weights.sum()
        q = (points - centre) * np.sqrt(weights)[:, None]
        _, _, vt = np.linalg.svd(q, full_matrices=False)
        direction = vt[0]
        normal = np.array([-direction[1], direction[0]])
        r = (points - centre) @ normal
        c = 4.685 * max(1.4826 * np.median(np.abs(r[mask])), 0.3)
        weights = np.where(np.abs(r) < c, (1 - (r / c) ** 2) ** 2, 0.0)
    inliers = np.abs(r) < 3 * max(1.4826 * np.median(np.abs(r[mask])), 0.3)
    sd = float(np.std(r[inliers]))
    return centre, direction, inliers, sd


def roll_of_direction(direction):
    dx, dy = direction
    if dx < 0:
        dx, dy = -dx, -dy
    return -math.degrees(math.atan2(dy, dx))


def angle_se(points, inliers, direction, sd):
    t = (points[inliers] - points[inliers].mean(0)) @ direction
    return math.degrees(sd / math.sqrt(max(((t - t.mean()) ** 2).sum(), 1e-9)))


def measure_line(path, p1, p2, band):
    rgb, grey = load_grey(path)
    h, w = grey.shape
    horizontal, pts = edge_points(grey, p1, p2, band)
    if len(pts) < 20:
        sys.exit("too few edge points: widen --band or check the end points")
    centre, direction, inliers, sd = fit_line(pts)
    # Second pass: a narrow band about the first fit, so rough end points are enough.
    (x1, y1), (x2, y2) = p1, p2
    if horizontal:
        ends = [(x, centre[1] + (x - centre[0]) * direction[1] / direction[0]) for x in (x1, x2)]
    else:
        ends = [(centre[0] + (y - centre[1]) * direction[0] / direction[1], y) for y in (y1, y2)]
    _, narrow = edge_points(grey, ends[0], ends[1], 6)
    if len(narrow) >= 20:
        pts = narrow
        centre, direction, inliers, sd = fit_line(pts)
    roll = roll_of_direction(direction) if horizontal else None
    result = {"kind": "line", "points": len(pts), "inliers": round(float(inliers.mean()), 3),
              "residual_sd_px": round(sd, 2), "span_px": round(float(np.ptp(pts[:, 0])), 0),
              "roll": round(roll, 3), "se": round(angle_se(pts, inliers, direction, sd), 4),
              "ends": [list(map(float, p1)), list(map(float, p2))]}
    # Independent checks: the straight fit over the span symmetric about the centre column (lens bow
    # cancels), its two halves, and the tangent at the centre column of a robust quadratic.
    xs = pts[:, 0]
    half = min(w / 2 - xs.min(), xs.max() - w / 2)
    checks = {}
    if half > 0.1 * w:
        sym = pts[np.abs(xs - w / 2) <= half]
        _, d_sym, _, _ = fit_line(sym)
        checks["symmetric"] = round(roll_of_direction(d_sym), 3)
    mid = np.median(xs)
    for name, part in (("left_half", pts[xs <= mid]), ("right_half", pts[xs > mid])):
        if len(part) >= 15:
            _, d_part, _, _ = fit_line(part)
            checks[name] = round(roll_of_direction(d_part), 3)
    good = pts[inliers]
    xc = good[:, 0] - w / 2
    coefficients = np.polyfit(xc, good[:, 1], 2)
    checks["centre_tangent"] = round(-math.degrees(math.atan(coefficients[1])), 3)
    result["checks"] = checks
    draw(rgb, [(pts, inliers, centre, direction)], result)
    return result, rgb


def measure_verticals(path, segments, band):
    rgb, grey = load_grey(path)
    h, w = grey.shape
    fits = []
    for x1, y1, x2, y2 in segments:
        _, pts = edge_points(grey, (x1, y1), (x2, y2), band)
        if len(pts) < 10:
            sys.exit(f"too few edge points on segment {x1},{y1},{x2},{y2}")
        centre, direction, inliers, sd = fit_line(pts)
        fits.append((pts, inliers, centre, direction))
    ups = []
    for _, _, _, d in fits:
        up = d if d[1] < 0 else -d
        ups.append(up)
    rolls = [round(-math.degrees(math.atan2(u[0], -u[1])), 3) for u in ups]
    if len(fits) == 1:
        roll = rolls[0]
        vp = None
    else:
        # Least-squares intersection of all lines (homogeneous), then the direction from the centre.
        rows = []
        for _, _, c, d in fits:
            n = np.array([-d[1], d[0]])
            rows.append([n[0], n[1], -(n @ c)])
        _, _, vt = np.linalg.svd(np.array(rows))
        v = vt[-1]
        if abs(v[2]) < 1e-12 * max(abs(v[0]), abs(v[1])):
            up = np.array([v[0], v[1]])
            up = up if up[1] < 0 else -up
        else:
            p = v[:2] / v[2]
            up = p - np.array([w / 2, h / 2])
            up = up if up[1] < 0 else -up
        roll = -math.degrees(math.atan2(up[0], -up[1]))
        vp = None if abs(v[2]) < 1e-12 else [round(float(v[0] / v[2]), 1), round(float(v[1] / v[2]), 1)]
    result = {"kind": "verticals", "roll": round(roll, 3), "each_edge_tilt": rolls, "vanishing_point": vp,
              "segments": [list(map(float, s)) for s in segments]}
    draw(rgb, fits, result)
    return result, rgb


def draw(rgb, fits, result):
    result["_fits"] = fits


def render(rgb, result, out):
    fits = result.pop("_fits")
    h, w = rgb.shape[:2]
    base = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
    scale = min(1.0, 1200 / w, 700 / h)
    view = cv2.resize(base, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    zooms = []
    for pts, inliers, centre, direction in fits:
        far = 2 * max(w, h)
        a = centre - far * direction
        b = centre + far * direction
        cv2.line(view, tuple(np.round(a * scale).astype(int)), tuple(np.round(b * scale).astype(int)), (0, 0, 255), 1)
        order = np.argsort(pts[:, 0] if abs(direction[0]) > abs(direction[1]) else pts[:, 1])
        spots = [pts[order[len(order) // 20]], pts[order[len(order) // 2]], pts[order[-1 - len(order) // 20]]]
        for spot in spots:
            zoom_factor, half_w, half_h = 4, 40, 25
            x0, y0 = int(spot[0]) - half_w, int(spot[1]) - half_h
            crop = np.zeros((2 * half_h, 2 * half_w, 3), np.uint8)
            sx0, sy0 = max(x0, 0), max(y0, 0)
            sx1, sy1 = min(x0 + 2 * half_w, w), min(y0 + 2 * half_h, h)
            crop[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = base[sy0:sy1, sx0:sx1]
            big = cv2.resize(crop, (2 * half_w * zoom_factor, 2 * half_h * zoom_factor), interpolation=cv2.INTER_NEAREST)
            pa = (a - [x0, y0]) * zoom_factor
            pb = (b - [x0, y0]) * zoom_factor
            cv2.line(big, tuple(np.round(pa).astype(int)), tuple(np.round(pb).astype(int)), (0, 0, 255), 1)
            for p, ok in zip(pts, inliers):
                q = (p - [x0, y0]) * zoom_factor
                if 0 <= q[0] < big.shape[1] and 0 <= q[1] < big.shape[0]:
                    cv2.circle(big, (int(q[0]), int(q[1])), 2, (0, 255, 0) if ok else (255, 0, 255), -1)
            zooms.append(big)
    rows = [zooms[i:i + 3] for i in range(0, len(zooms), 3)]
    strips = []
    for row in rows[:3]:
        while len(row) < 3:
            row = row + [np.zeros_like(zooms[0])]
        strips.append(np.hstack([np.pad(z, ((2, 2), (2, 2), (0, 0)), constant_values=255) for z in row]))
    panel = np.vstack(strips)
    width = max(view.shape[1], panel.shape[1])
    def widen(im):
        return np.pad(im, ((0, 0), (0, width - im.shape[1]), (0, 0)))
    cv2.imwrite(out, np.vstack([widen(view), widen(panel)]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["grid", "gridsheet", "montage", "line", "verticals", "none"])
    parser.add_argument("args", nargs="*")
    parser.add_argument("--band", type=float, default=None)
    parser.add_argument("--record")
    parser.add_argument("--id")
    parser.add_argument("--reader")
    parser.add_argument("--note", default="")
    opts = parser.parse_args()
    if opts.command == "grid":
        grid(opts.args[0], opts.args[1])
        return
    if opts.command == "gridsheet":  # gridsheet OUT.png PHOTO... : grids of up to 4 photos, 2 by 2
        montage(opts.args[0], [grid(photo, None) for photo in opts.args[1:]], opts.args[1:])
        return
    if opts.command == "montage":  # montage OUT.png IMAGE... : up to 4 pictures, 2 by 2
        montage(opts.args[0], [cv2.imread(p) for p in opts.args[1:]], opts.args[1:])
        return
    if opts.command == "none":
        result = {"kind": "none"}
    elif opts.command == "line":
        path, x1, y1, x2, y2, out = opts.args[0], *map(float, opts.args[1:5]), opts.args[5]
        result, rgb = measure_line(path, (x1, y1), (x2, y2), opts.band or 12)
        render(rgb, result, out)
    else:
        path, out, numbers = opts.args[0], opts.args[1], list(map(float, opts.args[2:]))
        if len(numbers) % 4 or not numbers:
            sys.exit("verticals: give X1 Y1 X2 Y2 per edge")
        result, rgb = measure_verticals(path, [numbers[i:i + 4] for i in range(0, len(numbers), 4)], opts.band or 8)
        render(rgb, result, out)
    print(json.dumps(result))
    if opts.record:
        if not (opts.id and opts.reader):
            sys.exit("--record needs --id and --reader")
        with open(opts.record, "a") as f:
            f.write(json.dumps({"id": opts.id, "reader": opts.reader, "note": opts.note, **result}) + "\n")


if __name__ == "__main__":
    main()
