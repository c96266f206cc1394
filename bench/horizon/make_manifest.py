"""Writes manifest.csv: one row per corpus image (source photos as shot plus turned copies).

    python3 -m bench.horizon.make_manifest WORK

Needs numpy, scipy (York .mat files) and OpenCV (image sizes); fetches the sources like fetch_corpus.py.
Truth: York Urban from its orthogonal ground-truth vanishing points, Eurasian Cities from its ground-truth
horizon line, package photos from the hand measurements in MEASURED and Shore Livecams frames from those in
SHORE_MEASURED (protocol: LABELLING.md), photos without a level reference "none". Split: York by its own
training/test index; Shore Livecams as recorded in SHORE_MEASURED (by near-duplicate view group); the others
by a hash of the source photo id, alternating dev/test within each category. Turns: deterministic (see turns())."""
import csv
import math
import os
import re
import sys

import cv2
import numpy as np
import scipy.io as sio

from bench.horizon.corpus import derived, variant_of
from bench.horizon.sources import ECD, LICENCES, PACKAGES, SHORE, YORK, obtain, sha256
from bench.horizon.splits import deal, turns

HERE = os.path.dirname(os.path.abspath(__file__))

# York Urban photos labelled as interiors by eye (the rest are street/campus exteriors).
YORK_INTERIOR = set("""20816 20817 20824 20825 20826 20828 20829 20830 20831 20833 20838 20839 20841 20860
20872 20887 20912 20928 40788 40795 40798 40801 40811 40812 40813 40814 40826 40829 40833 40839 40843 40845
40850 40853 40860 40862 40863 80032 80033 80036 80047 80062 80063 80078 80092""".split())

# Distractors, labelled by eye: overhead tram/trolley cables or strong diagonal road markings dominate the
# picture (the level reference is still the buildings' verticals).
YORK_DISTRACTOR = {"P1080018", "P1080056", "P1080057"}
ECD_DISTRACTOR = {int(k) for k in """002 013 020 030 033 036 039 041 042 045 052 053 063 064 073 078 080 088 089 091
093 094 097 098 100""".split()}

# Package photos with a level reference, measured by hand (LABELLING.md): (package, path, category, own roll,
# how it was measured).
MEASURED = [
    ("plasma-workspace-wallpapers", "/usr/share/wallpapers/summer_1am/contents/images/2560x1600.jpg", "open", 0.024,
     "water line of the far shore, x 20-2540 (symmetric), ridge fit, 364 edge points, sd 1.5 px, se 0.006 deg"),
    ("plasma-workspace-wallpapers", "/usr/share/wallpapers/DarkestHour/contents/images/2560x1600.jpg", "open", -0.008,
     "bright water line, x 10-2550 (symmetric: halves +0.28/-0.39, the bow of barrel distortion below centre), se 0.014"),
    ("plasma-workspace-wallpapers", "/usr/share/wallpapers/ColdRipple/contents/images/2560x1600.jpg", "distractor", 0.017,
     "far edge of the pier platform seen head-on, x 760-1770, sd 1.4 px (ladder pipes, bent: -0.48/+0.25); fog hides the horizon"),
    ("kphotoalbum", "/usr/share/kphotoalbum/demo/skagen.jpg", "open", 0.047,
     "sea horizon x 3-797, 396 points, sd 0.6 px, se 0.007"),
    ("kphotoalbum", "/usr/share/kphotoalbum/demo/cold_water.jpg", "partial", 0.010,
     "sea horizon between people, x 3-797, 318 of 396 points, sd 0.3 px, se 0.004"),
    ("tuxpaint-data", "/usr/share/tuxpaint/templates/sheep.jpg", "open", 0.022,
     "far edge of the plain: two edges of the water strip -0.017 and +0.061 (mean), x 3-1134"),
    ("forensics-samples-files", "/usr/share/forensics-samples/original-files/pic1/IMG_1054.JPG", "distractor", -0.29,
     "vertical vanishing point of 4 tower edges (x 190-1085, spans 180-530 px, sd 0.2-0.3 px): -0.35; subsets "
     "-0.21/-0.30/-0.31; rails and diagonal roads below"),
    ("tuxpaint-data", "/usr/share/tuxpaint/templates/lighthouse.jpg", "urban", 0.73,
     "vertical vanishing point of the two tower edges (axis at the centre column) 0.725; window edges 0.70/1.08; +-0.2"),
]

# The 13 photos of the first round's bench (summer_1am, DarkestHour, ColdRipple, EveningGlow, skagen, the
# Maldives sea and the digiKam lake; Kite, FallenLeaf, OneStandsOut, ColorfulCups, Grey, BytheWater): the
# detector's first version was tuned on them, so those that are in the corpus belong to the dev half.
TUNED_IN_ROUND_ONE = {"summer_1am", "DarkestHour", "ColdRipple", "EveningGlow", "skagen", "Kite", "FallenLeaf",
                      "OneStandsOut", "ColorfulCups", "Grey", "BytheWater"}

# Shore Livecams frames measured by hand (LABELLING.md, Shore Livecams): (path under shore_livecams/images/,
# derived variant ('' = as shot, 'small', 'portrait'), category, own roll, view group, split, how it was measured).
# The split was fixed per view group (near-duplicate webcam presets) before any tuning; it is recorded here, not
# recomputed. Generated from the helper's measurements.csv and view-groups.txt.
SHORE_MEASURED = [
    ('test/2ux5cw8z_1080_2022-07-16_16-12_output_0.jpeg', '', 'open', 0.786, '2ux5cw8z_1080_2022-07-16_16-12_output_0', 'test',
     'sea horizon above a beach; quadratic edge fit over 929 columns, roll = tangent at the centre column (se 0.002, resid sd 0.59 px, bow +14.4 px); check: chord of the central half +0.859'),
    ('train/2ux5cw8z_1080_2022-07-17_03-24_output_0.jpeg', '', 'open', 0.830, '2ux5cw8z_1080_2022-07-17_03-24_output_0', 'test',
     'sea horizon above a beach; quadratic edge fit over 687 columns, roll = tangent at the centre column (se 0.003, resid sd 0.46 px, bow +11.2 px); check: chord of the central half +0.809'),
    ('train/2ux5cw8z_1080_2022-07-17_09-24_output_0.jpeg', 'small', 'open', 0.685, '2ux5cw8z_1080_2022-07-17_09-24_output_0', 'test',
     'sea horizon above a beach; quadratic edge fit over 879 columns, roll = tangent at the centre column (se 0.002, resid sd 0.59 px, bow +12.8 px); check: chord of the central half +0.658; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('test/2ux5cw8z_1080_2022-07-16_11-57_output_0.jpeg', '', 'distractor', 0.740, '2ux5cw8z_1080_2022-07-16_11-57_output_0', 'dev',
     'sea horizon; diagonal beach edge; quadratic edge fit over 740 columns, roll = tangent at the centre column (se 0.004, resid sd 0.83 px, bow +6.8 px); check: chord of the central half +0.740'),
    ('train/2ux5cw8z_1080_2022-07-17_05-24_output_0.jpeg', '', 'distractor', 0.634, '2ux5cw8z_1080_2022-07-17_05-24_output_0', 'test',
     'sea horizon; diagonal beach and roofs; quadratic edge fit over 793 columns, roll = tangent at the centre column (se 0.003, resid sd 0.48 px, bow +8.0 px); check: chord of the central half +0.597'),
    ('train/2ux5cw8z_1080_2022-07-19_12-31_output_0.jpeg', '', 'distractor', 0.722, '2ux5cw8z_1080_2022-07-19_12-31_output_0', 'dev',
     'sea horizon; diagonal beach edge; quadratic edge fit over 930 columns, roll = tangent at the centre column (se 0.002, resid sd 0.61 px, bow +5.6 px); check: chord of the central half +0.707'),
    ('test/2ux5cw8z_1080_2022-07-16_18-34_output_0.jpeg', '', 'partial', 1.976, '2ux5cw8z_1080_2022-07-16_18-34_output_0', 'dev',
     'sea horizon behind roofs at dusk; quadratic edge fit over 791 columns, roll = tangent at the centre column (se 0.005, resid sd 1.23 px, bow -3.0 px); check: chord of the central half +2.054'),
    ('test/519srew5_1080_2022-07-16_12-23_output_0.jpeg', '', 'partial', 0.015, '519srew5_1080_2022-07-16_12-23_output_0', 'test',
     'sea horizon; trees and roofs in front, diagonal surf; quadratic edge fit over 904 columns, roll = tangent at the centre column (se 0.001, resid sd 0.18 px, bow +2.1 px); check: chord of the central half +0.006'),
    ('test/519srew5_1080_2022-07-16_12-51_output_0.jpeg', '', 'open', 1.482, '519srew5_1080_2022-07-16_12-51_output_0', 'dev',
     'sea horizon above surf and trees; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +2.6 px); check: chord of the central half +1.470'),
    ('train/519srew5_1080_2022-07-17_03-28_output_0.jpeg', 'portrait', 'open', 0.543, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon above surf and trees; quadratic edge fit over 950 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +2.1 px); check: chord of the central half +0.540; derived: centred 9:16 crop (full height) before turning'),
    ('train/519srew5_1080_2022-07-17_07-58_output_0.jpeg', '', 'open', 0.973, '519srew5_1080_2022-07-17_07-58_output_0', 'dev',
     'sea horizon above trees; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.000, resid sd 0.14 px, bow +2.2 px); check: chord of the central half +0.974'),
    ('train/519srew5_1080_2022-07-17_12-28_output_0.jpeg', 'portrait', 'open', 0.719, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon above trees; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.000, resid sd 0.14 px, bow +2.2 px); check: chord of the central half +0.712; derived: centred 9:16 crop (full height) before turning'),
    ('train/519srew5_1080_2022-07-17_14-28_output_0.jpeg', 'small', 'open', 1.071, '519srew5_1080_2022-07-17_07-58_output_0', 'dev',
     'sea horizon above trees; quadratic edge fit over 953 columns, roll = tangent at the centre column (se 0.001, resid sd 0.18 px, bow +2.2 px); check: chord of the central half +1.070; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/519srew5_1080_2022-07-17_16-58_output_0.jpeg', '', 'open', 1.588, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon above trees; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.001, resid sd 0.16 px, bow +2.7 px); check: chord of the central half +1.589'),
    ('train/519srew5_1080_2022-07-19_13-35_output_0.jpeg', '', 'partial', 1.624, '519srew5_1080_2022-07-19_13-35_output_0', 'dev',
     'sea horizon; trees cover the right third; quadratic edge fit over 943 columns, roll = tangent at the centre column (se 0.002, resid sd 0.48 px, bow +3.7 px); check: chord of the central half +1.607'),
    ('train/519srew5_1080_2022-07-19_16-05_output_0.jpeg', 'portrait', 'open', 0.738, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon; quadratic edge fit over 888 columns, roll = tangent at the centre column (se 0.001, resid sd 0.28 px, bow +2.0 px); check: chord of the central half +0.754; derived: centred 9:16 crop (full height) before turning'),
    ('train/519srew5_1080_2022-07-19_18-05_output_0.jpeg', '', 'open', 1.592, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon at dusk; quadratic edge fit over 874 columns, roll = tangent at the centre column (se 0.002, resid sd 0.71 px, bow -2.2 px); check: chord of the central half +1.672'),
    ('train/519srew5_1080_2022-07-19_07-35_output_0.jpeg', '', 'partial', 1.655, '519srew5_1080_2022-07-19_07-35_output_0', 'dev',
     'sea horizon; trees cover the right part; quadratic edge fit over 686 columns, roll = tangent at the centre column (se 0.003, resid sd 0.58 px, bow +0.6 px); check: chord of the central half +1.594'),
    ('train/519srew5_1080_2022-07-19_12-05_output_0.jpeg', '', 'partial', 1.675, '519srew5_1080_2022-07-19_12-05_output_0', 'dev',
     'sea horizon; trees and roofs cover the right part; quadratic edge fit over 897 columns, roll = tangent at the centre column (se 0.002, resid sd 0.56 px, bow -0.3 px); check: chord of the central half +1.641'),
    ('train/519srew5_1080_2022-07-19_14-05_output_0.jpeg', '', 'open', 0.390, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon above trees; quadratic edge fit over 946 columns, roll = tangent at the centre column (se 0.001, resid sd 0.41 px, bow +1.1 px); check: chord of the central half +0.334'),
    ('test/dlwkigk3_720_2022-07-16_11-26_output_0.jpeg', '', 'distractor', -0.448, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.14 px, bow +1.0 px); check: chord of the central half -0.424'),
    ('test/dlwkigk3_720_2022-07-16_18-17_output_0.jpeg', '', 'distractor', -0.322, 'dlwkigk3_720_2022-07-16_18-17_output_0', 'dev',
     'sea horizon; diagonal harbour moles; quadratic edge fit over 622 columns, roll = tangent at the centre column (se 0.002, resid sd 0.35 px, bow +1.2 px); check: chord of the central half -0.331'),
    ('train/dlwkigk3_720_2022-07-17_12-53_output_0.jpeg', '', 'distractor', -0.349, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal harbour moles; quadratic edge fit over 627 columns, roll = tangent at the centre column (se 0.001, resid sd 0.23 px, bow +1.0 px); check: chord of the central half -0.369'),
    ('train/dlwkigk3_720_2022-07-17_10-53_output_0.jpeg', 'small', 'distractor', -0.348, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal harbour moles; quadratic edge fit over 605 columns, roll = tangent at the centre column (se 0.001, resid sd 0.18 px, bow +1.0 px); check: chord of the central half -0.351; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/dlwkigk3_720_2022-07-17_16-53_output_0.jpeg', 'portrait', 'distractor', -0.373, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier; quadratic edge fit over 627 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +0.9 px); check: chord of the central half -0.373; derived: centred 9:16 crop (full height) before turning'),
    ('train/dlwkigk3_720_2022-07-19_17-28_output_0.jpeg', '', 'distractor', -0.310, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier; quadratic edge fit over 637 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +0.9 px); check: chord of the central half -0.300'),
    ('test/w4gnqsqx_1440_2022-07-16_11-26_output_0.jpeg', '', 'open', 0.143, 'w4gnqsqx_1440_2022-07-16_11-26_output_0', 'dev',
     'lake horizon (Lake Constance) between shores; quadratic edge fit over 730 columns, roll = tangent at the centre column (se 0.005, resid sd 1.15 px, bow -4.9 px); check: chord of the central half +0.086'),
    ('test/w4gnqsqx_1440_2022-07-16_14-01_output_0.jpeg', 'portrait', 'open', 0.064, 'w4gnqsqx_1440_2022-07-16_11-26_output_0', 'dev',
     'lake horizon (Lake Constance) between shores; quadratic edge fit over 748 columns, roll = tangent at the centre column (se 0.004, resid sd 1.04 px, bow +0.3 px); check: chord of the central half +0.119; derived: centred 9:16 crop (full height) before turning'),
    ('test/w4gnqsqx_1440_2022-07-16_17-45_output_0.jpeg', '', 'open', 0.083, 'w4gnqsqx_1440_2022-07-16_11-26_output_0', 'dev',
     'lake horizon (Lake Constance) between shores; quadratic edge fit over 769 columns, roll = tangent at the centre column (se 0.002, resid sd 0.56 px, bow +3.3 px); check: chord of the central half +0.126'),
    ('test/w4gnqsqx_1440_2022-07-16_18-15_output_0.jpeg', 'small', 'open', -0.212, 'w4gnqsqx_1440_2022-07-16_18-15_output_0', 'dev',
     'lake horizon (Lake Constance) between shores; quadratic edge fit over 860 columns, roll = tangent at the centre column (se 0.002, resid sd 0.47 px, bow +0.8 px); check: chord of the central half -0.162; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/vgiy5566_720_2022-07-17_11-52_output_0.jpeg', '', 'open', 0.769, 'vgiy5566_720_2022-07-17_11-52_output_0', 'dev',
     'far water line of a fjord shore; quadratic edge fit over 597 columns, roll = tangent at the centre column (se 0.002, resid sd 0.36 px, bow +1.3 px); check: chord of the central half +0.724'),
    ('test/proylddb_1080_2022-07-16_11-26_output_0.jpeg', '', 'distractor', 0.170, 'proylddb_1080_2022-07-16_11-26_output_0', 'test',
     'far water line of the Elbe; pier piles and beacons; quadratic edge fit over 923 columns, roll = tangent at the centre column (se 0.002, resid sd 0.55 px, bow -1.4 px); check: chord of the central half +0.216'),
    ('test/2ux5cw8z_1080_2022-07-16_15-12_output_0.jpeg', '', 'open', 0.665, '2ux5cw8z_1080_2022-07-16_15-12_output_0', 'dev',
     'sea horizon above a beach; quadratic edge fit over 713 columns, roll = tangent at the centre column (se 0.004, resid sd 0.60 px, bow +16.0 px); check: chord of the central half +0.743'),
    ('test/2ux5cw8z_1080_2022-07-16_16-44_output_0.jpeg', '', 'distractor', 0.506, '2ux5cw8z_1080_2022-07-16_16-44_output_0', 'dev',
     'sea horizon; diagonal beach edge; quadratic edge fit over 643 columns, roll = tangent at the centre column (se 0.005, resid sd 0.57 px, bow +10.5 px); check: chord of the central half +0.485'),
    ('train/2ux5cw8z_1080_2022-07-17_05-54_output_0.jpeg', '', 'distractor', 0.609, '2ux5cw8z_1080_2022-07-17_05-24_output_0', 'test',
     'sea horizon; diagonal beach and roofs; quadratic edge fit over 765 columns, roll = tangent at the centre column (se 0.003, resid sd 0.47 px, bow +6.6 px); check: chord of the central half +0.546'),
    ('train/2ux5cw8z_1080_2022-07-19_03-01_output_0.jpeg', '', 'partial', 0.589, '2ux5cw8z_1080_2022-07-17_05-24_output_0', 'test',
     'sea horizon at sunset beyond roofs and harbour; quadratic edge fit over 856 columns, roll = tangent at the centre column (se 0.004, resid sd 1.01 px, bow +0.7 px); check: chord of the central half +0.569'),
    ('train/2ux5cw8z_1080_2022-07-19_07-31_output_0.jpeg', '', 'distractor', 0.560, '2ux5cw8z_1080_2022-07-19_07-31_output_0', 'dev',
     'sea horizon; diagonal beach edge; quadratic edge fit over 694 columns, roll = tangent at the centre column (se 0.006, resid sd 1.12 px, bow +7.0 px); check: chord of the central half +0.493'),
    ('train/2ux5cw8z_1080_2022-07-19_11-01_output_0.jpeg', '', 'partial', 0.265, '2ux5cw8z_1080_2022-07-19_11-01_output_0', 'dev',
     'sea horizon beyond a village; quadratic edge fit over 954 columns, roll = tangent at the centre column (se 0.001, resid sd 0.29 px, bow +6.4 px); check: chord of the central half +0.248'),
    ('train/2ux5cw8z_1080_2022-07-19_12-01_output_0.jpeg', '', 'distractor', 0.645, '2ux5cw8z_1080_2022-07-19_12-01_output_0', 'dev',
     'sea horizon; diagonal beach and harbour moles; quadratic edge fit over 925 columns, roll = tangent at the centre column (se 0.002, resid sd 0.63 px, bow +8.0 px); check: chord of the central half +0.589'),
    ('train/2ux5cw8z_1080_2022-07-19_13-31_output_0.jpeg', '', 'partial', 0.545, '2ux5cw8z_1080_2022-07-19_13-31_output_0', 'dev',
     'sea horizon beyond a village; quadratic edge fit over 847 columns, roll = tangent at the centre column (se 0.003, resid sd 0.66 px, bow +3.5 px); check: chord of the central half +0.495'),
    ('test/519srew5_1080_2022-07-16_13-49_output_0.jpeg', '', 'open', 1.422, '519srew5_1080_2022-07-16_13-49_output_0', 'dev',
     'sea horizon above surf; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +2.5 px); check: chord of the central half +1.426'),
    ('test/519srew5_1080_2022-07-16_15-29_output_0.jpeg', '', 'partial', 1.463, '519srew5_1080_2022-07-16_15-29_output_0', 'dev',
     'sea horizon; trees and roofs cover the right part; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.001, resid sd 0.22 px, bow +4.0 px); check: chord of the central half +1.469'),
    ('test/519srew5_1080_2022-07-16_19-28_output_0.jpeg', '', 'open', 1.619, '519srew5_1080_2022-07-16_19-28_output_0', 'dev',
     'sea horizon at dusk under dark clouds; quadratic edge fit over 958 columns, roll = tangent at the centre column (se 0.000, resid sd 0.15 px, bow +3.0 px); check: chord of the central half +1.613'),
    ('train/519srew5_1080_2022-07-17_08-58_output_0.jpeg', '', 'partial', 1.522, '519srew5_1080_2022-07-17_08-58_output_0', 'test',
     'sea horizon; trees and roofs cover the right part; quadratic edge fit over 785 columns, roll = tangent at the centre column (se 0.002, resid sd 0.45 px, bow +0.2 px); check: chord of the central half +1.481'),
    ('train/519srew5_1080_2022-07-17_15-28_output_0.jpeg', 'small', 'open', 0.174, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon with sun glare; quadratic edge fit over 920 columns, roll = tangent at the centre column (se 0.001, resid sd 0.20 px, bow +1.9 px); check: chord of the central half +0.180; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/519srew5_1080_2022-07-17_19-28_output_0.jpeg', '', 'partial', 1.568, '519srew5_1080_2022-07-17_08-58_output_0', 'test',
     'sea horizon; trees and roofs cover the right part; quadratic edge fit over 825 columns, roll = tangent at the centre column (se 0.002, resid sd 0.50 px, bow +0.0 px); check: chord of the central half +1.603'),
    ('train/519srew5_1080_2022-07-19_11-35_output_0.jpeg', 'portrait', 'open', 1.348, '519srew5_1080_2022-07-19_11-35_output_0', 'dev',
     'sea horizon above trees; quadratic edge fit over 917 columns, roll = tangent at the centre column (se 0.001, resid sd 0.31 px, bow +2.0 px); check: chord of the central half +1.380; derived: centred 9:16 crop (full height) before turning'),
    ('train/519srew5_1080_2022-07-19_16-35_output_0.jpeg', '', 'partial', -0.049, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon; backlit trees cover the left part; quadratic edge fit over 908 columns, roll = tangent at the centre column (se 0.001, resid sd 0.27 px, bow +0.9 px); check: chord of the central half -0.029'),
    ('train/519srew5_1080_2022-07-19_19-41_output_0.jpeg', '', 'partial', 1.540, '519srew5_1080_2022-07-17_03-28_output_0', 'test',
     'sea horizon; trees cover the right part; quadratic edge fit over 725 columns, roll = tangent at the centre column (se 0.003, resid sd 0.62 px, bow +1.5 px); check: chord of the central half +1.590'),
    ('test/dlwkigk3_720_2022-07-16_12-55_output_0.jpeg', '', 'distractor', -0.492, 'dlwkigk3_720_2022-07-16_12-55_output_0', 'dev',
     'sea horizon; island and lighthouse below; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +1.1 px); check: chord of the central half -0.486'),
    ('test/dlwkigk3_720_2022-07-16_14-35_output_0.jpeg', 'small', 'distractor', -0.370, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier; quadratic edge fit over 624 columns, roll = tangent at the centre column (se 0.001, resid sd 0.16 px, bow +0.7 px); check: chord of the central half -0.356; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/dlwkigk3_720_2022-07-17_05-23_output_0.jpeg', '', 'distractor', -0.489, 'dlwkigk3_720_2022-07-17_05-23_output_0', 'dev',
     'sea horizon; diagonal sand spit; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.17 px, bow +1.0 px); check: chord of the central half -0.462'),
    ('train/dlwkigk3_720_2022-07-17_06-23_output_0.jpeg', 'portrait', 'distractor', -0.341, 'dlwkigk3_720_2022-07-17_06-23_output_0', 'dev',
     'sea horizon; diagonal harbour moles; quadratic edge fit over 583 columns, roll = tangent at the centre column (se 0.002, resid sd 0.27 px, bow +0.7 px); check: chord of the central half -0.342; derived: centred 9:16 crop (full height) before turning'),
    ('train/dlwkigk3_720_2022-07-17_09-53_output_0.jpeg', '', 'distractor', -0.566, 'dlwkigk3_720_2022-07-17_11-23_output_0', 'test',
     'sea horizon; island edges and moles; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.21 px, bow +1.0 px); check: chord of the central half -0.536'),
    ('train/dlwkigk3_720_2022-07-17_11-23_output_0.jpeg', '', 'distractor', -0.470, 'dlwkigk3_720_2022-07-17_11-23_output_0', 'test',
     'sea horizon; curved breakwater; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.16 px, bow +1.1 px); check: chord of the central half -0.475'),
    ('train/dlwkigk3_720_2022-07-17_17-23_output_0.jpeg', 'small', 'distractor', -0.329, 'dlwkigk3_720_2022-07-17_17-23_output_0', 'dev',
     'sea horizon; diagonal piers; quadratic edge fit over 615 columns, roll = tangent at the centre column (se 0.002, resid sd 0.28 px, bow +0.9 px); check: chord of the central half -0.311; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/dlwkigk3_720_2022-07-19_12-58_output_0.jpeg', '', 'distractor', -0.453, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier and ships; quadratic edge fit over 634 columns, roll = tangent at the centre column (se 0.002, resid sd 0.25 px, bow +0.7 px); check: chord of the central half -0.488'),
    ('train/dlwkigk3_720_2022-07-19_17-58_output_0.jpeg', 'portrait', 'distractor', -0.452, 'dlwkigk3_720_2022-07-17_11-23_output_0', 'test',
     'sea horizon; island and harbour wall; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.002, resid sd 0.28 px, bow +1.3 px); check: chord of the central half -0.482; derived: centred 9:16 crop (full height) before turning'),
    ('train/dlwkigk3_720_2022-07-19_18-58_output_0.jpeg', '', 'distractor', -0.359, 'dlwkigk3_720_2022-07-17_16-53_output_0', 'test',
     'sea horizon; diagonal pier; quadratic edge fit over 638 columns, roll = tangent at the centre column (se 0.001, resid sd 0.20 px, bow +0.8 px); check: chord of the central half -0.346'),
    ('test/w4gnqsqx_1440_2022-07-16_15-14_output_0.jpeg', 'small', 'open', 0.068, 'w4gnqsqx_1440_2022-07-16_11-26_output_0', 'dev',
     'lake horizon (Lake Constance) between shores; quadratic edge fit over 768 columns, roll = tangent at the centre column (se 0.003, resid sd 0.78 px, bow +2.9 px); check: chord of the central half +0.104; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('train/w4gnqsqx_1440_2022-07-17_11-20_output_0.jpeg', '', 'distractor', 0.124, 'w4gnqsqx_1440_2022-07-16_11-26_output_0', 'dev',
     'lake horizon (Lake Constance); a diagonal mast crosses the frame; quadratic edge fit over 712 columns, roll = tangent at the centre column (se 0.005, resid sd 0.99 px, bow -0.1 px); check: chord of the central half +0.108'),
    ('test/pyb3snyw_2160_2022-07-16_11-53_output_0.jpeg', '', 'open', -0.764, 'pyb3snyw_2160_2022-07-16_11-53_output_0', 'test',
     'Wadden sea horizon beyond a dike and marina; quadratic edge fit over 1854 columns, roll = tangent at the centre column (se 0.000, resid sd 0.15 px, bow -4.0 px); check: chord of the central half -0.763'),
    ('test/pyb3snyw_2160_2022-07-16_12-52_output_0.jpeg', 'portrait', 'open', -0.638, 'pyb3snyw_2160_2022-07-16_11-53_output_0', 'test',
     'Wadden sea horizon beyond a dike and marina; quadratic edge fit over 1613 columns, roll = tangent at the centre column (se 0.000, resid sd 0.25 px, bow -2.9 px); check: chord of the central half -0.638; derived: centred 9:16 crop (full height) before turning'),
    ('test/pyb3snyw_2160_2022-07-16_13-55_output_0.jpeg', '', 'open', -0.634, 'pyb3snyw_2160_2022-07-16_13-55_output_0', 'dev',
     'Wadden sea horizon beyond a dike and marina; quadratic edge fit over 1408 columns, roll = tangent at the centre column (se 0.001, resid sd 0.54 px, bow -1.3 px); check: chord of the central half -0.659'),
    ('test/pyb3snyw_2160_2022-07-16_15-27_output_0.jpeg', 'small', 'open', -0.481, 'pyb3snyw_2160_2022-07-16_11-53_output_0', 'test',
     'Wadden sea horizon beyond a marina (an island strip at the right); quadratic edge fit over 1382 columns, roll = tangent at the centre column (se 0.001, resid sd 0.35 px, bow -4.5 px); check: chord of the central half -0.517; derived: reduced to 640 px on the long side (INTER_AREA) before turning'),
    ('test/pyb3snyw_2160_2022-07-16_17-52_output_0.jpeg', '', 'distractor', -0.543, 'pyb3snyw_2160_2022-07-16_17-52_output_0', 'dev',
     'Wadden sea horizon under backlit clouds; harbour wall and sun reflections; quadratic edge fit over 1609 columns, roll = tangent at the centre column (se 0.001, resid sd 0.63 px, bow -5.3 px); check: chord of the central half -0.502'),
    ('test/pyb3snyw_2160_2022-07-16_18-25_output_0.jpeg', '', 'distractor', -0.080, 'pyb3snyw_2160_2022-07-16_18-25_output_0', 'dev',
     'Wadden sea horizon under the sun; harbour wall and glare; quadratic edge fit over 1222 columns, roll = tangent at the centre column (se 0.001, resid sd 0.61 px, bow -5.3 px); check: chord of the central half -0.082'),
]

# Package photos without a level reference (sky, foliage, macro, aerial, abstract, close portraits).
NONE = {
    "plasma-workspace-wallpapers": [f"/usr/share/wallpapers/{n}/contents/images/{s}.jpg" for n, s in (
        ("Kite", "2560x1600"), ("FallenLeaf", "2560x1600"), ("OneStandsOut", "2560x1600"),
        ("ColorfulCups", "2560x1600"), ("Grey", "2560x1600"))],
    "lxqt-themes": [f"/usr/share/lxqt/wallpapers/{n}" for n in (
        "beam.png", "Butterfly-Kenneth-Wimer.jpg", "Valendas.png", "appleflower.png", "butterfly.png", "cloud.png",
        "drop.png", "flowers.png")],
    "digikam-data": ["/usr/share/digikam/data/leaf-pattern.png", "/usr/share/digikam/data/stone-pattern.png"],
    "forensics-samples-files": [f"/usr/share/forensics-samples/original-files/{n}" for n in (
        "pic1/IMG-20191006-WA0002.jpg", "pic1/IMG_20200827_231612.jpg", "pic2/IMG_20200124_231153.jpg",
        "pic2/IMG_20200608_111614.jpg")],
    "palapeli-data": [f"/usr/share/palapeli/collection/{n}.jpg" for n in (
        "citrus-fruits", "european-honey-bee", "panther-chameleon-female")],
    "python-kivy-examples": ["/usr/share/kivy-examples/demo/pictures/images/faust_github.jpg"],
    "tuxpaint-data": [f"/usr/share/tuxpaint/templates/{n}.jpg" for n in (
        "burnt_bark", "cliff", "corn_maze", "jellyfish", "mossy_bark", "mossy_log", "mudstone", "ocean_splash",
        "ocean_waves", "redwoods_above", "rocks", "spiders_web", "sun_behind_clouds", "sun_behind_leaves",
        "trees_above", "trees_at_dusk")] + ["/usr/share/tuxpaint/starters/reef-back.png"],
    "kphotoalbum": [f"/usr/share/kphotoalbum/demo/{n}.jpg" for n in (
        "anne_helene", "bar55_2", "blackie", "donna", "donna_2", "jesper", "jesper_2", "new_wave_2", "spiff",
        "spiff_2", "skagen_2")],
}

FOCAL_PX = 6.05317 / 0.0090
PRINCIPAL = (307.55, 251.45)


def york_roll(mat_path):
    """On-screen roll (rising to the right = positive) of the horizon, the image of the plane normal to the
    vertical direction: l = K^-T v with v in the y-down image frame (the .mat is Y-up)."""
    vp = sio.loadmat(mat_path)["vp_orthogonal"]
    j = int(np.argmax(np.abs(vp[1, :])))  # the column most aligned with camera Y is the vertical
    v = vp[:, j] * np.sign(vp[1, j])
    K = np.array([[FOCAL_PX, 0, PRINCIPAL[0]], [0, FOCAL_PX, PRINCIPAL[1]], [0, 0, 1]])
    a, b, _ = np.linalg.inv(K).T @ np.array([v[0], -v[1], v[2]])
    return line_angle(a, b)


def line_angle(a, b):
    """On-screen angle of the image line a·x + b·y + c = 0 (y down), rising to the right positive."""
    dx, dy = b, -a
    if dx < 0:
        dx, dy = -dx, -dy
    return math.degrees(math.atan2(-dy, dx))


def photo_name(package, path):
    """plasma-workspace-wallpapers: the wallpaper's name; otherwise the file name without extension."""
    if package == "plasma-workspace-wallpapers":
        return path.split("/wallpapers/")[1].split("/")[0]
    return os.path.splitext(os.path.basename(path))[0]


def main():
    work = sys.argv[1]
    photos = []  # dicts: id, source, obtain, category, own_roll, note, split (York only), turns
    names = [str(n[0]).rstrip("\\") for n in sio.loadmat(obtain(
        f"github:{YORK[0]}@{YORK[1]}:YorkUrbanDB/Manhattan_Image_DB_Names.mat", work))["Manhattan_Image_DB_Names"].ravel()]
    index = sio.loadmat(obtain(f"github:{YORK[0]}@{YORK[1]}:YorkUrbanDB/ECCV_TrainingAndTestImageNumbers.mat", work))
    train = {names[i - 1] for i in index["trainingSetIndex"].ravel()}
    for name in names:
        roll = york_roll(obtain(f"github:{YORK[0]}@{YORK[1]}:YorkUrbanDB/{name}/{name}GroundTruthVP_Orthogonal_CamParams.mat", work))
        photos.append(dict(id=f"york-urban/{name}", source="york-urban",
                           obtain=f"github:{YORK[0]}@{YORK[1]}:YorkUrbanDB/{name}/{name}.jpg",
                           category="interior" if name[-5:] in YORK_INTERIOR else "distractor" if name in YORK_DISTRACTOR
                           else "urban", own_roll=roll,
                           note="vertical VP of *GroundTruthVP_Orthogonal_CamParams.mat",
                           split="dev" if name in train else "test", turns=[0, 3, -3, 6, -6]))
    text = open(obtain(f"github:{ECD[0]}@{ECD[1]}:resource/datasets/eurasiancities/gt_data.yml", work)).read()
    lines = np.array([float(x) for x in re.search(r"data: \[(.*?)\]", text, re.S).group(1).split(",")]).reshape(-1, 3)
    for k, (a, b, _) in enumerate(lines):
        pid = f"eurasian-cities/{k:03d}"
        photos.append(dict(id=pid, source="eurasian-cities",
                           obtain=f"github:{ECD[0]}@{ECD[1]}:resource/datasets/eurasiancities/{k:03d}.jpg",
                           category="distractor" if k in ECD_DISTRACTOR else "urban", own_roll=line_angle(a, b),
                           note="ground-truth horizon line (gt_data.yml row)",
                           turns=[0] + turns(pid, 2)))
    for package, path, category, roll, note in MEASURED:
        pid = f"{package}/{photo_name(package, path)}"
        photos.append(dict(id=pid, source=package, obtain=f"deb:{package}={PACKAGES[package]}:{path}",
                           category=category, own_roll=roll, note="measured: " + note, turns=[0] + turns(pid, 3)))
    for package, paths in NONE.items():
        for path in paths:
            pid = f"{package}/{photo_name(package, path)}"
            photos.append(dict(id=pid, source=package, obtain=f"deb:{package}={PACKAGES[package]}:{path}",
                               category="none", own_roll=None, note="no level reference", turns=[0] + turns(pid, 2)))
    for path, variant, category, roll, view, split, note in SHORE_MEASURED:
        pid = f"shore-livecams/{os.path.splitext(os.path.basename(path))[0]}" + (f"~{variant}" if variant else "")
        photos.append(dict(id=pid, source="shore-livecams",
                           obtain=f"github:{SHORE[0]}@{SHORE[1]}:shore_livecams/images/{path}", category=category,
                           own_roll=roll, note="measured: " + note, split=split, turns=[0] + turns(pid, 3)))
    # Photographers' landscapes (LANDSCAPES.md): read twice, independently; truth where the readings agree.
    for r in csv.DictReader(open(os.path.join(HERE, "landscapes.csv"))):
        pid = "landscapes/" + r["id"]
        roll = None if r["own_roll"] == "none" else float(r["own_roll"])
        # Each landscape's own licence line: a collection's lines name each photo's photographer.
        photos.append(dict(id=pid, source=r["source"], obtain=r["obtain"], category=r["category"], own_roll=roll,
                           note=r["note"], split=r["split"], turns=[0] + turns(pid, 2), licence=r["licence"]))
    assert len({p["id"] for p in photos}) == len(photos)
    # The photos the first detector was tuned on are development photos whatever their hash says:
    # they cannot show how the detector does on photos it has never seen.
    # Split of the non-York photos: within each category, sorted by hash, alternating dev/test. A photo
    # already in manifest.csv keeps its half, so adding photos never moves one between halves.
    fixed = {}
    if os.path.exists(os.path.join(HERE, "manifest.csv")):
        fixed = {r["source_photo"]: r["split"] for r in csv.DictReader(open(os.path.join(HERE, "manifest.csv")))}
    deal(photos, fixed, TUNED_IN_ROUND_ONE)
    rows = []
    for p in photos:
        path = obtain(p["obtain"], work)
        image = derived(cv2.imread(path, cv2.IMREAD_COLOR), variant_of(p["id"]))
        height, width = image.shape[:2]
        digest = sha256(path)
        for turn in p["turns"]:
            rows.append(dict(
                id=f"{p['id']}@{turn:+.1f}", source_photo=p["id"], obtain=p["obtain"], sha256=digest,
                source=p["source"], licence=p.get("licence") or LICENCES[p["source"]], category=p["category"],
                format="portrait" if height > width else "landscape",
                size="small" if max(width, height) < 800 else "normal", width=width, height=height,
                own_roll="" if p["own_roll"] is None else f"{p['own_roll']:.3f}", turn=f"{turn:+.1f}",
                truth="none" if p["own_roll"] is None else f"{p['own_roll'] + turn:.3f}",
                split=p["split"], note=p["note"]))
    with open(os.path.join(HERE, "manifest.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(photos)} source photos, {len(rows)} images -> manifest.csv")


if __name__ == "__main__":
    main()
