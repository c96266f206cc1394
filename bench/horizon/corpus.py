"""Helpers of the horizon bench: the turned copy (turned), a drawn boundary rising by a known angle
(drawn_slope, for calibrating each method's sign) and the 1024-px grey image the Python peers analyse
(load_grey). The corpus itself is manifest.csv, built by fetch_corpus.py (LABELLING.md); the first seven
horizon photos and six without one that this file used to list are now part of it or were left out there."""
import math

import cv2
import numpy as np


def load_grey(path, long_side=1024):
    image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    scale = long_side / max(image.shape)
    return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA).astype(np.float32)


def derived(image, variant):
    """A derived variant of a source photo (the `~variant` suffix of its id; LABELLING.md, Shore Livecams):
    'small' = reduced to 640 px on the long side (INTER_AREA), 'portrait' = the centred 9:16 crop at full
    height, '' = the photo itself. Both keep the pixel grid's orientation, so the roll is unchanged."""
    if variant == "small":
        s = 640 / max(image.shape[:2])
        return cv2.resize(image, (round(image.shape[1] * s), round(image.shape[0] * s)), interpolation=cv2.INTER_AREA)
    if variant == "portrait":
        height, width = image.shape[:2]
        w = round(height * 9 / 16)
        x = (width - w) // 2
        return image[:, x:x + w]
    assert variant == "", variant
    return image


def variant_of(photo_id):
    """'small' / 'portrait' for a derived source photo id (…~small, …~portrait), else ''."""
    return photo_id.split("~", 1)[1] if "~" in photo_id else ""


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


def drawn_slope(degrees=5.0, width=1024, height=640):
    """A boundary drawn rising to the right by `degrees`: calibrates each method's sign."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    boundary = height / 2 - (xs + 0.5 - width / 2) * math.tan(math.radians(degrees))
    cover = np.clip(ys + 1 - boundary, 0, 1)
    return (200 + (70 - 200) * cover).astype(np.uint8)
