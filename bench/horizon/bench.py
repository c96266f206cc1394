"""Runs imgtool horizon and every peer on the horizon corpus (manifest.csv, built by fetch_corpus.py) in one
run and prints, per half (dev / test) and per category, the accuracy and abstention table (see run.sh).

    python3 bench.py --imgtool BIN --work WORK [--split dev|test|all] [--csv per-photo.csv]
                     [--markdown RESULTS.md] [--methods imgtool,LSD] [--jobs 2] [--speed]

Truth: the photo's own roll plus the turn applied (degrees, rising to the right positive), or "none".
Errors are taken modulo 180°. Peers' readings are cached per image in WORK/peer-cache/ (BENCH_FRESH=1
recomputes them); imgtool is run afresh every time, one process per photo."""
import argparse
import csv
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402
import peers  # noqa: E402

GROUPS = ["open", "partial", "distractor", "urban", "interior", "portrait", "small", "all level", "none",
          "landscape level", "landscape none"]
# Photographers' landscapes (LANDSCAPES.md): their source photo ids start with this.
LANDSCAPE_PREFIX = "landscapes/"


def groups_of(row):
    out = [row["category"]]
    if row["format"] == "portrait":
        out.append("portrait")
    if row["size"] == "small":
        out.append("small")
    if row["truth"] != "none":
        out.append("all level")
    if row["source_photo"].startswith(LANDSCAPE_PREFIX):
        out.append("landscape none" if row["truth"] == "none" else "landscape level")
    return out


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


def error(value, truth):
    return abs((value - truth + 90) % 180 - 90)


def summarise(rows, results):
    level = [(r, v) for r, v in zip(rows, results) if r["truth"] != "none"]
    none = [(r, v) for r, v in zip(rows, results) if r["truth"] == "none"]
    errors = [error(v[0], float(r["truth"])) for r, v in level if v[0] is not None]
    return {
        "n": len(rows), "n_level": len(level), "n_none": len(none),
        "answered": len(errors) / len(level) if level else float("nan"),
        "median": float(np.median(errors)) if errors else float("nan"),
        "p90": float(np.percentile(errors, 90)) if errors else float("nan"),
        "max": max(errors) if errors else float("nan"),
        "wrong2": sum(e > 2 for e in errors) / len(level) if level else float("nan"),
        "abstain_none": sum(v[0] is None for _, v in none) / len(none) if none else float("nan"),
        # The measure: answers more than 2° off, or given to a photo without a level reference,
        # as a share of all photos.
        "wrong2_all": (sum(e > 2 for e in errors) + sum(v[0] is not None for _, v in none)) / len(rows)
        if rows else float("nan"),
        "ms": statistics.median(v[2] for v in results) if results else float("nan"),
    }


def fmt(value, kind):
    if isinstance(value, float) and math.isnan(value):
        return "–"
    return {"pct": f"{100 * value:.0f} %", "pct1": f"{100 * value:.1f} %", "deg": f"{value:.2f}", "ms": f"{value:.0f}"}[kind]


def table(rows, results_by_method, split):
    lines = [f"\n### {split} half\n",
             "| group | method | photos (level / none) | answered (level) | median° | P90° | max° | wrong > 2° (of level) | abstained on none | ms/photo |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for group in GROUPS:
        index = [i for i, r in enumerate(rows) if r["split"] == split and group in groups_of(r)]
        if not index:
            continue
        for name, results in results_by_method.items():
            s = summarise([rows[i] for i in index], [results[i] for i in index])
            lines.append(f"| {group} | {name} | {s['n_level']} / {s['n_none']} | {fmt(s['answered'], 'pct')} | "
                         f"{fmt(s['median'], 'deg')} | {fmt(s['p90'], 'deg')} | {fmt(s['max'], 'deg')} | "
                         f"{fmt(s['wrong2'], 'pct1')} | {fmt(s['abstain_none'], 'pct')} | {fmt(s['ms'], 'ms')} |")
    return "\n".join(lines)


def summary(rows, results_by_method):
    """One line per method: the photos with a level reference and those without, per half."""
    halves = [h for h in ("dev", "test") if any(r["split"] == h for r in rows)]
    head = "| method | " + " | ".join(f"{h}: answered | {h}: median° | {h}: P90° | {h}: wrong > 2° | {h}: abstained on none"
                                       f" | {h}: wrong of all" for h in halves) + " |"
    lines = ["\n### Summary (all photos with a level reference; photos without one)\n",
             "wrong of all: answers more than 2° off or on a photo without a level reference, as a share of all "
             "photos of the half.\n", head, "|---|" + "---|" * (6 * len(halves))]
    for name, results in results_by_method.items():
        cells = []
        for h in halves:
            index = [i for i, r in enumerate(rows) if r["split"] == h]
            s = summarise([rows[i] for i in index], [results[i] for i in index])
            cells += [fmt(s["answered"], "pct"), fmt(s["median"], "deg"), fmt(s["p90"], "deg"),
                      fmt(s["wrong2"], "pct1"), fmt(s["abstain_none"], "pct"), fmt(s["wrong2_all"], "pct1")]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def reliability(rows, results):
    """imgtool's confidence against its error, per half: for each confidence band, how many photos with a
    level reference fall in it, how many of them were answered, and the share of answers within 1° and
    more than 2° off; photos without a level reference in the band and how many were answered."""
    bands = [(0.0, 0.3), (0.3, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)]
    lines = ["\n### imgtool confidence against error (photos with a level reference; photos without one)\n",
             "| half | confidence | level photos | answered | within 1° | > 2° off | none photos | none answered |",
             "|---|---|---|---|---|---|---|---|"]
    for half in ("dev", "test"):
        for lo, hi in bands:
            level = [(r, v) for r, v in zip(rows, results) if r["split"] == half and r["truth"] != "none"
                     and v[1] is not None and lo <= v[1] < hi]
            none = [(r, v) for r, v in zip(rows, results) if r["split"] == half and r["truth"] == "none"
                    and v[1] is not None and lo <= v[1] < hi]
            if not level and not none:
                continue
            errors = [error(v[0], float(r["truth"])) for r, v in level if v[0] is not None]
            within = f"{100 * sum(e <= 1 for e in errors) / len(errors):.0f} %" if errors else "–"
            off = f"{100 * sum(e > 2 for e in errors) / len(errors):.0f} %" if errors else "–"
            lines.append(f"| {half} | {lo:.1f}–{min(hi, 1):.1f} | {len(level)} | {len(errors)} | {within} | {off} | "
                         f"{len(none)} | {sum(v[0] is not None for _, v in none)} |")
    return "\n".join(lines)


def timed_rounds(commands, rounds=9):
    """Median wall and CPU milliseconds of each command, run in interleaved rounds so that the load of
    a shared machine falls on all of them alike."""
    samples = {name: ([], []) for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            samples[name][0].append(wall * 1000)
            samples[name][1].append(cpu * 1000)
    return {name: (statistics.median(w), statistics.median(c)) for name, (w, c) in samples.items()}


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
    parser.add_argument("--markdown", help="write the tables here (e.g. bench/horizon/RESULTS.md)")
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
    header = [f"# Horizon bench: imgtool horizon against its peers on the real corpus\n",
              f"Run {time.strftime('%Y-%m-%d %H:%M')}, imgtool {args.imgtool} (tree at {commit or 'unknown'}).",
              f"Corpus (bench/horizon/manifest.csv, LABELLING.md): {len(rows)} images of {len(sources)} source photos "
              f"from {len({r['source'] for r in rows})} sources; split {args.split}. Truth = own roll + applied turn, or none.",
              "Rows: content categories, then portrait-format and small (< 800 px) photos across categories, all photos "
              "with a level reference, and photos without one. answered, median, P90, max: over photos with a level "
              "reference (errors modulo 180°); wrong > 2°: answers more than 2° off as a share of all level photos "
              "of the group; abstained on none: share of photos without a level reference given no angle. ms/photo: "
              "median wall time per photo; imgtool as one process per photo, Python peers in-process (2 workers), "
              "ImageMagick as a process.\n"]
    body = summary(rows, results_by_method) + "\n" + "\n".join(table(rows, results_by_method, split) for split in ("dev", "test")
                     if any(r["split"] == split for r in rows))
    if "imgtool horizon" in results_by_method:
        body += "\n" + reliability(rows, results_by_method["imgtool horizon"])
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
                    err = "" if value is None or r["truth"] == "none" else f"{error(value, float(r['truth'])):.3f}"
                    writer.writerow([r["id"], r["source_photo"], r["source"], r["category"], r["format"], r["size"],
                                     r["split"], r["truth"], name, "" if value is None else f"{value:.3f}",
                                     "" if confidence is None else confidence, err, f"{ms:.1f}"])


if __name__ == "__main__":
    main()
