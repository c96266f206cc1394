#!/usr/bin/env bash
# `imgtool blur --find text` on synthetic screenshots of every kind of text (issue 39): ink left
# per word, per layout, before and after. The layouts and their ground truth come from
# bench/blur/screens/make_screens.py (each word drawn alone, its ink exact); measure.py hides each
# twice (--cover #ff00ff, #00ff00) and counts the ink that is left and still stands out.
#
#   BEFORE=/path/to/main/imgtool bench/blur/find-text-layouts.sh    # needs pyvips (pip) and numpy
#   AFTER=...  # default: this tree's release build
#
# Writes bench/out/blur/layouts-{before,after}.tsv and prints the markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
out=bench/out/blur
screens=$out/screens
mkdir -p "$screens"
[ -f "$screens/page-2x.json" ] || python3 -m bench.blur.screens.make_screens "$screens"
if [ -z "${AFTER:-}" ]; then
  swift build -c release --product imgtool >&2
  AFTER="$(swift build -c release --show-bin-path)/imgtool"
fi
if [ -n "${BEFORE:-}" ]; then python3 -m bench.blur.screens.measure run "$screens" "$BEFORE" "$out/layouts-before.tsv"; fi
python3 -m bench.blur.screens.measure run "$screens" "$AFTER" "$out/layouts-after.tsv"
python3 -m bench.blur.screens.measure table "$out/layouts-before.tsv" "$out/layouts-after.tsv"
