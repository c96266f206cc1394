"""Reliability of imgtool horizon's confidence on one half of the corpus: for each confidence band,
how many answers fall in it and what share of them is within 1° (and 2°) of the truth. Photos
without a level reference count as wrong whatever angle they get. Every photo is answered
(--min-confidence 0), so the table covers the bands below the default threshold too.

    python3 reliability.py --imgtool BIN --work WORK [--split test] [--markdown FILE]
"""
import argparse
import csv
import json
import os
import subprocess

BANDS = [0.0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0001]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--imgtool", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--split", choices=["dev", "test"], default="test")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    rows = [r for r in csv.DictReader(open(os.path.join(args.work, "corpus.csv"))) if r["split"] == args.split]
    out = subprocess.run([args.imgtool, "horizon", "--json", "--min-confidence", "0", "-j", "2",
                          *[r["path"] for r in rows]], capture_output=True, text=True)
    records = {}
    for line in out.stdout.splitlines():
        record = json.loads(line)
        records[record["file"]] = record
    bands = [[] for _ in BANDS[:-1]]
    for row in rows:
        record = records.get(row["path"])
        if record is None or not record["found"]:
            continue  # nothing to go on at all (no candidate)
        band = next(i for i in range(len(BANDS) - 1) if record["confidence"] < BANDS[i + 1])
        if row["truth"] == "none":
            bands[band].append(None)
        else:
            bands[band].append(abs((record["angle"] - float(row["truth"]) + 90) % 180 - 90))
    lines = [f"Reliability on the {args.split} half ({len(rows)} images; answers on photos without a level "
             "reference count as wrong)\n",
             "| confidence | answers | within 1° | within 2° | on photos without a level reference |",
             "|---|---:|---:|---:|---:|"]
    for i, errors in enumerate(bands):
        if not errors:
            continue
        n = len(errors)
        within1 = sum(1 for e in errors if e is not None and e <= 1) / n
        within2 = sum(1 for e in errors if e is not None and e <= 2) / n
        none = sum(1 for e in errors if e is None)
        upper = min(BANDS[i + 1], 1.0)
        lines.append(f"| {BANDS[i]:.2f}–{upper:.2f} | {n} | {100 * within1:.0f} % | {100 * within2:.0f} % | {none} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        with open(args.markdown, "a") as f:
            f.write("\n" + text)


if __name__ == "__main__":
    main()
