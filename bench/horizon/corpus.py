"""The benchmark corpus: real photos turned by known angles, and photos without a horizon.

Ground truth. Three sources were measured level within ±0.1° when the test assets were made
(Assets/LICENSES.md: summer_1am, DarkestHour, ColdRipple): a turned copy's truth is the turn.
The other sources' own tilt is unknown (EveningGlow's shoreline was measured at +0.25° but its
far shore disagrees), so bench.py scores them relative to each method's reading of the unturned
photo. Turned copies are cropped to the largest centred rectangle of the original proportions
(minus 4 px), so no wedge adds edges.
"""
import math
import os

import cv2
import numpy as np

WALL = "/usr/share/wallpapers/{}/contents/images/{}.jpg"

# name, path, kind: "horizon" = a clear water horizon or shoreline across the picture;
# "partial" = the horizon is broken up (sea between trees and huts; a reedy shore under a hill).
HORIZONS = [
    ("summer_1am", WALL.format("summer_1am", "2560x1600"), "horizon"),
    ("DarkestHour", WALL.format("DarkestHour", "2560x1600"), "horizon"),
    ("ColdRipple", WALL.format("ColdRipple", "2560x1600"), "horizon"),
    ("EveningGlow", WALL.format("EveningGlow", "2560x1600"), "horizon"),
    ("skagen", "{pkgs}/usr/share/kphotoalbum/demo/skagen.jpg", "horizon"),
    ("maldives", "{pkgs}/usr/share/sddm/themes/maldives/background.jpg", "partial"),
    ("digikam-lake", "{pkgs}/usr/share/digikam/about/images/body-background.jpg", "partial"),
]

NO_HORIZON = [
    ("Kite", WALL.format("Kite", "1920x1080")),
    ("FallenLeaf", WALL.format("FallenLeaf", "1920x1080")),
    ("OneStandsOut", WALL.format("OneStandsOut", "1920x1080")),
    ("ColorfulCups", WALL.format("ColorfulCups", "2560x1600")),
    ("Grey", WALL.format("Grey", "1920x1080")),
]
# Sharp diagonal planks in front of a blurred shore: counted with the no-horizon photos.
DISTRACTORS = [("BytheWater", WALL.format("BytheWater", "1920x1080"))]

ANGLES = [0, 0.5, -0.8, 1.2, -1.7, 2.5, -3.3, 4, -5.5, 7, -8.5, 10, -12, 15]
NO_HORIZON_ANGLES = [0, 3, -7, 12]
LONG_SIDE = 1920  # corpus photos: a typical screen-size photo


def load_grey(path, long_side=1024):
    image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    scale = long_side / max(image.shape)
    return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA).astype(np.float32)


def turned(image, degrees):
    """The picture turned counter-clockwise by `degrees` (a level horizon then rises to the right),
    cropped to the centred same-aspect rectangle, minus 4 px."""
    height, width = image.shape[:2]
    if degrees == 0:
        return image
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)  # OpenCV: CCW positive
    s, c = abs(math.sin(math.radians(degrees))), abs(math.cos(math.radians(degrees)))
    k = min(width / (width * c + height * s), height / (width * s + height * c))
    w, h = int(k * width) - 4, int(k * height) - 4
    rotated = cv2.warpAffine(image, matrix, (width, height), flags=cv2.INTER_CUBIC, borderMode=cv2.BORDER_REPLICATE)
    x, y = (width - w) // 2, (height - h) // 2
    return rotated[y:y + h, x:x + w]


def build(work, pkgs):
    """Writes the corpus as JPEG (quality 92) and returns [(path, kind, truth, source)], truth None
    for photos without a horizon."""
    folder = os.path.join(work, "corpus")
    os.makedirs(folder, exist_ok=True)
    cases = []
    for name, path, kind in HORIZONS:
        path = path.format(pkgs=pkgs)
        if not os.path.exists(path):
            continue
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        scale = LONG_SIDE / max(image.shape[:2])
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
        for angle in ANGLES:
            out = os.path.join(folder, f"h_{name}_{angle:+.1f}.jpg")
            if not os.path.exists(out):
                cv2.imwrite(out, turned(image, angle), [cv2.IMWRITE_JPEG_QUALITY, 92])
            cases.append((out, kind, float(angle), name))
    for kind, group in (("none", NO_HORIZON), ("distractor", DISTRACTORS)):
        for name, path in group:
            if not os.path.exists(path):
                continue
            image = cv2.imread(path, cv2.IMREAD_COLOR)
            for angle in NO_HORIZON_ANGLES:
                out = os.path.join(folder, f"n_{name}_{angle:+.1f}.jpg")
                if not os.path.exists(out):
                    cv2.imwrite(out, turned(image, angle), [cv2.IMWRITE_JPEG_QUALITY, 92])
                cases.append((out, kind, None, name))
    return cases


def drawn_slope(degrees=5.0, width=1024, height=640):
    """A boundary drawn rising to the right by `degrees`: calibrates each method's sign."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    boundary = height / 2 - (xs + 0.5 - width / 2) * math.tan(math.radians(degrees))
    cover = np.clip(ys + 1 - boundary, 0, 1)
    return (200 + (70 - 200) * cover).astype(np.uint8)
