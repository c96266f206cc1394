"""Runs imgtool horizon and the peers on the corpus in one run and prints the table (see run.sh)."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import corpus  # noqa: E402
import peers  # noqa: E402

# Sources whose horizon was measured level within ±0.1° (Assets/LICENSES.md): absolute truth.
VERIFIED = {"summer_1am", "DarkestHour", "ColdRipple"}


def percentile(values, q):
    return float(np.percentile(values, q)) if values else float("nan")


def calibrate(method, work):
    """+1 or −1 so that a boundary drawn rising to the right reads positive."""
    path = os.path.join(work, "drawn-rising-5deg.png")
    cv2.imwrite(path, corpus.drawn_slope(5.0))
    reading = method(path)
    return -1 if reading is not None and reading < 0 else 1, reading


def run_method(method, sign, cases, cache=None):
    """Readings and times; a peer's are kept in `cache` (a JSON file) and reused by later runs
    unless BENCH_FRESH=1, since only imgtool changes between runs."""
    if cache and os.path.exists(cache) and not os.environ.get("BENCH_FRESH"):
        with open(cache) as f:
            stored = json.load(f)
        if [c[0] for c in cases] == stored["paths"]:
            return stored["results"], stored["times"]
    results, times = [], []
    for path, *_ in cases:
        start = time.perf_counter()
        value = method(path)
        times.append((time.perf_counter() - start) * 1000)
        results.append(None if value is None else sign * value)
    if cache:
        with open(cache, "w") as f:
            json.dump({"paths": [c[0] for c in cases], "results": results, "times": times}, f)
    return results, times


def summarise(name, cases, results, times):
    absolute, relative = [], []
    abstained_horizon = horizon_count = abstained_partial = partial_count = 0
    abstained_none = none_count = 0
    originals = {}
    for (path, kind, truth, source), value in zip(cases, results):
        if truth is not None and path.endswith("_+0.0.jpg"):
            originals[source] = value
    for (path, kind, truth, source), value in zip(cases, results):
        if truth is not None:
            horizon_count += kind == "horizon"
            partial_count += kind == "partial"
            if value is None:
                abstained_horizon += kind == "horizon"
                abstained_partial += kind == "partial"
            elif source in VERIFIED:
                absolute.append(abs(value - truth))
            elif originals.get(source) is not None:
                applied = float(path.rsplit("_", 1)[1][:-4])
                relative.append(abs(value - originals[source] - applied))
        else:
            none_count += 1
            abstained_none += value is None
    return {
        "name": name,
        "median": percentile(absolute, 50), "p90": percentile(absolute, 90), "p95": percentile(absolute, 95),
        "max": max(absolute) if absolute else float("nan"),
        "within05": sum(e <= 0.5 for e in absolute) / max(len(absolute), 1),
        "within1": sum(e <= 1 for e in absolute) / max(len(absolute), 1),
        "rel_median": percentile(relative, 50), "rel_p90": percentile(relative, 90),
        "abst_horizon": abstained_horizon / max(horizon_count, 1),
        "abst_none": abstained_none / max(none_count, 1),
        "abst_partial": abstained_partial / max(partial_count, 1),
        "ms": statistics.median(times), "n_abs": len(absolute), "n_rel": len(relative),
    }


def print_table(rows):
    ours = rows[0]
    header = ("method", "median°", "P90°", "P95°", "max°", "≤0.5°", "≤1°", "rel.med°", "rel.P90°",
              "abst.clear", "abst.partial", "abst.none", "ms/photo", "median×", "time×")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        ratio = r["median"] / ours["median"] if ours["median"] > 0 else float("nan")
        print(f"| {r['name']} | {r['median']:.3f} | {r['p90']:.3f} | {r['p95']:.3f} | {r['max']:.2f} | "
              f"{100 * r['within05']:.0f} % | {100 * r['within1']:.0f} % | {r['rel_median']:.3f} | {r['rel_p90']:.3f} | "
              f"{100 * r['abst_horizon']:.0f} % | {100 * r['abst_partial']:.0f} % | {100 * r['abst_none']:.0f} % | {r['ms']:.0f} | "
              f"{ratio:.1f} | {r['ms'] / ours['ms']:.1f} |")


def timed(command, runs=5):
    best = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        best.append((time.perf_counter() - start) * 1000)
    return statistics.median(best)


def speed(binary, work):
    """The speed targets on a 22-megapixel JPEG: a real photo enlarged to 6400×4000, turned by 3°
    and cropped to the same-aspect rectangle."""
    big = os.path.join(work, "big-22mp-v2.jpg")
    if not os.path.exists(big):
        image = cv2.imread(corpus.WALL.format("summer_1am", "2560x1600"))
        image = cv2.resize(image, (6400, 4000), interpolation=cv2.INTER_LANCZOS4)
        cv2.imwrite(big, corpus.turned(image, 3.0), [cv2.IMWRITE_JPEG_QUALITY, 90])
    width, height = (int(subprocess.run(["vipsheader", "-f", field, big], capture_output=True, text=True).stdout)
                     for field in ("width", "height"))
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    thumb = timed(["vipsthumbnail", big, "-s", "1024", "-o", os.path.join(out, "thumb.jpg")])
    detect = timed([binary, "horizon", big])
    fix = timed([binary, "horizon", big, "--fix", "-o", os.path.join(out, "fixed.jpg")])
    # The same-aspect crop imgtool keeps after a 3° turn.
    k = min(width / (width * np.cos(np.radians(3)) + height * np.sin(np.radians(3))),
            height / (width * np.sin(np.radians(3)) + height * np.cos(np.radians(3))))
    magick = timed(["convert", big, "-rotate", "-3", "-gravity", "center",
                    "-crop", f"{int(k * width)}x{int(k * height)}+0+0", "+repage", os.path.join(out, "magick.jpg")], runs=3)
    size = os.path.getsize(big) / 1e6
    print(f"\nSpeed on {big} ({width}×{height} = {width * height / 1e6:.1f} MP, {size:.1f} MB), median wall time of 5 runs (ImageMagick 3):")
    print(f"| step | ms | ratio |\n|---|---|---|")
    print(f"| vipsthumbnail -s 1024 (decoding floor) | {thumb:.0f} | 1.00 |")
    print(f"| imgtool horizon (detect) | {detect:.0f} | {detect / thumb:.2f} × thumbnail (target ≤ 1.5) |")
    print(f"| imgtool horizon --fix (detect, turn + crop, JPEG save) | {fix:.0f} | {fix / magick:.2f} × ImageMagick |")
    print(f"| ImageMagick convert -rotate -3 -crop (turn + crop only) | {magick:.0f} | 1.00 |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--imgtool", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    pkgs = os.path.join(args.work, "pkgs", "root")
    cases = corpus.build(args.work, pkgs)
    clear = [c for c in cases if c[1] == "horizon"]
    partial = [c for c in cases if c[1] == "partial"]
    print(f"Corpus: {len(clear)} turned photos of clear horizons ({len({c[3] for c in clear})} sources) and "
          f"{len(partial)} of partial ones ({len({c[3] for c in partial})} sources), turns "
          f"{min(corpus.ANGLES)}…{max(corpus.ANGLES)}°, {corpus.LONG_SIDE} px JPEG Q92; "
          f"{sum(c[2] is None for c in cases)} photos without a horizon or with a distractor, turned 0, 3, -7, 12°.")
    methods = [("imgtool horizon", peers.imgtool(args.imgtool))] + peers.PEERS
    rows = []
    for name, method in methods:
        sign, reading = calibrate(method, args.work)
        cache = None if name.startswith("imgtool") else os.path.join(
            args.work, "results-" + "".join(ch if ch.isalnum() else "-" for ch in name) + ".json")
        results, times = run_method(method, sign, cases, cache)
        rows.append(summarise(name, cases, results, times))
        print(f"  {name}: drawn +5° line read {reading}, sign {sign:+d}", file=sys.stderr)
    print("\nAbsolute error on sources measured level (summer_1am, DarkestHour, ColdRipple); relative error "
          "(reading − reading of the unturned photo − turn) on the others (EveningGlow, skagen, digikam lake, maldives).")
    print("Without a horizon: Kite (sky), FallenLeaf (macro), OneStandsOut (foliage), ColorfulCups, Grey (architecture "
          "close-up); distractor: BytheWater (sharp diagonal planks, blurred shore).")
    print("Abstentions: share of clear- and partial-horizon photos without an answer (lower is better) and of "
          "no-horizon/distractor photos without an answer (higher is better). ms/photo: median per photo; imgtool as a process "
          "(start-up, decode, shrink), Python peers in-process after start-up, ImageMagick as a process.\n")
    print_table(rows)
    speed(args.imgtool, args.work)


if __name__ == "__main__":
    main()
