"""Fetches every source photo of manifest.csv into WORK, checks its sha256 and builds the corpus images
(the photo as shot, and its turned copies), deterministically.

    python3 -m bench.horizon.fetch_corpus WORK          # WORK/corpus/*.jpg and WORK/corpus.csv

Sources: Debian packages (apt-get download + dpkg -x into WORK/pkgs, never installed) and three GitHub
repositories at pinned commits (a local mirror under $HORIZON_MIRROR, default /work/.mirror, or a bare
clone into WORK/git). Turned copy: the photo (first reduced to at most 1920 px on the long side) turned
counter-clockwise by `turn` degrees about its centre (bicubic), cropped to the centred largest rectangle of
the same proportions minus 4 px (corpus.turned), JPEG quality 92. The unturned copy is the source file
itself when it is a JPEG of at most 1920 px, else the same reduction saved as JPEG 92. Derived source photos
(id ending ~small or ~portrait, Shore Livecams) are first reduced to 640 px or cropped to the centred 9:16
(corpus.derived), then treated like a photo (never copied as is)."""
import csv
import os
import shutil
import sys

import cv2

from bench.horizon.corpus import derived, turned, variant_of
from bench.horizon.sources import obtain, sha256

HERE = os.path.dirname(os.path.abspath(__file__))

LONG_SIDE = 1920


def file_name(image_id):
    return image_id.replace("/", "__").replace("@", "_") + ".jpg"


def main():
    work = os.path.abspath(sys.argv[1])
    manifest = os.path.join(HERE, "manifest.csv")
    rows = list(csv.DictReader(open(manifest)))
    folder = os.path.join(work, "corpus")
    os.makedirs(folder, exist_ok=True)
    checked, bad = {}, []
    for row in rows:
        source = obtain(row["obtain"], work)
        if source not in checked:
            checked[source] = sha256(source) == row["sha256"]
            if not checked[source]:
                bad.append(row["obtain"])
        out = os.path.join(folder, file_name(row["id"]))
        row["path"] = out
        if os.path.exists(out):
            continue
        variant = variant_of(row["source_photo"])
        image = derived(cv2.imread(source, cv2.IMREAD_COLOR), variant)
        scale = LONG_SIDE / max(image.shape[:2])
        turn = float(row["turn"])
        if turn == 0 and scale >= 1 and not variant and source.lower().endswith((".jpg", ".jpeg")):
            shutil.copyfile(source, out)
            continue
        if scale < 1:
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        cv2.imwrite(out, turned(image, turn), [cv2.IMWRITE_JPEG_QUALITY, 92])
    if bad:
        sys.exit("sha256 mismatch: " + ", ".join(bad))
    with open(os.path.join(work, "corpus.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["path"] + [k for k in rows[0] if k != "path"])
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(checked)} source files verified (sha256), {len(rows)} corpus images in {folder}")


if __name__ == "__main__":
    main()
