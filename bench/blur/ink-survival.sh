#!/usr/bin/env bash
# The pixel guarantee of `imgtool blur --find text`, measured: of the ink pixels of every word an
# independent reader finds (pdftotext -bbox on pages of the LaTeX base manuals and the hyperref
# manual rendered by pdftocairo at 90–120 dpi; the tesseract CLI on real screenshots), how many are
# left unchanged by `--find text --cover black`, light theme and dark (inverted). Not part of the
# tests (ExternalCheckTests/InkSurvivalTests asserts the bound on a subset).
#
#   bench/blur/ink-survival.sh                         # the imgtool built from this tree (debug)
#   IMGTOOL=/path/to/old/imgtool bench/blur/ink-survival.sh before.md   # another binary
#
# Writes the markdown table to bench/out/blur/ink-survival.md (or the file named) and prints it.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
mkdir -p bench/out/blur
table=$(realpath -m "${1:-bench/out/blur/ink-survival.md}")
swift build --build-tests >&2
FROSTLEVEL_INK_BENCH="$table" FROSTLEVEL_INK_IMGTOOL="${IMGTOOL:-imgtool}" \
  swift test --skip-build --filter InkSurvivalTests.benchGrid >&2
cat "$table"
