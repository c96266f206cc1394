"""Scores imgtool horizon's decision rules offline, on one evidence run: the labelled tables and the
self-consistency figures together, for the models as shipped or refitted on the dev half, at any threshold,
with or without a candidate rule under trial. Not part of the tests.

    python3 -m bench.horizon.offline photos --work WORK       # the unread landscape candidates (below)
    python3 -m bench.horizon.offline evidence --imgtool BIN --work WORK --out ev.jsonl [--split dev]
    python3 -m bench.horizon.offline score ev.jsonl --work WORK [--threshold T] [--refit] [--rule NAME] [--test]
                                               [--out-of-fold [SEED]] [--intervals N] [--repeats N]
    python3 -m bench.horizon.offline copies ev.jsonl --work WORK [--threshold T]
                                                  # where the self-check copies fail
    python3 -m bench.horizon.offline kinds ev.jsonl --work WORK --split test [--threshold T]
                                                  # one half's copies by kind, as issue 45 asks

`evidence` runs `imgtool horizon --json --evidence --min-confidence 0` once over the corpus (fetch_corpus.py)
and every self-check photo's nine copies (selfcheck.py: the corpus's source photos as they are, and with
`photos` first the 83 landscape candidates that did not become truth, "landscapes, unread", each reduced to
2400 px as delivered). Every candidate's features and angle are then in the file, so a rule or a threshold
is scored in seconds instead of a run of ten minutes, by fit_confidence.answer (the most confident candidate,
as HorizonEstimator.analyse picks it): with the confidences the binary reported, or with models refitted on
the dev half. Images missing from the evidence (e.g. `evidence --split dev`) count as
abstentions; `score` says how many of a half's are missing.

`score` prints one row per half: level photos answered, median and P90 error, more than 2° off (of all),
landscapes with a reference answered, photos without one abstained, and the self-check photos' copies
answered, within 0.3° of the photo's answer plus the turn, and answered where the photo was not. The
threshold is the one given, else fit_confidence's out-of-fold rule on the dev half (with the rule under
trial). The test half is
printed only with --test: choose on dev, read test once (LABELLING.md).

The dev half's self-check photos are corpus photos, so models fitted on dev have seen them (as they are and
turned): their copies' figures are in sample. `--out-of-fold [SEED]` scores every dev image, the copies
included, with models fitted on the other four folds (by source photo, fit_confidence.folds, dealt by SEED),
which is how variants are compared; the figures move with the dealing by about as much as between variants
(RESULTS.md, stop 13), so compare variants on the same dealing, or on several. `--intervals N` adds each
figure's 5th–95th percentile over N bootstrap draws of source photos, with the answers held fixed. `--repeats N`
chooses the threshold on out-of-fold answers pooled over dealings 0…N−1 (one dealing's choice moves by up to
0.09: RESULTS.md, stop 13). Without these flags the output is as before.

A rule is a function of a candidate's features returning a cap or None; RULES holds those measured
(RESULTS.md says which were kept)."""
import argparse
import collections
import csv
import json
import math
import os
import subprocess
import sys

import cv2
import numpy as np

from bench.horizon import fit_confidence as fc
from bench.horizon import landscape_consensus, scoring, selfcheck
from bench.horizon.sources import obtain
from bench.tables import Table

HERE = os.path.dirname(os.path.abspath(__file__))

UNREAD_SIDE = 2400


def vp_rival_cap(ratio):
    """Verticals whose vanishing point has a rival (a roll more than 2° away) with more than 1/ratio of its
    support are held at the verticals' cap (stop 10: measured, not kept)."""
    def rule(candidate):
        if candidate["evidence"] == "verticals" and math.exp(candidate["features"]["log_rival_ratio"]) < ratio:
            return candidate["cap"]
        return None
    return rule


RULES = {f"vp-rival-{r}": vp_rival_cap(r) for r in (1.1, 1.15, 1.25)}


def unread_photos(work):
    """WORK/photos.csv for selfcheck.py --photos: the landscape candidates that are not in the corpus, each
    reduced to UNREAD_SIDE px (JPEG 95), with the split landscape_consensus gave them before any reading."""
    candidates_csv = os.path.join(HERE, "landscapes", "candidates.csv")
    candidates = {r["id"]: r for r in csv.DictReader(open(candidates_csv))}
    split = landscape_consensus.splits(candidates)
    inside = {r["source_photo"] for r in csv.DictReader(open(os.path.join(work, "corpus.csv")))}
    os.makedirs(os.path.join(work, "unread"), exist_ok=True)
    rows = []
    for pid, candidate in candidates.items():
        if scoring.LANDSCAPE_PREFIX + pid in inside:
            continue
        path = os.path.join(work, "unread", pid + ".jpg")
        if not os.path.exists(path):
            image = cv2.imread(obtain(candidate["obtain"], work), cv2.IMREAD_COLOR)
            scale = UNREAD_SIDE / max(image.shape[:2])
            if scale < 1:
                image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            cv2.imwrite(path, image, [cv2.IMWRITE_JPEG_QUALITY, 95])
        rows.append({"id": scoring.LANDSCAPE_PREFIX + pid, "path": path, "group": "landscapes, unread",
                     "split": split[pid]})
    with open(os.path.join(work, "photos.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["id", "path", "group", "split"])
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def self_check_photos(work):
    extra = os.path.join(work, "photos.csv")
    return selfcheck.photos(work, extra if os.path.exists(extra) else None)


def images(work, split=None):
    """Every corpus image and every self-check photo with its copies (made if missing), each once."""
    paths = [r["path"] for r in csv.DictReader(open(os.path.join(work, "corpus.csv")))
             if split in (None, r["split"])]
    for pid, path, _, photo_split in self_check_photos(work):
        if split in (None, photo_split):
            copies = selfcheck.make_copies(work, pid, path)
            paths += [path] + [copies[kind] for kind in scoring.KINDS]
    return list(dict.fromkeys(paths))


def run_evidence(binary, paths, out, chunk=400):
    """imgtool's records, one JSON line per image (its exit status 2, "some pictures had no horizon", is
    expected)."""
    with open(out + ".part", "w") as f:
        for start in range(0, len(paths), chunk):
            done = subprocess.run([binary, "horizon", "--json", "--evidence", "--min-confidence", "0", "-j", "2",
                                   *paths[start:start + chunk]], stdout=f)
            if done.returncode not in (0, 2):
                sys.exit(f"imgtool failed ({done.returncode}) on images {start}…{start + chunk}")
    os.replace(out + ".part", out)


def scorer(evidence, models, rule, corpus, photos, work, dev=None, seed=None):
    """A function path → (confidence, angle) of that image's answer (None: no candidate), by
    fit_confidence.answer. With `seed` (and the dev records), out of fold: each dev image (corpus row,
    self-check photo or copy) is scored by models fitted on the other folds of the dev half as dealing `seed`
    deals them, so that a photo's copies are never scored by models that saw the photo (its corpus row and
    turned rows); the test half by `models`, fitted on the whole dev half, as always."""
    if seed is None:
        return lambda path: fc.answer(evidence.get(path, {}), models, rule)
    fold = fc.folds(dev, seed)
    fitted = [fc.fit([r for r in dev if fold[r["group"]] != k]) for k in range(fc.FOLDS)]
    group_of = source_groups(corpus, photos, "dev", work)

    def answer(path):
        group = group_of.get(path)
        if group is None:
            return fc.answer(evidence.get(path, {}), models, rule)
        k = fold[group] if group in fold else fc.fold_of_unseen(group)
        return fc.answer(evidence.get(path, {}), fitted[k], rule)
    return answer


def source_groups(corpus, photos, half, work):
    """path → its source photo's group (fit_confidence.fold_group) for every image of `half`: corpus rows, and
    each self-check photo with its copies (an unread landscape, with no corpus row, is a group of its own)."""
    by_path = {r["path"]: r for r in corpus}
    out = {r["path"]: fc.fold_group(r) for r in corpus if r["split"] == half}
    for pid, path, _, split in photos:
        if split == half:
            group = fc.fold_group(by_path[path]) if path in by_path else "unread/" + pid
            for image in [path] + [selfcheck.copy_path(work, pid, kind) for kind in scoring.KINDS]:
                out[image] = group
    return out


def dev_records(evidence, work):
    """The evidence records of the dev half's corpus rows, each given its truth (None: no level reference) and
    its fold group, as fit_confidence.fit reads them (the records are annotated in place)."""
    records = []
    for row in csv.DictReader(open(os.path.join(work, "corpus.csv"))):
        record = evidence.get(row["path"])
        if record is not None and row["split"] == "dev":
            record["truth"] = None if row["truth"] == "none" else float(row["truth"])
            record["group"] = fc.fold_group(row)
            records.append(record)
    return records


FIGURES = [("level answered", "pct1"), ("median°", "deg"), ("P90°", "deg"), ("more than 2° off (of all)", "pct1"),
           ("landscapes level answered", "pct1"), ("no reference abstained", "pct1"), ("copies answered", "pct1"),
           ("copies within 0.3°", "pct1"), ("copies answered where the photo was not", "pct1")]


def figures(rows, checks, answer, work):
    """The figures of one half (FIGURES, in order), and the counts behind two of them: (more than 2° off,
    copies answered where the photo was not, copies of photos not answered). rows are corpus rows, checks
    (photo id, path) the self-check photos."""
    results = [(answer(r["path"]), None, 0) for r in rows]
    every = scoring.summarise(rows, results)
    landscapes = [i for i, r in enumerate(rows) if "landscape level" in scoring.groups_of(r)]
    land = scoring.summarise([rows[i] for i in landscapes], [results[i] for i in landscapes])
    copies = scoring.measure([(answer(path), kind, answer(selfcheck.copy_path(work, pid, kind)))
                                for pid, path in checks for kind in scoring.KINDS])
    off = round(every["wrong2"] * every["n_level"])
    flipped = round(copies["flipped"] * copies["unanswered_copies"]) if copies["unanswered_copies"] else 0
    values = [every["answered"], every["median"], every["p90"], off / len(rows) if rows else float("nan"),
              land["answered"], every["abstain_none"], copies["copies_answered"], copies["within"], copies["flipped"]]
    return values, (off, flipped, copies["unanswered_copies"])


def intervals(rows, checks, answer, work, resamples, group_of, seed=0):
    """5th and 95th percentiles of each figure over `resamples` bootstrap draws of source photos (`group_of`,
    as source_groups gives it: a photo's corpus rows, turned rows and self-check copies drawn together; a
    webcam's frames as one). The answers are held fixed: the models' and the threshold's own variation is not in
    them."""
    units = {}
    for r in rows:
        units.setdefault(group_of[r["path"]], ([], []))[0].append(r)
    for pid, path in checks:
        units.setdefault(group_of[path], ([], []))[1].append((pid, path))
    keys = sorted(units)
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(resamples):
        picked = [keys[i] for i in rng.integers(0, len(keys), len(keys))]
        draws.append(figures([r for k in picked for r in units[k][0]], [c for k in picked for c in units[k][1]],
                             answer, work)[0])
    draws = np.array(draws, dtype=float)
    return np.nanpercentile(draws, 5, axis=0), np.nanpercentile(draws, 95, axis=0)


def tables(evidence, models, rule, threshold, work, halves, dev=None, seed=None, resamples=0):
    """One row per half; the dev half out of fold when `seed` is given (see `scorer`)."""
    corpus = list(csv.DictReader(open(os.path.join(work, "corpus.csv"))))
    photos = self_check_photos(work)
    scored = scorer(evidence, models, rule, corpus, photos, work, dev, seed)
    found = {}  # path → the answer's angle, or None; a self-check photo is a corpus image too

    def answer(path):
        if path not in found:
            best = scored(path)
            found[path] = best[1] if best and best[0] >= threshold else None
        return found[path]

    table = Table(["half", "threshold"] + [name for name, _ in FIGURES], [])
    for half in halves:
        rows = [r for r in corpus if r["split"] == half]
        checks = [(pid, path) for pid, path, _, split in photos if split == half]
        wanted = {r["path"] for r in rows}
        for pid, path in checks:
            wanted |= {path} | {selfcheck.copy_path(work, pid, kind) for kind in scoring.KINDS}
        missing = len(wanted - evidence.keys())
        if missing:
            print(f"{half} half: {missing} of {len(wanted)} images are not in the evidence", file=sys.stderr)
        values, (off, flipped, unanswered) = figures(rows, checks, answer, work)
        cells = [scoring.fmt(v, kind) for v, (_, kind) in zip(values, FIGURES)]
        if resamples:
            low, high = intervals(rows, checks, answer, work, resamples, source_groups(corpus, photos, half, work))
            cells = [f"{c} ({scoring.fmt(lo, kind).split()[0]}–{scoring.fmt(hi, kind)})"
                     for c, lo, hi, (_, kind) in zip(cells, low, high, FIGURES)]
        else:
            cells[3] = f"{off} ({cells[3]})"
            cells[8] = f"{cells[8]} ({flipped} of {unanswered})"
        name = f"{half}, out of fold (dealing {seed})" if seed is not None and half == "dev" else half
        table.rows.append([name, f"{threshold:.2f}"] + cells)
    return table


def score(args):
    evidence = load_evidence(args.evidence)
    rule = RULES[args.rule] if args.rule else None
    dev = dev_records(evidence, args.work)
    out_of_fold = args.out_of_fold is not None
    models = fc.fit(dev) if args.refit or out_of_fold else None  # None: the confidences the binary reported
    if args.refit:
        print({k: [round(float(x), 4) for x in v] for k, v in models.items()})
    threshold = (args.threshold if args.threshold is not None
                 else fc.choose_threshold(fc.repeated_out_of_fold(dev, args.repeats, rule))[0])
    table = tables(evidence, models, rule, threshold, args.work, ["dev", "test"] if args.test else ["dev"],
                   dev=dev, seed=args.out_of_fold, resamples=args.intervals)
    print(table.markdown())
    if args.tables:
        table.write_csv(os.path.join(args.tables, "score.csv"))


def copies_by_kind(evidence, work, split, threshold):
    """One half's self-check photos with a level reference or without, their copies by kind (the binary's
    confidences at `threshold`): scoring.self_check_tables' per-copy table, one row a kind and one for all."""
    def answer(path):
        found = fc.answer(evidence.get(path, {}), None)
        return found[1] if found and found[0] >= threshold else None
    photos = [p for p in self_check_photos(work) if p[3] == split]
    answers = {}
    for pid, path, _, _ in photos:
        copies = selfcheck.make_copies(work, pid, path)
        answers[pid] = {"as is": answer(path), **{kind: answer(copies[kind]) for kind in scoring.KINDS}}
    table = Table(["copy", "copies of photos answered", "copies answered", "within 0.3°", "median dev°",
                   "worst dev°", "answered where the photo was not"], [])
    for kind in scoring.KINDS + ["all"]:
        kinds = scoring.KINDS if kind == "all" else [kind]
        m = scoring.measure([(answers[p[0]]["as is"], k, answers[p[0]][k]) for p in photos for k in kinds])
        flipped = m["flipped"] * m["unanswered_copies"] if m["unanswered_copies"] else 0
        table.rows.append([kind, str(m["answered_copies"]), scoring.fmt(m["copies_answered"], "pct"),
                           scoring.fmt(m["within"], "pct"), scoring.fmt(m["median"], "deg"),
                           scoring.fmt(m["worst"], "deg"),
                           f"{scoring.fmt(m['flipped'], 'pct1')} ({round(flipped)} of {m['unanswered_copies']})"])
    return table


def load_evidence(path):
    """path → record of every image in an evidence file (JSON Lines, as `evidence` writes it)."""
    evidence = {}
    for line in open(path):
        record = json.loads(line)
        evidence[record["file"]] = record
    return evidence


def where_copies_fail(evidence, work, threshold):
    """Tables (name → Table) of where the self-check copies fail, by the binary's own confidences: each copy of a
    photo answered at `threshold` is within 0.3° (of the photo's answer plus the turn), off, or lost (not answered),
    counted by the kind of copy and the candidate that answered the photo, by the photo's confidence, and by
    group and half; then why copies were lost, and why copies of photos not answered were answered. An image's
    answer is its most confident candidate, whose confidence is compared unrounded, as the binary compares it
    (the record's own is rounded to three places)."""
    def winner(record):
        return max(record.get("evidence", []), key=lambda c: c["confidence"], default=None)

    def same_kind(record, kind):
        return next((c for c in record.get("evidence", []) if c["evidence"] == kind), None)

    def lost_reason(candidate, kind):
        """Why a copy's candidate of the photo's kind did not answer: missing, capped (by which of the
        estimator's rules, as `--evidence` names them), or found, not capped and scored below the threshold."""
        if candidate is None:
            return "not found"
        if not candidate.get("capped"):
            return "scored below the threshold"
        return "capped: " + " and ".join(candidate.get("capped_by") or ["other"])

    # Tallies by key: "within", "off", "lost" for copies of photos answered; "photo not answered" and
    # "answered where the photo was not" for the others.
    by_kind, by_band, by_group, lost, gained = (collections.defaultdict(collections.Counter) for _ in range(5))
    photos_left_out = copies_left_out = 0
    for pid, path, group, split in self_check_photos(work):
        photo = evidence.get(path)
        copies = [(kind, evidence.get(selfcheck.copy_path(work, pid, kind))) for kind in scoring.KINDS]
        if photo is None:
            photos_left_out += 1
            continue
        photo_best = winner(photo)
        photo_confidence = photo_best["confidence"] if photo_best else 0.0
        tenth = min(int(photo_confidence * 10), 9) / 10
        band = f"{max(tenth, threshold):.2f}–{tenth + 0.1:.2f}"
        for kind, copy in copies:
            if copy is None:
                copies_left_out += 1
                continue
            copy_best = winner(copy)
            answered = copy_best is not None and copy_best["confidence"] >= threshold
            if photo_confidence < threshold:
                by_group[group, split]["photo not answered"] += 1
                if answered:
                    by_group[group, split]["answered where the photo was not"] += 1
                    own = same_kind(photo, copy_best["evidence"])
                    why = ("not found in the photo" if own is None else "capped in the photo" if own.get("capped")
                           else "scored higher than in the photo")
                    gained[copy_best["evidence"]][why] += 1
                continue
            candidate = photo_best["evidence"]
            if not answered:
                outcome = "lost"
                lost[candidate][lost_reason(same_kind(copy, candidate), candidate)] += 1
            else:
                wanted = photo["angle"] + scoring.expected_shift(kind)
                outcome = "within" if scoring.angle_error(copy["angle"], wanted) <= scoring.TOLERANCE else "off"
            for table, key in ((by_kind, (kind, candidate)), (by_band, band), (by_group, (group, split))):
                table[key][outcome] += 1
    if photos_left_out or copies_left_out:
        print(f"not in the evidence, left out: {photos_left_out} self-check photos (with their copies) and "
              f"{copies_left_out} copies of the others", file=sys.stderr)

    def pct(part, whole):
        return f"{100 * part / whole:.1f} %" if whole else "–"

    def shares(tally):
        copies = tally["within"] + tally["off"] + tally["lost"]
        return [str(copies)] + [pct(tally[o], copies) for o in ("within", "off", "lost")]
    out = {"by-copy": Table(["copy", "answered by the line", "by the verticals"], [
        [kind] + [f"{t['within']} · {t['off']} · {t['lost']}" for t in (by_kind[kind, c] for c in ("horizon_line",
                                                                                                   "verticals"))]
        for kind in scoring.KINDS])}
    out["by-confidence"] = Table(["the photo's confidence", "copies", "within 0.3°", "off", "lost"],
                                 [[band] + shares(tally) for band, tally in sorted(by_band.items())])
    out["by-group"] = Table(["group", "half", "copies", "within 0.3°", "off", "lost",
                             "copies answered where the photo was not"], [])
    for (group, split), tally in sorted(by_group.items()):
        flipped, unanswered = tally["answered where the photo was not"], tally["photo not answered"]
        out["by-group"].rows.append([group, split] + shares(tally)
                                    + [f"{flipped} of {unanswered} ({pct(flipped, unanswered)})"])
    out["lost"] = Table(["lost: the photo answered by", "why the copy's candidate of that kind did not answer",
                         "copies"], [[kind, why, str(n)] for kind, whys in sorted(lost.items())
                                     for why, n in sorted(whys.items())])
    out["gained"] = Table(["answered where the photo was not: the copy answered by", "why", "copies"],
                          [[kind, why, str(n)] for kind, whys in sorted(gained.items())
                           for why, n in sorted(whys.items())])
    return out


def count(minimum):
    """An argparse type: an integer of at least `minimum`."""
    def parse(text):
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}")
        return value
    return parse


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("photos")
    p.add_argument("--work", required=True)
    e = sub.add_parser("evidence")
    e.add_argument("--imgtool", required=True)
    e.add_argument("--work", required=True)
    e.add_argument("--out", required=True)
    e.add_argument("--split", choices=["dev", "test"])
    s = sub.add_parser("score")
    s.add_argument("evidence")
    s.add_argument("--work", required=True)
    s.add_argument("--threshold", type=float, help="default: fit_confidence's out-of-fold rule on the dev half")
    s.add_argument("--refit", action="store_true", help="refit both models on the dev half's evidence")
    s.add_argument("--rule", choices=sorted(RULES))
    s.add_argument("--test", action="store_true", help="also print the test half")
    s.add_argument("--out-of-fold", nargs="?", const=0, type=count(0), metavar="SEED",
                   help="score each dev image with models fitted on the other folds, dealt by SEED (default 0); "
                        "refits, the test half as --refit")
    s.add_argument("--repeats", type=count(1), default=1, metavar="N",
                   help="choose the threshold (unless --threshold) on out-of-fold answers pooled over N dealings")
    s.add_argument("--intervals", type=count(0), default=0, metavar="N",
                   help="each figure's 5th–95th percentile over N bootstrap draws of source photos")
    c = sub.add_parser("copies", help="where the self-check copies fail, by the binary's own confidences")
    c.add_argument("evidence")
    c.add_argument("--work", required=True)
    c.add_argument("--threshold", type=float, default=0.5)
    k = sub.add_parser("kinds", help="one half's copies by kind, by the binary's own confidences")
    k.add_argument("evidence")
    k.add_argument("--work", required=True)
    k.add_argument("--split", choices=["dev", "test"], required=True)
    k.add_argument("--threshold", type=float, default=0.5)
    for command in (s, c, k):
        command.add_argument("--tables", metavar="DIR", help="also write the tables as CSVs into DIR (for a "
                             "generated section of RESULTS.md: python3 -m bench.tables)")
    args = parser.parse_args()
    if args.command == "photos":
        print(f"{unread_photos(args.work)} unread candidates in {args.work}/photos.csv")
    elif args.command == "evidence":
        paths = images(args.work, args.split)
        run_evidence(args.imgtool, paths, args.out)
        print(f"evidence of {len(paths)} images in {args.out}")
    elif args.command == "copies":
        found = where_copies_fail(load_evidence(args.evidence), args.work, args.threshold)
        print(f"Threshold {args.threshold:.2f}; copies of photos answered: within 0.3° · off · lost.\n\n"
              + "\n\n".join(table.markdown() for table in found.values()))
        if args.tables:
            for name, table in found.items():
                table.write_csv(os.path.join(args.tables, f"copies-{name}.csv"))
    elif args.command == "kinds":
        table = copies_by_kind(load_evidence(args.evidence), args.work, args.split, args.threshold)
        print(table.markdown())
        if args.tables:
            table.write_csv(os.path.join(args.tables, f"copies-by-kind-{args.split}.csv"))
    else:
        score(args)


if __name__ == "__main__":
    main()
