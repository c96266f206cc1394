"""Runs imgtool horizon and every peer on the horizon corpus (manifest.csv, built by fetch_corpus.py) in one
run and prints, per half (dev / test) and per category, the accuracy and abstention table (see run.sh).

    python3 -m bench.horizon.bench --imgtool BIN --work WORK [--split dev|test|all] [--csv per-photo.csv]
                     [--markdown out.md] [--tables DIR] [--methods imgtool,LSD] [--jobs 2] [--speed]

Truth: the photo's own roll plus the turn applied (degrees, rising to the right positive), or "none".
Errors are taken modulo 180°. Peers' readings are cached per image in WORK/peer-cache/ (BENCH_FRESH=1
recomputes them); imgtool is run afresh every time, one process per photo."""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np

from bench.horizon import corpus, peers
from bench.horizon.scoring import angle_error, half_table, reliability_table, summary_table
from bench.timing import timed_rounds

HERE = os.path.dirname(os.path.abspath(__file__))


def calibration_images(work):
    """A boundary rising to the right by 5° (horizon readers) and bars perpendicular to a line rising by 5°
    (vertical readers), drawn from explicit geometry."""
    a = os.path.join(work, "drawn-rising-5deg.png")
    cv2.imwrite(a, corpus.drawn_slope(5.0))
    b = os.path.join(work, "drawn-verticals-5deg.png")
    image = np.full((640, 1024), 200, np.uint8)
    angle = math.radians(5.0)
    u, n, c = np.array([math.cos(angle), -math.sin(angle)]), np.array([math.sin(angle), math.cos(angle)]), np.array([512, 320])
    for offset in range(-450, 451, 90):
        p = c + u * offset
        quad = np.array([p - n * 250 - u * 8, p - n * 250 + u * 8, p + n * 250 + u * 8, p + n * 250 - u * 8])
        cv2.fillPoly(image, [np.round(quad * 16).astype(np.int32)], 60, lineType=cv2.LINE_AA, shift=4)
    cv2.imwrite(b, image)
    return [a, b]


def calibrate(method, work):
    """+1 or −1 so that a drawn +5° scene reads positive (the first calibration image the method answers
    within 3–7°)."""
    readings = []
    for path in calibration_images(work):
        value = method(path)
        readings.append(value)
        if value is not None and 3 <= abs(value) <= 7:
            return (1 if value > 0 else -1), readings
    return 1, readings


def imgtool_method(binary):
    def detect(path):
        out = subprocess.run([binary, "horizon", "--json", path], capture_output=True, text=True)
        record = json.loads(out.stdout)
        return (record["angle"] if record["found"] else None), record.get("confidence")
    return detect


def _run_peer(args):
    name, path = args
    method = dict(peers.PEERS)[name]
    start = time.perf_counter()
    try:
        value = method(path)
    except Exception as error:  # a peer that crashes on a photo abstains on it
        print(f"  {name} failed on {path}: {error}", file=sys.stderr)
        value = None
    return value, (time.perf_counter() - start) * 1000


def run_peer(name, rows, work, jobs):
    cache_path = os.path.join(work, "peer-cache", "".join(ch if ch.isalnum() else "-" for ch in name) + ".json")
    os.makedirs(os.path.dirname(cache_path), exist_ok=True)
    cache = {}
    if os.path.exists(cache_path) and not os.environ.get("BENCH_FRESH"):
        cache = json.load(open(cache_path))
    todo = [r for r in rows if r["id"] not in cache]
    if todo:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for row, (value, ms) in zip(todo, pool.map(_run_peer, [(name, r["path"]) for r in todo], chunksize=4)):
                cache[row["id"]] = [value, ms]
        json.dump(cache, open(cache_path, "w"))
    return [(cache[r["id"]][0], None, cache[r["id"]][1]) for r in rows]


def run_imgtool(binary, rows):
    detect = imgtool_method(binary)
    out = []
    for row in rows:
        start = time.perf_counter()
        value, confidence = detect(row["path"])
        out.append((value, confidence, (time.perf_counter() - start) * 1000))
    return out


def speed(binary, work, source):
    """The speed target on a 22-megapixel JPEG (a corpus photo enlarged to 6400×4000, turned by 3°)."""
    big = os.path.join(work, "big-22mp-v2.jpg")
    if not os.path.exists(big):
        image = cv2.imread(source)
        image = cv2.resize(image, (6400, 4000), interpolation=cv2.INTER_LANCZOS4)
        cv2.imwrite(big, corpus.turned(image, 3.0), [cv2.IMWRITE_JPEG_QUALITY, 90])
    times = timed_rounds({
        "thumb": ["vipsthumbnail", big, "-s", "1024", "-o", os.path.join(work, "thumb.jpg")],
        "detect": [binary, "horizon", big, "-q"],
    })
    (thumb_wall, thumb_cpu), (wall, cpu) = times["thumb"], times["detect"]
    return (f"\nSpeed on a 22-MP JPEG (medians of 9 interleaved rounds; load {os.getloadavg()[0]:.1f}): "
            f"vipsthumbnail -s 1024 {thumb_wall:.0f} ms wall, {thumb_cpu:.0f} ms CPU; imgtool horizon "
            f"{wall:.0f} ms wall, {cpu:.0f} ms CPU = {wall / thumb_wall:.2f} × wall, {cpu / thumb_cpu:.2f} × CPU "
            f"(target ≤ 1.5 × wall).\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--imgtool", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--csv", help="write one row per photo and method here")
    parser.add_argument("--markdown", help="write the run's report (header, tables, notes) here")
    parser.add_argument("--tables", help="write each table as a CSV into this folder (summary, dev-half, test-half, "
                        "reliability), for a generated section of RESULTS.md (python3 -m bench.tables)")
    parser.add_argument("--methods", help="comma-separated substrings of method names to run (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the peers (imgtool runs alone)")
    parser.add_argument("--speed", action="store_true", help="also time the 22-megapixel speed target")
    args = parser.parse_args()
    rows = list(csv.DictReader(open(os.path.join(args.work, "corpus.csv"))))
    if args.split != "all":
        rows = [r for r in rows if r["split"] == args.split]
    names = ["imgtool horizon"] + [name for name, _ in peers.PEERS]
    if args.methods:
        wanted = [w.strip().lower() for w in args.methods.split(",")]
        names = [n for n in names if any(w in n.lower() for w in wanted)]
    results_by_method = {}
    notes = []
    for name in names:
        method = imgtool_method(args.imgtool) if name == "imgtool horizon" else dict(peers.PEERS)[name]
        wrapped = (lambda p, m=method: m(p)[0]) if name == "imgtool horizon" else method
        sign, readings = calibrate(wrapped, args.work)
        started = time.time()
        raw = run_imgtool(args.imgtool, rows) if name == "imgtool horizon" else run_peer(name, rows, args.work, args.jobs)
        results_by_method[name] = [(None if v is None else sign * v, c, ms) for v, c, ms in raw]
        notes.append(f"{name}: drawn +5° scenes read {readings}, sign {sign:+d}")
        print(f"  {name}: {time.time() - started:.0f} s, sign {sign:+d} (drawn +5° read {readings})", file=sys.stderr)
    sources = {r["source_photo"] for r in rows}
    commit = subprocess.run(["git", "-C", HERE, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    header = ["# Horizon bench: imgtool horizon against its peers on the real corpus\n",
              f"Run {time.strftime('%Y-%m-%d %H:%M')}, imgtool {args.imgtool} (tree at {commit or 'unknown'}).",
              f"Corpus (bench/horizon/manifest.csv, LABELLING.md): {len(rows)} images of {len(sources)} source photos "
              f"from {len({r['source'] for r in rows})} sources; split {args.split}. Truth = own roll + applied turn, or none.",
              "Rows: content categories, then portrait-format and small (< 800 px) photos across categories, all photos "
              "with a level reference, and photos without one. answered, median, P90, max: over photos with a level "
              "reference (errors modulo 180°); wrong > 2°: answers more than 2° off as a share of all level photos "
              "of the group; abstained on none: share of photos without a level reference given no angle. ms/photo: "
              "median wall time per photo; imgtool as one process per photo, Python peers in-process (2 workers), "
              "ImageMagick as a process.\n"]
    named = [("summary", "### Summary (all photos with a level reference; photos without one)\n\nwrong of all: answers "
              "more than 2° off or on a photo without a level reference, as a share of all photos of the half.",
              summary_table(rows, results_by_method))]
    named += [(f"{split}-half", f"### {split} half", half_table(rows, results_by_method, split))
              for split in ("dev", "test") if any(r["split"] == split for r in rows)]
    if "imgtool horizon" in results_by_method:
        named.append(("reliability", "### imgtool confidence against error (photos with a level reference; photos "
                      "without one)", reliability_table(rows, results_by_method["imgtool horizon"])))
    body = "".join(f"\n{title}\n\n{table.markdown()}\n" for _, title, table in named)
    if args.tables:
        for name, _, table in named:
            table.write_csv(os.path.join(args.tables, name + ".csv"))
    text = "\n".join(header) + body + "\n\nSign calibration:\n" + "\n".join(f"- {n}" for n in notes) + "\n"
    if args.speed and "imgtool horizon" in results_by_method:
        source = next(r["path"] for r in rows if r["id"].startswith("plasma-workspace-wallpapers/summer_1am@+0.0"))
        text += speed(args.imgtool, args.work, source)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["id", "source_photo", "source", "category", "format", "size", "split", "truth",
                             "method", "angle", "confidence", "abs_error", "ms"])
            for name, results in results_by_method.items():
                for r, (value, confidence, ms) in zip(rows, results):
                    err = "" if value is None or r["truth"] == "none" else f"{angle_error(value, float(r['truth'])):.3f}"
                    writer.writerow([r["id"], r["source_photo"], r["source"], r["category"], r["format"], r["size"],
                                     r["split"], r["truth"], name, "" if value is None else f"{value:.3f}",
                                     "" if confidence is None else confidence, err, f"{ms:.1f}"])


if __name__ == "__main__":
    main()
