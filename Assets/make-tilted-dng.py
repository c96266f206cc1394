#!/usr/bin/env python3
"""Makes Assets/tilted-lake.dng: Assets/tilted-lake.jpg (horizon rising +4.0 degrees) as a raw
Bayer mosaic (RGGB, 12 bits, linear light, sRGB primaries) in a DNG written by pidng; with
`portrait`, Assets/portrait-lighthouse.dng: horizon-lighthouse-portrait.jpg stored on its side
(turned 90 degrees counter-clockwise) with Orientation 6, so that LibRaw's flip turns it upright.

    python3 -m venv /tmp/dngvenv && /tmp/dngvenv/bin/pip install pidng numpy
    /tmp/dngvenv/bin/python Assets/make-tilted-dng.py [portrait]   # needs libvips-tools (vips)

Documentation of how the fixture was made; CI does not run it.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from pidng.core import RAW2DNG, DNGTags, Tag
from pidng.defs import CalibrationIlluminant, CFAPattern, DNGVersion, Orientation, PhotometricInterpretation

here = os.path.dirname(os.path.abspath(__file__))
portrait = sys.argv[1:] == ["portrait"]
name = "portrait-lighthouse" if portrait else "tilted-lake"
with tempfile.TemporaryDirectory() as folder:
    source = os.path.join(here, "tilted-lake.jpg")
    if portrait:
        source = os.path.join(folder, "on-its-side.png")
        subprocess.run(["vips", "rot", os.path.join(here, "horizon-lighthouse-portrait.jpg"), source, "d270"], check=True)
    raw = os.path.join(folder, "photo.raw")
    subprocess.run(["vips", "rawsave", source, raw], check=True)
    size = subprocess.run(["vipsheader", "-f", "width", source], capture_output=True, text=True, check=True)
    rows = subprocess.run(["vipsheader", "-f", "height", source], capture_output=True, text=True, check=True)
    full_width, full_height = int(size.stdout), int(rows.stdout)
    data = open(raw, "rb").read()
width, height = full_width - full_width % 2, full_height - full_height % 2
rgb = np.frombuffer(data, dtype=np.uint8).reshape(full_height, full_width, 3)[:height, :width]
srgb = rgb.astype(np.float64) / 255
linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
white = 4095
mosaic = np.zeros((height, width), dtype=np.uint16)
mosaic[0::2, 0::2] = np.round(linear[0::2, 0::2, 0] * white)  # R
mosaic[0::2, 1::2] = np.round(linear[0::2, 1::2, 1] * white)  # G
mosaic[1::2, 0::2] = np.round(linear[1::2, 0::2, 1] * white)  # G
mosaic[1::2, 1::2] = np.round(linear[1::2, 1::2, 2] * white)  # B

# ColorMatrix1 maps XYZ to the camera's RGB: here linear sRGB (D65), so XYZ -> sRGB.
xyz_to_srgb = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
tags = DNGTags()
tags.set(Tag.ImageWidth, width)
tags.set(Tag.ImageLength, height)
tags.set(Tag.TileWidth, width)
tags.set(Tag.TileLength, height)
tags.set(Tag.Orientation, 6 if portrait else Orientation.Horizontal)  # 6: turn 90 degrees clockwise to show
tags.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
tags.set(Tag.SamplesPerPixel, 1)
tags.set(Tag.BitsPerSample, 12)
tags.set(Tag.CFARepeatPatternDim, [2, 2])
tags.set(Tag.CFAPattern, CFAPattern.RGGB)
tags.set(Tag.BlackLevel, 0)
tags.set(Tag.WhiteLevel, white)
tags.set(Tag.ColorMatrix1, [[round(v * 10000), 10000] for v in xyz_to_srgb])
tags.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
tags.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
tags.set(Tag.Make, "frostlevel")
tags.set(Tag.Model, name.replace("-", " ") + " fixture")
tags.set(Tag.UniqueCameraModel, "frostlevel " + name.replace("-", " ") + " fixture")
tags.set(Tag.DNGVersion, DNGVersion.V1_4)
tags.set(Tag.DNGBackwardVersion, DNGVersion.V1_2)
writer = RAW2DNG()
writer.options(tags, path=here, compress=False)  # pidng 4.0.9's LJ92 fails on Python 3.11
writer.convert(mosaic, filename=name)
print(os.path.join(here, name + ".dng"), width, height, file=sys.stderr)
