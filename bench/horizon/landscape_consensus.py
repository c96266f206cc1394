"""Turns two independent readings of each photographers' landscape into the corpus's truth (LANDSCAPES.md).

    python3 landscape_consensus.py CANDIDATES.csv READINGS.jsonl [READINGS.jsonl ...] > landscapes.csv

Each reading is one JSON line written by measure.py (`--record`): id, reader, kind (line, verticals, none),
roll, checks, note ("CATEGORY; what was measured"). A reader's later line for the same id replaces the
earlier one. A photo becomes truth only with readings from two different readers that agree:
both `none` (no level reference) → none; both measured within AGREE degrees → the mean of the two rolls.
Any other pair (one none, one measured; an `unmeasurable`; rolls further apart) leaves the photo out,
and the reason is written to stderr for LANDSCAPES.md."""
import csv
import hashlib
import json
import sys

AGREE = 0.2  # degrees; the measurement protocol's second-reading tolerance (LABELLING.md)
CATEGORIES = {"open", "partial", "distractor", "urban", "none"}


def reading_roll(reading):
    """The measured roll: the straight fit over the span symmetric about the centre column when the tool
    could form one (lens bow cancels), else the whole fit (or the verticals' vanishing point)."""
    return reading.get("checks", {}).get("symmetric", reading["roll"])


def category_of(reading):
    word = reading.get("note", "").split(";")[0].strip().lower()
    if reading["kind"] == "none":
        return "unmeasurable" if word == "unmeasurable" or "unmeasurable" in reading.get("note", "").lower() else "none"
    return word if word in CATEGORIES - {"none"} else "unknown"


def splits(candidates):
    """Dev or test for every candidate, fixed before any reading or tuning: within each source, sorted by a
    hash of the id, alternating (so every source has photos in both halves)."""
    by_source = {}
    for pid, c in candidates.items():
        by_source.setdefault(c["source"], []).append(pid)
    out = {}
    for ids in by_source.values():
        for i, pid in enumerate(sorted(ids, key=lambda x: hashlib.sha256(x.encode()).hexdigest())):
            out[pid] = ("dev", "test")[i % 2]
    return out


def main():
    candidates = {r["id"]: r for r in csv.DictReader(open(sys.argv[1]))}
    split = splits(candidates)
    readings = {}
    for path in sys.argv[2:]:
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                readings.setdefault(r["id"], {})[r["reader"]] = r
    writer = csv.writer(sys.stdout)
    writer.writerow(["id", "obtain", "source", "licence", "category", "own_roll", "split", "tags", "note"])
    kept = left = 0
    for pid, candidate in candidates.items():
        pair = list(readings.get(pid, {}).values())
        if len(pair) < 2:
            print(f"left out {pid}: {len(pair)} reading(s)", file=sys.stderr)
            left += 1
            continue
        a, b = pair[:2]
        ca, cb = category_of(a), category_of(b)
        if ca == "none" and cb == "none":
            roll, category = "none", "none"
        elif "none" in (ca, cb) or "unmeasurable" in (ca, cb) or "unknown" in (ca, cb):
            print(f"left out {pid}: readings {ca} / {cb} ({a.get('note')} | {b.get('note')})", file=sys.stderr)
            left += 1
            continue
        else:
            ra, rb = reading_roll(a), reading_roll(b)
            if abs(ra - rb) > AGREE:
                print(f"left out {pid}: rolls {ra:+.3f} / {rb:+.3f} disagree ({a.get('note')} | {b.get('note')})",
                      file=sys.stderr)
                left += 1
                continue
            roll = f"{(ra + rb) / 2:.3f}"
            # Two readers may name the category differently; the harder one is kept.
            order = ["open", "partial", "urban", "distractor"]
            category = max(ca, cb, key=order.index)
        note = (f"read twice: {a['reader']} {a['kind']} {reading_roll(a) if a['kind'] != 'none' else 'none'} "
                f"({a.get('note', '')}); {b['reader']} {b['kind']} {reading_roll(b) if b['kind'] != 'none' else 'none'} "
                f"({b.get('note', '')}); scene: {candidate.get('scene', '')}")
        writer.writerow([pid, candidate["obtain"], candidate["source"], candidate["licence"], category, roll,
                         split[pid], candidate.get("tags", ""), note])
        kept += 1
    print(f"{kept} photos kept, {left} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
