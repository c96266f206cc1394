#!/usr/bin/env bash
# Horizon benchmark: imgtool horizon against its peers (ImageMagick -deskew, python deskew, OpenCV Hough and
# LSD recipes, scikit-image hough_line, the LSD-verticals recipe of issue 12 and the LSD vertical vanishing
# point) on the real corpus of manifest.csv (LABELLING.md): per half (dev / test) and per category.
# Not part of the tests. Installs what it needs (Debian packages, a Python venv), fetches and checks the
# corpus, builds imgtool in release mode unless IMGTOOL points at a built binary, and prints the tables.
#
#   bench/horizon/run.sh                                  # everything, both halves
#   bench/horizon/run.sh --split dev                      # tune on the dev half only
#   IMGTOOL=.build/release/imgtool bench/horizon/run.sh --csv /tmp/per-photo.csv --tables /tmp/hb-tables
#   (then copy the CSVs over the data files of RESULTS.md's sections, or add sections, and run
#   python3 -m bench.tables: RESULTS.md's tables are written from bench/horizon/data/results/)
#   WORK=/tmp/hb bench/horizon/run.sh --methods imgtool   # where the corpus, packages, venv and peer cache go
# Other options (python3 -m bench.horizon.bench --help): --methods (substrings), --jobs (peer processes, default 2), --speed (22 MP timing).
set -euo pipefail

source "$(dirname "$0")/prepare.sh"
exec "$python" -m bench.horizon.bench --imgtool "$IMGTOOL" --work "$work" "$@"
