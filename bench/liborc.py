#!/usr/bin/env python3
"""liborc's vector code in libvips 8.14, on and off (the tools' runtime policy, bench/liborc.md).

    python3 -m bench.liborc --bin .build/release --work /tmp/liborc [--crash-runs 100] [--rounds 7]
                           [--table speed.csv]

Needs qpdf and vips (libvips-tools).

1. Crashes: pdflayout's reader of a 315-page book (hyperref's manual five times, pages rendered on
   several threads), run --crash-runs times with the vector code on (FROSTLEVEL_VIPS_VECTOR=1) and
   as shipped; each run's exit status is counted.
2. Speed, interleaved rounds (medians): vipsthumbnail, imgtool horizon on a 22-MP JPEG alone (also
   with libvips' VIPS_NOVECTOR=1) and six of them in a -j 2 batch, blur, the reader and PNG sheets,
   each with the vector code on and as shipped."""
import argparse
import os
import shutil
import subprocess

from bench.tables import Table
from bench.timing import timed_rounds

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTOR = {"FROSTLEVEL_VIPS_VECTOR": "1"}


def reader(binary, book, out, environment):
    shutil.rmtree(out, ignore_errors=True)
    return subprocess.run([binary, book, "--continuous", "--dpi", "12", "-o", out + "/", "--format", "html", "-q"],
                          env={**os.environ, **environment}, capture_output=True).returncode


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="folder holding imgtool and pdflayout")
    parser.add_argument("--work", required=True)
    parser.add_argument("--crash-runs", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--table", metavar="CSV", help="also write the speed table here (for liborc.md's sections)")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    imgtool, pdflayout = (os.path.join(args.bin, name) for name in ("imgtool", "pdflayout"))
    manual = os.path.join(ROOT, "Assets", "hyperref-manual.pdf")
    book = os.path.join(args.work, "long.pdf")
    subprocess.run(["qpdf", "--empty", "--pages", *[manual, "1-z"] * 5, "--", book], check=True)
    out = os.path.join(args.work, "reader")
    for label, environment in (("vector code on", VECTOR), ("as shipped", {})):
        statuses = [reader(pdflayout, book, out, environment) for _ in range(args.crash_runs)]
        failed = [s for s in statuses if s != 0]
        print(f"reader, {label}: {len(failed)} of {len(statuses)} runs failed (statuses {sorted(set(failed))})")

    big = os.path.join(args.work, "big.jpg")
    # A 22-MP photo: the lake asset enlarged to 6000 × 3750.
    subprocess.run(["vips", "resize", os.path.join(ROOT, "Assets", "horizon-lake.jpg"), big, "5.859375"], check=True)
    photos = []
    for index in range(6):
        photos.append(os.path.join(args.work, f"photo-{index}.jpg"))
        shutil.copyfile(big, photos[-1])
    sheets = os.path.join(args.work, "sheets")
    on = ["env", "FROSTLEVEL_VIPS_VECTOR=1"]
    commands = {
        "vipsthumbnail -s 1024": ["vipsthumbnail", big, "-s", "1024", "-o", os.path.join(args.work, "thumb.jpg")],
        "horizon, one photo": [imgtool, "horizon", big, "-q"],
        "horizon, 6 photos -j 2": [imgtool, "horizon", "-j", "2", *photos, "-q"],
        "blur --style light": [imgtool, "blur", "--style", "light", big, "-o", os.path.join(args.work, "b.jpg"), "-q"],
        "horizon, one photo, VIPS_NOVECTOR=1": ["env", "VIPS_NOVECTOR=1", imgtool, "horizon", big, "-q"],
        "reader, hyperref manual (default size)": ["sh", "-c", f"rm -rf '{out}' && '{pdflayout}' '{manual}' -o '{out}/'"
                                                   " --format html -q"],
        "reader, 315 pages at 12 dpi": ["sh", "-c", f"rm -rf '{out}' && '{pdflayout}' '{book}' --continuous --dpi 12 -o '{out}/'"
                              " --format html -q"],
        "sheets, two-up PNG": ["sh", "-c", f"rm -rf '{sheets}' && '{pdflayout}' '{manual}' --two-up -o '{sheets}/'"
                               " --format png -q"],
    }
    rounds = {}
    for name, command in commands.items():
        rounds[name + " | shipped"] = command
        rounds[name + " | on"] = on + command
    times = timed_rounds(rounds, rounds=args.rounds)
    table = Table(["run", "shipped: wall ms", "CPU ms", "vector code on: wall ms", "CPU ms",
                   "shipped ÷ on (wall)"], [])
    for name in commands:
        (sw, sc), (ow, oc) = times[name + " | shipped"], times[name + " | on"]
        table.rows.append([name, f"{sw:.0f}", f"{sc:.0f}", f"{ow:.0f}", f"{oc:.0f}", f"{sw / ow:.2f}"])
    print("\n" + table.markdown())
    if args.table:
        table.write_csv(args.table)
    print(f"\nload {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
