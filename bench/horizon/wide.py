"""Wide photos for the working-size trial of issue 45: the corpus has no photo with a level reference wider
than 2:1, so this makes "wide crops": a centred horizontal band (the full width, 2.5:1 to 3.5:1, the ratio a
hash of the source photo) of every corpus image with a level reference, as shot and turned. The band is
centred on the picture's centre, so the roll about it is the image's own and the truth is unchanged; a
horizon that lies outside the band is cut away (those crops keep only the verticals, or nothing). The crops
keep their source photo's half (LABELLING.md). Not part of the tests.

    python3 -m bench.horizon.wide crops WORK OUT     # OUT/corpus.csv: WORK's rows and the crops (OUT/wide/)
    python3 -m bench.horizon.wide evidence OUT --imgtool BIN --split dev --out EV.jsonl [--changed-by AREA]
                                        [--floor] [--skip DONE.jsonl …]
    python3 -m bench.horizon.wide score OUT BASE.jsonl [VARIANT.jsonl] [--split dev] [--threshold 0.5]
                                        [--tables DIR]
    python3 -m bench.horizon.wide agreement OUT EV.jsonl [--split dev] [--tables DIR]
    python3 -m bench.horizon.wide sides OUT BASE.jsonl SIDES.jsonl [--run BIN] [--split dev] [--tables DIR]
    python3 -m bench.horizon.wide speed WORK --imgtool BIN [--variant NAME:VAR=VALUE,…] [--tables DIR]

`evidence` runs `imgtool horizon --json --evidence --min-confidence 0` (as offline.py evidence) on a half's
corpus rows and on three self-check copies (COPY_KINDS: turned, halved, cropped) of each of its photos,
appending to EV.jsonl (images already in it or in the --skip files are not run again). With --changed-by
only the images whose working long side a rule sized by AREA (--floor: at least 1024 px) moves by 1 % or more:
the rest are analysed as before, or within a pixel or two (a 4:3 photo turned and cropped 4 px), and `score`
takes them from BASE. A rule under trial is chosen by the environment of the trial build
(data/wide/area-rule-trial.patch: HORIZON_AREA, HORIZON_FLOOR). `score` prints, per category and per
self-check group, the labelled and self-consistency figures (imgtool's own confidences at the threshold) of
BASE and of VARIANT beside it."""
import argparse
import collections
import csv
import hashlib
import math
import os
import subprocess
import sys

import cv2
from PIL import Image

from bench.horizon import corpus, offline, scoring, selfcheck
from bench.horizon import fit_confidence as fc
from bench.tables import Table
from bench.timing import timed_rounds

CATEGORY = "wide crops"
COPY_KINDS = ["turn +8°", "half size", "crop 5 %"]
RATIOS = (2.5, 3.5)


def ratio_of(source_photo):
    fraction = int(hashlib.sha256(source_photo.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return RATIOS[0] + fraction * (RATIOS[1] - RATIOS[0])


def make_crops(work, out):
    rows = list(csv.DictReader(open(os.path.join(work, "corpus.csv"))))
    os.makedirs(os.path.join(out, "wide"), exist_ok=True)
    added = []
    for r in rows:
        if r["truth"] == "none":
            continue
        path = os.path.join(out, "wide", os.path.basename(r["path"]))
        image = None
        if not os.path.exists(path):
            image = cv2.imread(r["path"], cv2.IMREAD_COLOR)
            height, width = image.shape[:2]
            band = min(height, round(width / ratio_of(r["source_photo"])))
            top = (height - band) // 2
            cv2.imwrite(path, image[top:top + band], [cv2.IMWRITE_JPEG_QUALITY, 95])
        width, height = Image.open(path).size
        added.append(dict(r, id="wide/" + r["id"], source_photo="wide/" + r["source_photo"], path=path,
                          category=CATEGORY, format="landscape", size="small" if width < 800 else "large",
                          width=width, height=height))
    with open(os.path.join(out, "corpus.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows + added)
    return len(added)


def long_side(width, height, area=None, floor=False):
    """The working long side: the shipped rule (area None), or sized by `area`, at least 1024 on the long side
    with `floor`; never enlarged more than twice (as HorizonDetector.analysedLongSide)."""
    long, short = max(width, height, 1), max(min(width, height), 1)
    if area is None:
        return min(1024, 2 * long)
    side = round(math.sqrt(area * long / short))
    return min(max(side, 1024) if floor else side, 2 * long)


def run_evidence(out, binary, split, target, area=None, floor=False, skip=()):
    paths = [r["path"] for r in csv.DictReader(open(os.path.join(out, "corpus.csv"))) if r["split"] == split]
    for pid, path, _, photo_split in selfcheck.photos(out, None):
        if photo_split == split:
            copies = selfcheck.make_copies(out, pid, path)
            paths += [path] + [copies[kind] for kind in COPY_KINDS]
    paths = list(dict.fromkeys(paths))
    if area:
        def moved(path):
            size = Image.open(path).size
            return abs(long_side(*size, area, floor) / long_side(*size) - 1) >= 0.01
        paths = [p for p in paths if moved(p)]
    run_imgtool(binary, paths, target, skip)


def answers(files, threshold, wanted):
    """path → the answer's angle or None, from evidence files (later files override earlier ones); says how
    many of the `wanted` images are missing (they count as abstentions)."""
    evidence = {}
    for path in files:
        evidence.update(offline.load_evidence(path))
    missing = len(set(wanted) - evidence.keys())
    if missing:
        print(f"{files[-1]}: {missing} of {len(wanted)} images are not in the evidence", file=sys.stderr)
    out = {}
    for path, record in evidence.items():
        best = fc.answer(record, None)
        out[path] = best[1] if best and best[0] >= threshold else None
    return out


def labelled_rows(rows, found):
    """Per group (scoring.GROUPS and the wide crops): photos, answered, median, P90, more than 2° off (of
    level), abstained on none."""
    out = []
    for group in scoring.GROUPS[:5] + [CATEGORY] + scoring.GROUPS[5:]:
        # The crops count in their own row only, so the other rows stay the corpus's.
        chosen = [r for r in rows if group in scoring.groups_of(r)
                  and (group == CATEGORY) == (r["category"] == CATEGORY)]
        if not chosen:
            continue
        out.append([group] + summary_cells(chosen, found))
        if group == CATEGORY:
            # The crops by the category of the image they were cut from.
            origin = {r["id"]: r["category"] for r in rows}
            for category in scoring.GROUPS[:5]:
                cut = [r for r in chosen if origin.get(r["id"].removeprefix("wide/")) == category]
                if cut:
                    out.append([f"{CATEGORY}: {category}"] + summary_cells(cut, found))
    return out


def summary_cells(chosen, found):
    s = scoring.summarise(chosen, [(found.get(r["path"]), None, 0) for r in chosen])
    return [f"{s['n_level']} / {s['n_none']}", scoring.fmt(s["answered"], "pct1"), scoring.fmt(s["median"], "deg"),
            scoring.fmt(s["p90"], "deg"), scoring.fmt(s["wrong2"], "pct1"), scoring.fmt(s["abstain_none"], "pct1")]


def fold_spread(rows, before, after, folds=5):
    """Per group: the change in level photos answered, and in answers more than 2° off, in each of `folds`
    folds of source photos (a webcam's frames together: fit_confidence.fold_group; dealt by a hash), as
    min…max over the folds, beside the change over the whole half: how far a change stands out of the
    spread between folds."""
    def fold_of(row):
        return int(hashlib.sha256(fc.fold_group(row).removeprefix("wide/").encode()).hexdigest(), 16) % folds

    def change(chosen):
        if not chosen:
            return None
        a = scoring.summarise(chosen, [(after.get(r["path"]), None, 0) for r in chosen])
        b = scoring.summarise(chosen, [(before.get(r["path"]), None, 0) for r in chosen])
        return [100 * (a["answered"] - b["answered"]), 100 * (a["wrong2"] - b["wrong2"])]
    out = []
    for group in scoring.GROUPS[:5] + [CATEGORY, "all level"]:
        chosen = [r for r in rows if group in scoring.groups_of(r) and r["truth"] != "none"
                  and (group == CATEGORY) == (r["category"] == CATEGORY)]
        whole = change(chosen)
        if whole is None:
            continue
        per_fold = [c for c in (change([r for r in chosen if fold_of(r) == k]) for k in range(folds)) if c]
        cells = [group]
        for i in range(2):
            values = sorted(c[i] for c in per_fold)
            cells.append(f"{whole[i]:+.1f} ({values[0]:+.1f} … {values[-1]:+.1f})")
        out.append(cells)
    return Table(["group", "answered, points (folds)", "more than 2° off, points (folds)"], out)


def copies_rows(out_dir, split, found):
    photos = [p for p in selfcheck.photos(out_dir, None) if p[3] == split]
    photos = [(pid, path, CATEGORY if pid.startswith("wide/") else group, s) for pid, path, group, s in photos]
    rows = []
    for group in ["all"] + sorted({g for _, _, g, _ in photos}):
        members = [p for p in photos if group == "all" or p[2] == group]
        m = scoring.measure([(found.get(path), kind, found.get(selfcheck.copy_path(out_dir, pid, kind)))
                             for pid, path, _, _ in members for kind in COPY_KINDS])
        rows.append([group, str(len(members)), scoring.fmt(m["copies_answered"], "pct1"),
                     scoring.fmt(m["within"], "pct1"),
                     f"{scoring.fmt(m['flipped'], 'pct1')} ({round(m['flipped'] * m['unanswered_copies'])} of "
                     f"{m['unanswered_copies']})" if m["unanswered_copies"] else "–"])
    return rows


def score(args):
    rows = [r for r in csv.DictReader(open(os.path.join(args.out, "corpus.csv"))) if r["split"] == args.split]
    wanted = [r["path"] for r in rows] + [selfcheck.copy_path(args.out, pid, kind)
                                          for pid, _, _, split in selfcheck.photos(args.out, None)
                                          if split == args.split for kind in COPY_KINDS]
    runs = [("before" if args.variant else "shipped", answers([args.base], args.threshold, wanted))]
    if args.variant:
        runs.append(("after", answers([args.base, args.variant], args.threshold, wanted)))
    figures = ["answered", "median°", "P90°", "> 2° off (of level)", "abstained on none"]
    labelled = Table(["category", "photos (level / none)"] + [f"{n}: {f}" for n, _ in runs for f in figures], [])
    for cells in zip(*(labelled_rows(rows, found) for _, found in runs)):
        labelled.rows.append(cells[0][:2] + [c for row in cells for c in row[2:]])
    kinds = ["copies answered", "within 0.3°", "answered where the photo was not"]
    copies = Table(["self-check photos", "photos"] + [f"{n}: {k}" for n, _ in runs for k in kinds], [])
    for cells in zip(*(copies_rows(args.out, args.split, found) for _, found in runs)):
        copies.rows.append(cells[0][:2] + [c for row in cells for c in row[2:]])
    print(f"{args.split} half, threshold {args.threshold:.2f}\n\n{labelled.markdown()}\n\n{copies.markdown()}")
    spread = fold_spread(rows, runs[0][1], runs[-1][1]) if args.variant else None
    if spread:
        print("\nChange, after − before (each of 5 folds of source photos)\n\n" + spread.markdown())
    if args.tables:
        if spread:
            spread.write_csv(os.path.join(args.tables, f"folds-{args.split}.csv"))
        labelled.write_csv(os.path.join(args.tables, f"labelled-{args.split}.csv"))
        copies.write_csv(os.path.join(args.tables, f"copies-{args.split}.csv"))


def tally(counts, truth, angle):
    """Counts one photo's answer (None: abstained) against its truth ("none": no level reference)."""
    if truth == "none":
        counts["none"] += 1
        counts["none answered"] += angle is not None
    else:
        counts["level"] += 1
        counts["answered"] += angle is not None
        counts["off"] += angle is not None and scoring.angle_error(angle, float(truth)) > 2


def tally_cells(counts):
    """Level photos answered, more than 2° off, photos without a reference answered."""
    return [f"{counts['answered']} of {counts['level']}", str(counts["off"]),
            f"{counts['none answered']} of {counts['none']}"]


def run_imgtool(binary, paths, target, skip=()):
    """imgtool's evidence records of `paths`, appended to `target`, leaving out those already in it or in `skip`."""
    done = set()
    for path in [target, *skip]:
        if os.path.exists(path):
            done |= offline.load_evidence(path).keys()
    todo = [p for p in paths if p not in done]
    print(f"{len(paths)} images, {len(todo)} to run", file=sys.stderr)
    with open(target, "a") as f:
        for start in range(0, len(todo), 100):
            subprocess.run([binary, "horizon", "--json", "--evidence", "--min-confidence", "0", "-j", "2",
                            *todo[start:start + 100]], stdout=f)


def agreement(out, evidence_file, split, threshold=0.5, floors=(0.1, 0.2, 0.3, 0.4)):
    """Issue 45's second direction, a first look: a self-check photo (not a wide crop) whose best candidate is
    below the threshold but at least `floor` is answered when the same line (within 0.3°) is the best candidate,
    at least `floor`, of other looks at it (its 5 % crop; its 5 % crop and its half-size copy). Per rule: level
    photos answered, more than 2° off, photos without a reference answered, and the photos that needed the
    extra looks (their cost: one more detection each)."""
    evidence = offline.load_evidence(evidence_file)
    rows = {r["path"]: r for r in csv.DictReader(open(os.path.join(out, "corpus.csv")))}
    photos = [p for p in selfcheck.photos(out, None) if p[3] == split and not p[0].startswith("wide/")]

    def best(path):
        return fc.answer(evidence.get(path, {}), None)
    table = Table(["rule", "level photos answered", "more than 2° off", "photos without a reference answered",
                   "photos given extra looks"], [])
    rules = [("shipped (threshold only)", None, [])] + [
        (f"agreement ≥ {floor:.1f} with {' and '.join(looks)}", floor, looks)
        for floor in floors for looks in (["crop 5 %"], ["crop 5 %", "half size"])]
    for name, floor, looks in rules:
        counts, extra = collections.Counter(), 0
        for pid, path, _, _ in photos:
            own = best(path)
            angle = own[1] if own and own[0] >= threshold else None
            if angle is None and floor is not None and own and own[0] >= floor:
                extra += 1
                others = [best(selfcheck.copy_path(out, pid, kind)) for kind in looks]
                if all(o and o[0] >= floor and scoring.angle_error(o[1], own[1]) <= scoring.TOLERANCE for o in others):
                    angle = own[1]
            tally(counts, rows[path]["truth"], angle)
        table.rows.append([name] + tally_cells(counts) + [f"{extra} of {len(photos)}"])
    return table


SIDES = ("left", "right")
SIDE_SHARE = 0.6


def side_path(out, image_path, side):
    return os.path.join(out, "sides", f"{os.path.basename(image_path)[:-4]}#{side}.jpg")


def side_crops(out, split):
    """The left and right SIDE_SHARE of the width of every self-check photo of `split` (wide crops left out) and
    of its COPY_KINDS copies: two looks that share only the middle fifth of the picture, so that they fail more
    independently than a 5 % crop does. Returns their paths (made once)."""
    os.makedirs(os.path.join(out, "sides"), exist_ok=True)
    made = []
    for pid, path, _, photo_split in selfcheck.photos(out, None):
        if photo_split != split or pid.startswith("wide/"):
            continue
        for image_path in [path] + [selfcheck.copy_path(out, pid, kind) for kind in COPY_KINDS]:
            wanted = [side_path(out, image_path, side) for side in SIDES]
            if not all(os.path.exists(p) for p in wanted):
                image = cv2.imread(image_path, cv2.IMREAD_COLOR)
                width = image.shape[1]
                keep = round(SIDE_SHARE * width)
                cv2.imwrite(wanted[0], image[:, :keep], [cv2.IMWRITE_JPEG_QUALITY, 95])
                cv2.imwrite(wanted[1], image[:, width - keep:], [cv2.IMWRITE_JPEG_QUALITY, 95])
            made += wanted
    return made


def side_agreement(out, evidence_files, split, threshold=0.5, floors=(0.1, 0.2, 0.3, 0.4)):
    """A picture whose best candidate is below the threshold but at least `floor` is answered when its left and
    right sides (side_crops) both find the same line (best candidate at least `floor`, within 0.3°). Per rule:
    the self-check photos' labelled figures and their copies' self-consistency (each copy judged by the same
    rule on its own sides), and the pictures given the two extra looks."""
    evidence = {}
    for f in evidence_files:
        evidence.update(offline.load_evidence(f))
    rows = {r["path"]: r for r in csv.DictReader(open(os.path.join(out, "corpus.csv")))}
    photos = [p for p in selfcheck.photos(out, None) if p[3] == split and not p[0].startswith("wide/")]

    def best(path):
        return fc.answer(evidence.get(path, {}), None)

    def decide(path, floor, looks):
        own = best(path)
        if own and own[0] >= threshold:
            return own[1], 0
        if floor is None or not own or own[0] < floor:
            return None, 0
        looks[0] += 1
        sides = [best(side_path(out, path, side)) for side in SIDES]
        agree = all(s and s[0] >= floor and scoring.angle_error(s[1], own[1]) <= scoring.TOLERANCE for s in sides)
        return (own[1] if agree else None), 1
    table = Table(["rule", "level photos answered", "more than 2° off", "photos without a reference answered",
                   "copies answered", "copies within 0.3°", "copies answered where the photo was not",
                   "pictures given two more looks"], [])
    for floor in (None,) + floors:
        looks, counts, records = [0], collections.Counter(), []
        for pid, path, _, _ in photos:
            angle, _ = decide(path, floor, looks)
            tally(counts, rows[path]["truth"], angle)
            records += [(angle, kind, decide(selfcheck.copy_path(out, pid, kind), floor, looks)[0])
                        for kind in COPY_KINDS]
        m = scoring.measure(records)
        table.rows.append(["shipped (threshold only)" if floor is None else f"sides agree, floor {floor:.1f}"]
                          + tally_cells(counts)
                          + [scoring.fmt(m["copies_answered"], "pct1"), scoring.fmt(m["within"], "pct1"),
                             f"{round(m['flipped'] * m['unanswered_copies'])} of {m['unanswered_copies']}",
                             f"{looks[0]} of {len(photos) * (1 + len(COPY_KINDS))}"])
    return table


def speed(work, binary, variants):
    """Time per photo against `vipsthumbnail -s 1024` (medians of interleaved rounds) on the bench's 22-MP JPEG
    (6400×4000, bench.speed) and a 20-MP panorama (8200×2480, 3.3:1, from the same photo), for the binary as
    it is and under each `variants` environment (name → {variable: value}: the trial's rule, before it was
    fixed in the code)."""
    out = []
    source = next(r["path"] for r in csv.DictReader(open(os.path.join(work, "corpus.csv")))
                  if r["id"].startswith("plasma-workspace-wallpapers/summer_1am@+0.0"))
    image = cv2.imread(source)
    pictures = {"22 MP, 1.6:1": os.path.join(work, "big-22mp-v2.jpg"),
                "20 MP panorama, 3.3:1": os.path.join(work, "panorama-20mp.jpg")}
    if not os.path.exists(pictures["22 MP, 1.6:1"]):
        big = cv2.resize(image, (6400, 4000), interpolation=cv2.INTER_LANCZOS4)
        cv2.imwrite(pictures["22 MP, 1.6:1"], corpus.turned(big, 3.0), [cv2.IMWRITE_JPEG_QUALITY, 90])
    if not os.path.exists(pictures["20 MP panorama, 3.3:1"]):
        height, width = image.shape[:2]
        band = round(width / 3.3)
        wide = cv2.resize(corpus.turned(image, 3.0)[(height - band) // 2:(height - band) // 2 + band], (8200, 2480),
                          interpolation=cv2.INTER_LANCZOS4)
        cv2.imwrite(pictures["20 MP panorama, 3.3:1"], wide, [cv2.IMWRITE_JPEG_QUALITY, 90])
    table = Table(["picture", "rule", "vipsthumbnail -s 1024 ms", "imgtool horizon ms", "ratio (wall)"], [])
    for name, path in pictures.items():
        commands = {"thumb": ["vipsthumbnail", path, "-s", "1024", "-o", os.path.join(work, "thumb.jpg")]}
        for rule, env in variants.items():
            commands[rule] = ["env"] + [f"{k}={v}" for k, v in env.items()] + [binary, "horizon", path, "-q"]
        times = timed_rounds(commands)
        for rule in variants:
            table.rows.append([name, rule, f"{times['thumb'][0]:.0f}", f"{times[rule][0]:.0f}",
                               f"{times[rule][0] / times['thumb'][0]:.2f}"])
    out.append(f"load {os.getloadavg()[0]:.1f}")
    return table, out


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("crops")
    c.add_argument("work")
    c.add_argument("out")
    e = sub.add_parser("evidence")
    e.add_argument("out")
    e.add_argument("--imgtool", required=True)
    e.add_argument("--split", choices=["dev", "test"], required=True)
    e.add_argument("--out", dest="target", required=True)
    e.add_argument("--changed-by", type=float, metavar="AREA")
    e.add_argument("--floor", action="store_true")
    e.add_argument("--skip", nargs="*", default=[])
    s = sub.add_parser("score")
    s.add_argument("out")
    s.add_argument("base")
    s.add_argument("variant", nargs="?")
    s.add_argument("--split", choices=["dev", "test"], default="dev")
    s.add_argument("--threshold", type=float, default=0.5)
    s.add_argument("--tables", metavar="DIR")
    a = sub.add_parser("agreement")
    a.add_argument("out")
    a.add_argument("evidence")
    a.add_argument("--split", choices=["dev", "test"], default="dev")
    a.add_argument("--tables", metavar="DIR")
    d = sub.add_parser("sides")
    d.add_argument("out")
    d.add_argument("evidence", nargs="+", help="evidence of the pictures and of their sides (sides --run)")
    d.add_argument("--split", choices=["dev", "test"], default="dev")
    d.add_argument("--run", metavar="BIN", help="first run imgtool BIN on the sides, appending to the last file")
    d.add_argument("--tables", metavar="DIR")
    t = sub.add_parser("speed")
    t.add_argument("work")
    t.add_argument("--imgtool", required=True)
    t.add_argument("--variant", action="append", default=[], metavar="NAME:VAR=VALUE,…",
                   help="a rule under trial, by the environment the trial's binary read")
    t.add_argument("--tables", metavar="DIR")
    args = parser.parse_args()
    if args.command == "sides":
        paths = side_crops(args.out, args.split)
        if args.run:
            run_imgtool(args.run, paths, args.evidence[-1], args.evidence[:-1])
        table = side_agreement(args.out, args.evidence, args.split)
        print(table.markdown())
        if args.tables:
            table.write_csv(os.path.join(args.tables, f"sides-{args.split}.csv"))
    elif args.command == "agreement":
        table = agreement(args.out, args.evidence, args.split)
        print(table.markdown())
        if args.tables:
            table.write_csv(os.path.join(args.tables, f"agreement-{args.split}.csv"))
    elif args.command == "speed":
        variants = {"as built": {}}
        for text in args.variant:
            name, _, assignments = text.partition(":")
            variants[name] = dict(a.split("=", 1) for a in assignments.split(",") if a)
        table, notes = speed(args.work, args.imgtool, variants)
        print(table.markdown() + "\n\n" + "; ".join(notes))
        if args.tables:
            table.write_csv(os.path.join(args.tables, "speed.csv"))
    elif args.command == "crops":
        print(f"{make_crops(args.work, args.out)} wide crops; {args.out}/corpus.csv")
    elif args.command == "evidence":
        run_evidence(args.out, args.imgtool, args.split, args.target, args.changed_by, args.floor, args.skip)
    else:
        score(args)


if __name__ == "__main__":
    main()
