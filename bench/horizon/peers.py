"""The peers, each as the recipe the shared note describes. Every method takes a path and returns
a tilt in degrees (its own sign; bench.py calibrates it on a drawn line) or None (abstained).
Python methods read the photo with OpenCV and analyse it at 1024 px, like imgtool."""
import json
import math
import subprocess

import cv2
import numpy as np

from bench.horizon.corpus import load_grey


def imgtool(binary):
    def detect(path):
        out = subprocess.run([binary, "horizon", "--json", path], capture_output=True, text=True)
        record = json.loads(out.stdout)
        return record["angle"] if record["found"] else None
    return detect


def imagemagick_deskew(path):
    # Radon transform of a 40 %-threshold image, meant for scanned text; at most atan(1/8) ≈ 7.1°.
    out = subprocess.run(["convert", path, "-resize", "1024x1024", "-deskew", "40%", "-format", "%[deskew:angle]", "info:"],
                         capture_output=True, text=True).stdout.strip()
    try:
        return float(out)
    except ValueError:
        return None


def python_deskew(path):
    from deskew import determine_skew
    angle = determine_skew(load_grey(path).astype(np.uint8))
    return None if angle is None else float(angle)


def opencv_hough(path):
    # Canny, then HoughLines restricted to near-horizontal lines (normal at 60°…120°), 0.1° steps;
    # the strongest line is the horizon.
    grey = load_grey(path).astype(np.uint8)
    edges = cv2.Canny(cv2.GaussianBlur(grey, (5, 5), 0), 50, 150)
    lines = cv2.HoughLines(edges, 1, math.radians(0.1), threshold=int(0.15 * grey.shape[1]),
                           min_theta=math.radians(60), max_theta=math.radians(120))
    if lines is None:
        return None
    theta = float(lines[0][0][1])
    return math.degrees(theta) - 90


def opencv_lsd(path):
    # LSD segments within 30° of horizontal; the length-weighted mode of their angles (0.1° bins,
    # smoothed over ±0.3°), refined by the weighted mean around it.
    grey = load_grey(path).astype(np.uint8)
    segments = cv2.createLineSegmentDetector().detect(grey)[0]
    if segments is None:
        return None
    segments = segments.reshape(-1, 4)
    x1, y1, x2, y2 = segments[:, 0], segments[:, 1], segments[:, 2], segments[:, 3]
    angles = np.degrees(np.arctan2(y2 - y1, x2 - x1))
    angles = (angles + 90) % 180 - 90
    lengths = np.hypot(x2 - x1, y2 - y1)
    keep = (np.abs(angles) < 30) & (lengths > 0.05 * grey.shape[1])
    if not keep.any():
        return None
    bins = np.arange(-30, 30.05, 0.1)
    histogram, _ = np.histogram(angles[keep], bins=bins, weights=lengths[keep])
    smooth = np.convolve(histogram, np.ones(7), mode="same")
    mode = float(bins[int(np.argmax(smooth))] + 0.05)
    # Refined: the length-weighted mean of the segments within 0.5° of the mode.
    near = keep & (np.abs(angles - mode) <= 0.5)
    return float(np.average(angles[near], weights=lengths[near]))


def skimage_hough(path):
    # scikit-image canny + hough_line over normals within 30° of vertical (near-horizontal lines),
    # 0.1° steps; the strongest peak.
    from skimage.feature import canny
    from skimage.transform import hough_line, hough_line_peaks
    grey = load_grey(path) / 255.0
    edges = canny(grey, sigma=2)
    thetas = np.radians(np.concatenate([np.arange(-90, -60, 0.1), np.arange(60, 90, 0.1)]))
    accumulator, angles, distances = hough_line(edges, theta=thetas)
    _, peak_angles, _ = hough_line_peaks(accumulator, angles, distances, num_peaks=1)
    if len(peak_angles) == 0:
        return None
    normal = math.degrees(float(peak_angles[0]))
    return normal - 90 if normal > 0 else normal + 90


def _lsd_vertical_segments(path, max_tilt=20.0, min_length=0.03):
    """LSD segments within `max_tilt` of vertical, at most 1024 px on the long side (never enlarged):
    end points (pointing up), tilts (degrees, top leaning left = positive) and lengths."""
    grey = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    scale = min(1.0, 1024 / max(grey.shape))
    if scale < 1:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    segments = cv2.createLineSegmentDetector().detect(grey)[0]
    if segments is None:
        return None
    s = segments.reshape(-1, 4).astype(np.float64)
    up = s[:, 3] > s[:, 1]  # make (x1, y1) the lower end, (x2, y2) the upper one
    s[up] = s[up][:, [2, 3, 0, 1]]
    dx, dy = s[:, 2] - s[:, 0], s[:, 3] - s[:, 1]
    tilt = np.degrees(np.arctan2(-dx, -dy))
    length = np.hypot(dx, dy)
    keep = (np.abs(tilt) < max_tilt) & (length > min_length * max(grey.shape))
    if keep.sum() < 2:
        return None
    return s[keep], tilt[keep], length[keep], grey.shape


def lsd_verticals(path):
    # The recipe of issue 12: LSD segments within 20° of vertical, the length-weighted median of their tilt.
    found = _lsd_vertical_segments(path, min_length=0.0)
    if found is None:
        return None
    _, tilt, length, _ = found
    order = np.argsort(tilt)
    cumulative = np.cumsum(length[order])
    return float(tilt[order][np.searchsorted(cumulative, cumulative[-1] / 2)])


def lsd_vertical_vp(path):
    # Stronger classical recipe: the vertical vanishing point of the same segments (RANSAC over pairs in
    # homogeneous coordinates, then a length-weighted least-squares refinement of the inliers); the roll is
    # the direction of that point from the image centre, so converging verticals (camera looking up or down)
    # are read without the bias of their mean tilt. Abstains with fewer than 3 consistent segments.
    found = _lsd_vertical_segments(path)
    if found is None:
        return None
    s, tilt, length, shape = found
    height, width = shape
    centre = np.array([width / 2, height / 2])
    norm = max(width, height)
    p1 = np.column_stack([(s[:, :2] - centre) / norm, np.ones(len(s))])
    p2 = np.column_stack([(s[:, 2:] - centre) / norm, np.ones(len(s))])
    lines = np.cross(p1, p2)
    lines /= np.linalg.norm(lines[:, :2], axis=1, keepdims=True)
    rng = np.random.default_rng(0)
    best, best_score = None, -1.0
    for _ in range(300):
        i, j = rng.choice(len(s), 2, replace=False)
        vp = np.cross(lines[i], lines[j])
        if np.linalg.norm(vp) < 1e-12:
            continue
        vp /= np.linalg.norm(vp)
        # angular consistency: the angle between each segment and the line from its midpoint to the VP
        mid = (p1[:, :2] + p2[:, :2]) / 2
        to_vp = vp[:2] - mid * vp[2]
        seg = p2[:, :2] - p1[:, :2]
        cos = np.abs(np.sum(to_vp * seg, axis=1)) / (np.linalg.norm(to_vp, axis=1) * np.linalg.norm(seg, axis=1) + 1e-12)
        inliers = cos > math.cos(math.radians(1.0))
        score = length[inliers].sum()
        if score > best_score:
            best, best_score = inliers, score
    if best is None or best.sum() < 3:
        return None
    # refinement: the point minimising the weighted squared distances to the inlier lines
    a = lines[best] * np.sqrt(length[best])[:, None]
    _, _, vt = np.linalg.svd(a)
    vp = vt[-1]
    if abs(vp[2]) < 1e-9:
        direction = vp[:2]
    else:
        direction = vp[:2] / vp[2]
        if abs(vp[2]) > 1e-9 and np.linalg.norm(direction) < 0.5:  # a VP inside the picture: not verticals
            return None
    if direction[1] > 0:
        direction = -direction
    return float(math.degrees(math.atan2(-direction[0], -direction[1])))


PEERS = [
    ("ImageMagick -deskew 40%", imagemagick_deskew),
    ("python deskew", python_deskew),
    ("OpenCV HoughLines", opencv_hough),
    ("OpenCV LSD", opencv_lsd),
    ("scikit-image hough_line", skimage_hough),
    ("LSD verticals (median tilt)", lsd_verticals),
    ("LSD vertical vanishing point", lsd_vertical_vp),
]
