"""Self-consistency of imgtool horizon and its peers: no labels needed (issue 22).

For every photo (each source photo of the corpus as it is, plus the unlabelled photos of photos.csv when
given), copies are made: turned by ±3°, ±8°, ±15° (same-aspect inscribed crop, corpus.turned), halved
(INTER_AREA), re-encoded at JPEG quality 75, and cropped 5 % off one edge (which edge: a hash of the id).
A turned copy must be answered with the photo's own answer plus the turn (positive = counter-clockwise,
the horizon then rises to the right); the other copies with the photo's own answer. A copy of a photo that
was not answered should not be answered either.

    python3 -m bench.horizon.selfcheck --imgtool BIN --work WORK [--methods imgtool,LSD] [--markdown out.md]
                                       [--tables DIR] [--csv out.csv]
                         [--limit N] [--jobs 2]

Copies are written once into WORK/selfcheck/ (JPEG quality 95 except the q75 copy). imgtool is run in one
batch process (`-j 2`); the peers' answers are cached per image in WORK/peer-cache/ as in bench.py."""
import argparse
import csv
import hashlib
import json
import os
import subprocess
import sys
import time

import cv2

from bench.horizon import bench, corpus, peers
from bench.horizon.scoring import KINDS, LANDSCAPE_PREFIX, TURNS, angle_error, expected_shift, imgtool_records
from bench.horizon.scoring import self_check_tables

HERE = os.path.dirname(os.path.abspath(__file__))


def photos(work, extra):
    """(id, path, group) of every photo: each corpus source photo as it is, and the extra unlabelled ones."""
    rows = list(csv.DictReader(open(os.path.join(work, "corpus.csv"))))
    out = []
    for r in rows:
        if float(r["turn"]) == 0:
            if r["source_photo"].startswith(LANDSCAPE_PREFIX):
                group = "landscape photos, no reference" if r["truth"] == "none" else "landscape photos"
            elif r["truth"] == "none":
                group = "no level reference"
            else:
                group = {"open": "landscape (webcams, packages)", "partial": "landscape (webcams, packages)",
                         "distractor": "landscape (webcams, packages)" if r["source"] == "shore-livecams" else "street/building",
                         "urban": "street/building", "interior": "interior",
                         "wide crops": "wide crops"}[r["category"]]  # wide.py's crops
            out.append((r["id"], r["path"], group, r["split"]))
    if extra:
        for r in csv.DictReader(open(extra)):
            out.append((r["id"], r["path"], r.get("group") or "unlabelled", r.get("split") or "-"))
    return out


def copy_path(work, photo_id, kind):
    name = photo_id.replace("/", "__").replace("@", "_")
    slug = kind.replace(" ", "").replace("°", "").replace("%", "pc")
    return os.path.join(work, "selfcheck", f"{name}#{slug}.jpg")


def make_copies(work, photo_id, path):
    """The copies of one photo (made once; existing files are kept)."""
    wanted = {kind: copy_path(work, photo_id, kind) for kind in KINDS}
    if all(os.path.exists(p) for p in wanted.values()):
        return wanted
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    os.makedirs(os.path.dirname(next(iter(wanted.values()))), exist_ok=True)
    for turn, kind in zip(TURNS, KINDS):
        cv2.imwrite(wanted[kind], corpus.turned(image, turn), [cv2.IMWRITE_JPEG_QUALITY, 95])
    height, width = image.shape[:2]
    half = cv2.resize(image, (max(1, round(width / 2)), max(1, round(height / 2))), interpolation=cv2.INTER_AREA)
    cv2.imwrite(wanted["half size"], half, [cv2.IMWRITE_JPEG_QUALITY, 95])
    cv2.imwrite(wanted["JPEG q75"], image, [cv2.IMWRITE_JPEG_QUALITY, 75])
    edge = int(hashlib.sha256(photo_id.encode()).hexdigest(), 16) % 4
    cut_x, cut_y = round(0.05 * width), round(0.05 * height)
    cropped = [image[:, cut_x:], image[:, :width - cut_x], image[cut_y:, :], image[:height - cut_y, :]][edge]
    cv2.imwrite(wanted["crop 5 %"], cropped, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return wanted


def run_imgtool_batch(binary, paths, work):
    """imgtool horizon --json over all paths in one process (-j 2): path → angle or None, and confidence.
    Cached in WORK/imgtool-cache/ by the binary's SHA-256 (a rebuilt binary is run afresh) and
    SELFCHECK_TAG (set it when the same binary runs with other settings)."""
    digest = hashlib.sha256(open(binary, "rb").read()).hexdigest()[:16]
    cache_path = os.path.join(work, "imgtool-cache", digest + os.environ.get("SELFCHECK_TAG", "") + ".json")
    os.makedirs(os.path.dirname(cache_path), exist_ok=True)
    out = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    todo = [p for p in paths if p not in out]
    chunk = 400
    for start in range(0, len(todo), chunk):
        part = todo[start:start + chunk]
        done = subprocess.run([binary, "horizon", "--json", "-j", "2", *part], capture_output=True, text=True)
        out.update(imgtool_records(done.stdout))
        json.dump(out, open(cache_path, "w"))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--imgtool", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--photos", help="extra unlabelled photos: a CSV with id,path[,group,split]")
    parser.add_argument("--methods", help="comma-separated substrings of method names to run (default: all)")
    parser.add_argument("--markdown", help="write the tables here")
    parser.add_argument("--tables", help="write the two tables as CSVs into this folder (by-group, by-copy)")
    parser.add_argument("--csv", help="write one row per copy and method here")
    parser.add_argument("--limit", type=int, help="only the first N photos (quick looks)")
    parser.add_argument("--every", type=int, default=1, help="every Nth photo only (a fixed subset, e.g. for the peers)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--groups", help="comma-separated substrings: only photos of matching groups")
    args = parser.parse_args()
    photo_list = photos(args.work, args.photos)
    if args.groups:
        wanted_groups = [g.strip() for g in args.groups.split(",")]
        photo_list = [p for p in photo_list if any(g in p[2] for g in wanted_groups)]
    photo_list = photo_list[::args.every]
    if args.limit:
        photo_list = photo_list[:args.limit]
    started = time.time()
    copies = {p[0]: make_copies(args.work, p[0], p[1]) for p in photo_list}
    print(f"  copies of {len(photo_list)} photos ready: {time.time() - started:.0f} s", file=sys.stderr)
    names = ["imgtool horizon"] + [name for name, _ in peers.PEERS]
    if args.methods:
        wanted = [w.strip().lower() for w in args.methods.split(",")]
        names = [n for n in names if any(w in n.lower() for w in wanted)]
    items = [(p[0], "as is", p[1]) for p in photo_list] + [(p[0], k, copies[p[0]][k]) for p in photo_list for k in KINDS]
    answers_by_method = {}
    notes = []
    for name in names:
        started = time.time()
        if name == "imgtool horizon":
            sign = 1
            found = run_imgtool_batch(args.imgtool, [path for _, _, path in items], args.work)
            values = [found.get(path, (None, None))[0] for _, _, path in items]
        else:
            sign, readings = bench.calibrate(dict(peers.PEERS)[name], args.work)
            rows = [{"id": pid if kind == "as is" else f"selfcheck/{pid}#{kind}", "path": path} for pid, kind, path in items]
            values = [v for v, _, _ in bench.run_peer(name, rows, args.work, args.jobs)]
            notes.append(f"{name}: sign {sign:+d} (drawn +5° read {readings})")
        answers = {}
        for (pid, kind, _), value in zip(items, values):
            answers.setdefault(pid, {})[kind] = None if value is None else sign * value
        answers_by_method[name] = answers
        print(f"  {name}: {time.time() - started:.0f} s", file=sys.stderr)
    by_group, by_copy = self_check_tables(photo_list, answers_by_method)
    commit = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    text = (f"Run {time.strftime('%Y-%m-%d %H:%M')}, imgtool {args.imgtool} (tree at {commit or 'unknown'}); "
            f"{len(photo_list)} photos, {len(KINDS)} copies each.\n\n{by_group.markdown()}\n\nPer kind of copy (all photos):\n\n"
            f"{by_copy.markdown()}\n")
    if args.tables:
        by_group.write_csv(os.path.join(args.tables, "by-group.csv"))
        by_copy.write_csv(os.path.join(args.tables, "by-copy.csv"))
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["photo", "group", "split", "method", "copy", "photo_angle", "copy_angle", "expected", "deviation"])
            for name, answers in answers_by_method.items():
                for pid, _, group, split in photo_list:
                    own = answers[pid]["as is"]
                    for kind in KINDS:
                        value = answers[pid][kind]
                        expected = None if own is None else own + expected_shift(kind)
                        dev = "" if value is None or expected is None else f"{angle_error(value, expected):.3f}"
                        writer.writerow([pid, group, split, name, kind, "" if own is None else f"{own:.3f}",
                                         "" if value is None else f"{value:.3f}", "" if expected is None else f"{expected:.3f}", dev])


if __name__ == "__main__":
    main()
