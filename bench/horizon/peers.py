"""The peers, each as the recipe the shared note describes. Every method takes a path and returns
a tilt in degrees (its own sign; bench.py calibrates it on a drawn line) or None (abstained).
Python methods read the photo with OpenCV and analyse it at 1024 px, like imgtool."""
import json
import math
import subprocess

import cv2
import numpy as np

from corpus import load_grey


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


PEERS = [
    ("ImageMagick -deskew 40%", imagemagick_deskew),
    ("python deskew", python_deskew),
    ("OpenCV HoughLines", opencv_hough),
    ("OpenCV LSD", opencv_lsd),
    ("scikit-image hough_line", skimage_hough),
]
