"""The sea category: public maritime horizon data sets with their own ground-truth horizon lines (SEA.md), kept
in their own manifest (sea_manifest.csv, manifest.csv's columns) beside the corpus.

    python3 -m bench.horizon.sea manifest WORK        # writes sea_manifest.csv (only when the sources change)
    python3 -m bench.horizon.sea fetch WORK           # WORK/sea/*.png, checked by SHA-256, and WORK/sea.csv
    python3 -m bench.horizon.sea run --imgtool BIN --work WORK [--overlays DIR]
                                                      # data/sea/per-image.csv and data/sea/summary.csv

InfML-HDD (github FJsRepo/InfML-HDD at a pinned commit): the test clip 5_test, 466 infrared frames of a
ship-borne camera (384×288 PNG) with 13 hand-labelled points on each horizon (TuSimple-style JSON). Truth: the
least-squares line through the 13 points, roll = −atan(slope) (y down, so a line rising to the right is
positive, as in the corpus). 150 frames are taken evenly spaced along the clip, as shot (no turned copies:
the ship's own roll already spans about −14…+9°). The clip is one camera and one sequence, hence one source:
all its frames sit in one half, test (nothing was tuned on them)."""
import argparse
import csv
import json
import math
import os
import shutil
import statistics
import sys

from bench.horizon.scoring import angle_error, percentile
from bench.horizon.sources import obtain, sha256
from bench.tables import Table

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.path.join(HERE, "sea_manifest.csv")
DATA = os.path.join(HERE, "data", "sea")

INFML = ("FJsRepo/InfML-HDD", "8521e703c15f979368a5c194f853262f7e491de0")
INFML_LABELS = "data/test_set/test_data_5_test.json"
INFML_LICENCE = ("InfML-HDD test clip (Fu et al., infrared maritime horizon set): MIT (LICENSE.new, Copyright (c) "
                 "2022 FuJian, whole repository; LICENSE is PolyLaneNet's MIT); copy in github FJsRepo/InfML-HDD")
SAMPLED = 150
THRESHOLD = 0.50
COLUMNS = ["id", "source_photo", "obtain", "sha256", "source", "licence", "category", "format", "size", "width",
           "height", "own_roll", "turn", "truth", "split", "note"]


def least_squares(xs, ys):
    """(a, b) of the least-squares line y = a·x + b through the points."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return a, my - a * mx


def fitted_roll(xs, ys):
    """The roll (degrees, rising to the right positive) of the least-squares line through the points (pixel
    coordinates, y down), and the points' residual spread (px) about it."""
    a, b = least_squares(xs, ys)
    return -math.degrees(math.atan(a)), statistics.pstdev([y - (a * x + b) for x, y in zip(xs, ys)])


def label_line(label):
    """(a, b) of the least-squares line y = a·x + b through a label's points."""
    return least_squares(label["x_coordinate"], label["y_coordinate"])


def evenly_spaced(count, wanted):
    """`wanted` indices spread evenly over range(count), first and last included (all of them if count ≤ wanted)."""
    if count <= wanted:
        return list(range(count))
    return [round(i * (count - 1) / (wanted - 1)) for i in range(wanted)]


def infml_rows(work):
    """sea_manifest.csv's rows for the InfML-HDD clip (see the module's note)."""
    repo, commit = INFML
    labels = sorted(infml_labels(work).items())
    rows = []
    for index in evenly_spaced(len(labels), SAMPLED):
        inside, label = labels[index]
        spec = f"github:{repo}@{commit}:{inside}"
        path = obtain(spec, work)
        width, height = png_size(path)
        roll, spread = fitted_roll(label["x_coordinate"], label["y_coordinate"])
        roll = round(roll, 3) + 0.0  # no "-0.000"
        name = os.path.splitext(os.path.basename(inside))[0]
        rows.append(dict(
            id=f"infml-hdd/5_test/{name}@+0.0", source_photo=f"infml-hdd/5_test/{name}", obtain=spec,
            sha256=sha256(path), source="infml-hdd", licence=INFML_LICENCE, category="sea",
            format="portrait" if height > width else "landscape", size="small" if max(width, height) < 800 else "normal",
            width=width, height=height, own_roll=f"{roll:.3f}", turn="+0.0", truth=f"{roll:.3f}", split="test",
            note=f"infrared; sequence 5_test (one camera, one source: all test); frame {index + 1} of {len(labels)}; "
                 f"least-squares line through the 13 labelled points, residual sd {spread:.2f} px"))
    return rows


def png_size(path):
    """(width, height) from a PNG's IHDR chunk."""
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"not a PNG: {path}")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def write_manifest(work):
    rows = infml_rows(work)
    with open(MANIFEST, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} images -> {MANIFEST}")


def fetch(work):
    """Copies every image of sea_manifest.csv into WORK/sea (as shot: no re-encoding), checking its SHA-256, and
    writes WORK/sea.csv (the manifest plus a path column)."""
    from bench.horizon.sources import obtain
    rows = list(csv.DictReader(open(MANIFEST)))
    folder = os.path.join(work, "sea")
    os.makedirs(folder, exist_ok=True)
    bad = []
    for row in rows:
        source = obtain(row["obtain"], work)
        if sha256(source) != row["sha256"]:
            bad.append(row["obtain"])
        out = os.path.join(folder, row["source_photo"].replace("/", "__") + os.path.splitext(source)[1])
        if not os.path.exists(out):
            shutil.copyfile(source, out)
        row["path"] = out
    if bad:
        sys.exit("sha256 mismatch: " + ", ".join(bad))
    with open(os.path.join(work, "sea.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["path"] + COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} images verified (sha256) in {folder}")
    return rows


def summary(rows, answers, threshold=None):
    """answered / median / P90 / share > 2° off over rows (all with a truth): answers = (angle or None,
    confidence or None) per row; with a threshold, answers below it count as abstentions."""
    errors = []
    for row, (angle, confidence) in zip(rows, answers):
        if angle is None or (threshold is not None and (confidence or 0) < threshold):
            continue
        errors.append(angle_error(angle, float(row["truth"])))
    n = len(rows)
    return {"n": n, "answered": len(errors) / n if n else float("nan"),
            "median": statistics.median(errors) if errors else float("nan"),
            "p90": percentile(errors, 90) if errors else float("nan"),
            "wrong2": sum(e > 2 for e in errors) / n if n else float("nan"),
            "wrong2_answered": sum(e > 2 for e in errors) / len(errors) if errors else float("nan")}


def summary_table(rows, answers_by_method):
    def pct(v):
        return "–" if math.isnan(v) else f"{100 * v:.0f} %"

    def deg(v):
        return "–" if math.isnan(v) else f"{v:.2f}"
    table = Table(["data set", "half", "method", "images", "answered", "median abs error", "P90", "> 2° off (of all)",
                   "> 2° off (of answered)"], [], align="lllrrrrrr")
    for split in ("dev", "test"):
        picked = [i for i, r in enumerate(rows) if r["split"] == split]
        if not picked:
            table.rows.append(["infml-hdd", split, "(no images: one sequence, all in test)", "0", "–", "–", "–", "–",
                               "–"])
            continue
        for name, (answers, threshold) in answers_by_method.items():
            s = summary([rows[i] for i in picked], [answers[i] for i in picked], threshold)
            table.rows.append(["infml-hdd", split, name, str(s["n"]), pct(s["answered"]), deg(s["median"]),
                               deg(s["p90"]), pct(s["wrong2"]), pct(s["wrong2_answered"])])
    return table


def run_imgtool(binary, paths, work):
    """offline.py's evidence run (`imgtool horizon --json --evidence --min-confidence 0`) over all the files, into
    WORK/sea-evidence.jsonl: path → the JSON record."""
    from bench.horizon.offline import load_evidence, run_evidence  # OpenCV: the bench's venv
    out = os.path.join(work, "sea-evidence.jsonl")
    run_evidence(binary, paths, out)
    records = load_evidence(out)
    missing = [p for p in paths if p not in records]
    if missing:
        sys.exit(f"imgtool gave no record for {len(missing)} files")
    return records


def edge_roll(path, line, band=6):
    """An independent reading of the labelled horizon: in every second column, the strongest vertical gradient
    (σ = 1.2 px blur, sub-pixel by a parabola) within ± band px of the label's line, then a line through those
    points refitted without the ones more than 1.5 px off it. (roll in degrees, share of columns kept)."""
    import cv2
    import numpy as np
    grey = cv2.GaussianBlur(cv2.imread(path, cv2.IMREAD_GRAYSCALE).astype(np.float32), (0, 0), 1.2)
    gradient = np.abs(cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3))
    a, b = line
    height, width = grey.shape
    xs, ys = [], []
    for x in range(4, width - 4, 2):
        low, high = round(a * x + b - band), round(a * x + b + band)
        if low < 1 or high > height - 2:
            continue
        column = gradient[low:high + 1, x]
        i = int(np.argmax(column))
        if 0 < i < len(column) - 1:
            curvature = column[i - 1] - 2 * column[i] + column[i + 1]
            i += 0.5 * (column[i - 1] - column[i + 1]) / curvature if curvature else 0
        xs.append(x)
        ys.append(low + i)
    xs, ys = np.array(xs, float), np.array(ys, float)
    keep = np.ones(len(xs), bool)
    for _ in range(5):
        slope, offset = np.polyfit(xs[keep], ys[keep], 1)
        keep = np.abs(ys - (slope * xs + offset)) < 1.5
    return -math.degrees(math.atan(slope)), float(keep.mean())


def centre_offset(answer_line, line, width):
    """How far below the labelled horizon (px, at the centre column) an answer's line lies; None without one."""
    if not answer_line:
        return None
    (x0, y0), (x1, y1) = answer_line
    x = width / 2
    y = y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 != x0 else (y0 + y1) / 2
    a, b = line
    return y - (a * x + b)


def draw_overlay(path, label, answer_line, out):
    """The image ×3 with the labelled points (red circles), the truth line (green) and imgtool's line (blue)."""
    import cv2
    image = cv2.resize(cv2.imread(path), None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST)
    a, b = label_line(label)
    width = image.shape[1] / 3
    cv2.line(image, (0, round(3 * b)), (round(3 * width), round(3 * (a * width + b))), (0, 200, 0), 1)
    for x, y in zip(label["x_coordinate"], label["y_coordinate"]):
        cv2.circle(image, (round(3 * x), round(3 * y)), 5, (0, 0, 255), 1)
    if answer_line:
        (x0, y0), (x1, y1) = answer_line
        cv2.line(image, (round(3 * x0), round(3 * y0)), (round(3 * x1), round(3 * y1)), (255, 0, 0), 1)
    cv2.imwrite(out, image)


def infml_labels(work):
    """The clip's labels by the image path inside the repository."""
    from bench.horizon.sources import obtain
    repo, commit = INFML
    lines = open(obtain(f"github:{repo}@{commit}:{INFML_LABELS}", work)).read().splitlines()
    return {f"data/test_set/{label['raw_file']}": label for label in (json.loads(x) for x in lines if x.strip())}


def where_table(rows, offsets, answers, band=6.0):
    """Where imgtool's line lies against the labelled horizon at the centre column, per half."""
    table = Table(["half", "answers", "on the labelled horizon (± 6 px)", "below it (sea bands)", "above it (sky)",
                   "of those on it: median abs error", "of those below: median abs error"], [], align="lrrrrrr")
    for split in ("dev", "test"):
        picked = [i for i, r in enumerate(rows) if r["split"] == split and offsets[i] is not None]
        if not picked:
            continue
        on = [i for i in picked if abs(offsets[i]) <= band]
        below = [i for i in picked if offsets[i] > band]
        above = [i for i in picked if offsets[i] < -band]

        def median_error(group):
            errors = [angle_error(answers[i][0], float(rows[i]["truth"])) for i in group]
            return f"{statistics.median(errors):.2f}" if errors else "–"
        table.rows.append([split, str(len(picked)), str(len(on)), str(len(below)), str(len(above)), median_error(on),
                           median_error(below)])
    return table


def run(args):
    from bench.horizon import bench, peers
    rows = fetch(args.work)
    labels = infml_labels(args.work)
    paths = [r["path"] for r in rows]
    lines = [label_line(labels[r["obtain"].split(":", 2)[2]]) for r in rows]
    records = run_imgtool(args.imgtool, paths, args.work)
    imgtool_answers = [((records[p]["angle"] if records[p]["found"] else None), records[p]["confidence"])
                       for p in paths]
    offsets = [centre_offset(records[p].get("line"), line, int(r["width"])) for p, line, r in zip(paths, lines, rows)]
    answers_by_method = {
        "imgtool horizon (confidence ≥ 0.50)": (imgtool_answers, THRESHOLD),
        "imgtool horizon (every answer, --min-confidence 0)": (imgtool_answers, None),
    }
    for name in args.peers:
        method = dict(peers.PEERS)[name]
        sign, readings = bench.calibrate(method, args.work)
        print(f"  {name}: sign {sign:+d} (drawn +5° read {readings})", file=sys.stderr)
        answers_by_method[name] = ([(None if v is None else sign * v, None) for v in map(method, paths)], None)
    checks = [edge_roll(p, line) for p, line in zip(paths, lines)]
    os.makedirs(DATA, exist_ok=True)
    with open(os.path.join(DATA, "per-image.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "source", "split", "truth", "edge_check_roll", "edge_check_kept", "imgtool_angle",
                         "imgtool_confidence", "imgtool_abs_error", "imgtool_offset_px"]
                        + [h for name in args.peers for h in (f"{name} angle", f"{name} abs error")])
        for i, row in enumerate(rows):
            truth = float(row["truth"])
            angle, confidence = imgtool_answers[i]
            line = [row["id"], row["source"], row["split"], row["truth"], f"{checks[i][0]:.3f}", f"{checks[i][1]:.2f}",
                    "" if angle is None else f"{angle:.3f}", f"{confidence:.3f}",
                    "" if angle is None else f"{angle_error(angle, truth):.3f}",
                    "" if offsets[i] is None else f"{offsets[i]:.1f}"]
            for name in args.peers:
                value = answers_by_method[name][0][i][0]
                line += ["" if value is None else f"{value:.3f}",
                         "" if value is None else f"{angle_error(value, truth):.3f}"]
            writer.writerow(line)
    table = summary_table(rows, answers_by_method)
    table.write_csv(os.path.join(DATA, "summary.csv"))
    where = where_table(rows, offsets, imgtool_answers)
    where.write_csv(os.path.join(DATA, "where-the-line-lies.csv"))
    differences = sorted(abs(c[0] - float(r["truth"])) for c, r in zip(checks, rows))
    print(table.markdown() + "\n\n" + where.markdown())
    print(f"\nedge check against the labels: median |difference| {statistics.median(differences):.2f}°, P90 "
          f"{percentile(differences, 90):.2f}°, over 1°: {sum(d > 1 for d in differences)} of {len(differences)}")
    if args.overlays:
        os.makedirs(args.overlays, exist_ok=True)
        for row, path in zip(rows, paths):
            draw_overlay(path, labels[row["obtain"].split(":", 2)[2]], records[path].get("line"),
                         os.path.join(args.overlays, os.path.basename(path)))


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("manifest").add_argument("work")
    sub.add_parser("fetch").add_argument("work")
    runner = sub.add_parser("run")
    runner.add_argument("--imgtool", required=True)
    runner.add_argument("--work", required=True)
    runner.add_argument("--peers", nargs="*", default=["OpenCV LSD", "OpenCV HoughLines"])
    runner.add_argument("--overlays", help="draw truth and imgtool's line on every image (×3) into this folder")
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    if args.command == "manifest":
        write_manifest(work)
    elif args.command == "fetch":
        fetch(work)
    else:
        args.work = work
        run(args)


if __name__ == "__main__":
    main()
