#!/usr/bin/env python3
"""Raw detection: imgtool horizon on a raw photo's embedded preview vs LibRaw's half-size demosaic,
side by side with the ways to get pixels out of a raw file today (dcraw_emu half-size, exiftool's
preview extraction, and exiftool + imgtool on the extracted JPEG). Medians of N runs, one process
per run, all in one session so that their ratios hold on a loaded machine.

    python3 -m bench.horizon.raw_bench [PHOTO.CR2] [--runs 5] [--imgtool .build/release/imgtool]
                                       [--table OUT.csv]

Needs libraw-bin (dcraw_emu) and libimage-exiftool-perl. The default photo is Debian rawtran-doc's
IMG_5952.CR2 (Canon EOS 30D, GPL-3+). Writes a Markdown table on stdout.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

from bench.tables import Table


def timed(command, runs, **kwargs):
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, **kwargs)
        times.append(time.perf_counter() - start)
        if result.returncode not in (0, 2):
            raise SystemExit(f"{command[0]} failed: {result.stderr.decode(errors='replace')}")
    return statistics.median(times), result


def angle(result):
    record = json.loads(result.stdout.decode().splitlines()[0])
    return record["angle"], record["confidence"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("photo", nargs="?", default="/usr/share/doc/rawtran/IMG_5952.CR2")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--imgtool", default=".build/release/imgtool")
    parser.add_argument("--table", metavar="CSV", help="also write the table here (raw.md's section is written "
                        "from data/raw/*.csv by python3 -m bench.tables)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        preview = os.path.join(folder, "preview.jpg")
        for source in ["preview", "half-size"]:
            seconds, result = timed(
                [args.imgtool, "horizon", args.photo, "--raw-analysis", source, "--min-confidence", "0", "--json"],
                args.runs)
            found, confidence = angle(result)
            rows.append((f"imgtool horizon --raw-analysis {source}", seconds, f"{found:+.3f}° ({confidence:.2f})"))
        seconds, _ = timed(["dcraw_emu", "-h", "-T", "-Z", os.path.join(folder, "half.tiff"), args.photo], args.runs)
        rows.append(("dcraw_emu -h -T (half-size demosaic to TIFF, no detection)", seconds, ""))
        seconds, _ = timed(["dcraw_emu", "-T", "-Z", os.path.join(folder, "full.tiff"), args.photo], args.runs)
        rows.append(("dcraw_emu -T (full demosaic to TIFF, no detection)", seconds, ""))
        seconds, result = timed(["exiftool", "-b", "-PreviewImage", args.photo], args.runs)
        with open(preview, "wb") as handle:
            handle.write(result.stdout)
        rows.append(("exiftool -b -PreviewImage (extraction only)", seconds, ""))
        seconds, result = timed([args.imgtool, "horizon", preview, "--min-confidence", "0", "--json"], args.runs)
        found, confidence = angle(result)
        rows.append(("imgtool horizon on the extracted preview JPEG (without the extraction)", seconds,
                     f"{found:+.3f}° ({confidence:.2f})"))
    base = rows[0][1]
    print(f"{args.photo}, median of {args.runs} runs, {args.imgtool}\n")
    table = Table(["command", "seconds", "× preview route", "angle (confidence)"],
                  [[name, f"{seconds:.3f}", f"{seconds / base:.2f}", answer] for name, seconds, answer in rows], "lrrl")
    print(table.markdown())
    if args.table:
        table.write_csv(args.table)


if __name__ == "__main__":
    main()
