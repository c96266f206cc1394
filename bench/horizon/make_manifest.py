"""Writes manifest.csv: one row per corpus image (source photos as shot plus turned copies).

    python3 bench/horizon/make_manifest.py WORK

Needs numpy, scipy (York .mat files) and OpenCV (image sizes); fetches the sources like fetch_corpus.py.
Truth: York Urban from its orthogonal ground-truth vanishing points, Eurasian Cities from its ground-truth
horizon line, package photos from the hand measurements in MEASURED (protocol: LABELLING.md), photos
without a level reference "none". Split: York by its own training/test index; the others by a hash of
the source photo id, alternating dev/test within each category. Turns: deterministic (see turns())."""
import csv
import hashlib
import math
import os
import re
import sys

import cv2
import numpy as np
import scipy.io as sio

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sources import ECD, LICENCES, PACKAGES, YORK, obtain  # noqa: E402

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


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def h(text):
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def turns(photo_id, count):
    """`count` deterministic turns: the first within 0.5-3°, the second 3-8°, the third 8-12°, signs hashed."""
    bands = [(0.5, 3.0), (3.0, 8.0), (8.0, 12.0)]
    out = []
    for i in range(count):
        lo, hi = bands[i]
        value = h(f"{photo_id}/turn{i}")
        magnitude = lo + (value % 1000) / 1000 * (hi - lo)
        out.append(round(magnitude if (value >> 20) % 2 else -magnitude, 1))
    return out


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
    assert len({p["id"] for p in photos}) == len(photos)
    # Split of the non-York photos: within each category, sorted by hash, alternating dev/test. A photo
    # already in manifest.csv keeps its half, so adding photos never moves one between halves.
    fixed = {}
    if os.path.exists(os.path.join(HERE, "manifest.csv")):
        fixed = {r["source_photo"]: r["split"] for r in csv.DictReader(open(os.path.join(HERE, "manifest.csv")))}
    by_category = {}
    for p in photos:
        if "split" not in p and p["id"] in fixed:
            p["split"] = fixed[p["id"]]
        elif "split" not in p:
            by_category.setdefault(p["category"], []).append(p)
    for group in by_category.values():
        for i, p in enumerate(sorted(group, key=lambda p: h(p["id"]))):
            p["split"] = ("dev", "test")[i % 2]
    rows = []
    for p in photos:
        path = obtain(p["obtain"], work)
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        height, width = image.shape[:2]
        digest = sha256(path)
        for turn in p["turns"]:
            rows.append(dict(
                id=f"{p['id']}@{turn:+.1f}", source_photo=p["id"], obtain=p["obtain"], sha256=digest,
                source=p["source"], licence=LICENCES[p["source"]], category=p["category"],
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
