#!/usr/bin/env bash
# Horizon benchmark: imgtool horizon against its peers (ImageMagick -deskew, python deskew, OpenCV Hough and
# LSD recipes, scikit-image hough_line, the LSD-verticals recipe of issue 12 and the LSD vertical vanishing
# point) on the real corpus of manifest.csv (LABELLING.md): per half (dev / test) and per category.
# Not part of the tests. Installs what it needs (Debian packages, a Python venv), fetches and checks the
# corpus, builds imgtool in release mode unless IMGTOOL points at a built binary, and prints the tables.
#
#   bench/horizon/run.sh                                  # everything, both halves
#   bench/horizon/run.sh --split dev                      # tune on the dev half only
#   IMGTOOL=.build/release/imgtool bench/horizon/run.sh --csv /tmp/per-photo.csv --markdown bench/horizon/RESULTS.md
#   WORK=/tmp/hb bench/horizon/run.sh --methods imgtool   # where the corpus, packages, venv and peer cache go
# Other bench.py options: --methods (substrings), --jobs (peer processes, default 2), --speed (22 MP timing).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/frostlevel-horizon-bench}
mkdir -p "$work"

"$root/scripts/install-deps.sh" imagemagick python3-venv git

if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q deskew opencv-python-headless scikit-image numpy scipy
fi

if [ -z "${IMGTOOL:-}" ]; then
    (cd "$root" && swift build -c release --product imgtool --scratch-path "$root/.build-bench" >/dev/null)
    IMGTOOL="$root/.build-bench/release/imgtool"
fi

"$work/venv/bin/python" "$here/fetch_corpus.py" "$work"
exec "$work/venv/bin/python" "$here/bench.py" --imgtool "$IMGTOOL" --work "$work" "$@"
