#!/usr/bin/env bash
# The web reader (pdflayout --format html) against PNG output of the same pages, in one run, and
# how fast the reader's first screen paints from file:// in headless Chromium:
#   write   a 300-page book (hyperref's manual from Assets/, repeated with qpdf) at the default
#           size (72 dpi; the reader also writes its 144-dpi sharp set and the text layer) vs
#           `pdflayout --single -o page.png`, best wall time of REPEAT runs, and their ratio;
#   paint   first-paint, first-contentful-paint and largest-contentful-paint (the page images)
#           from the browser's own Performance API, median of LOADS cold loads (a fresh browser
#           each) of the two-up reader and of the continuous one.
# Needs chromium and chromium-driver (scripts/install-deps.sh installs them) and python3.
#
#   bench/pdflayout/reader.sh                    # REPEAT=3 LOADS=5, SCRATCH=.build
#   BIN=/path/to/release bench/pdflayout/reader.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/pdflayout-reader-bench}
REPEAT=${REPEAT:-3}
LOADS=${LOADS:-5}
mkdir -p "$WORK"
"$ROOT/scripts/install-deps.sh" time
if [ -z "${BIN:-}" ]; then
  (cd "$ROOT" && swift build -c release --scratch-path "${SCRATCH:-$ROOT/.build}" --product pdflayout >/dev/null)
  BIN=$(cd "$ROOT" && swift build -c release --scratch-path "${SCRATCH:-$ROOT/.build}" --show-bin-path)
fi
PDFLAYOUT=$BIN/pdflayout
MANUAL=$ROOT/Assets/hyperref-manual.pdf
BOOK=$WORK/book-300.pdf
# 63 pages × 4 + 48 = 300 pages.
qpdf --empty --pages "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-48 -- "$BOOK"
pages=$(qpdf --show-npages "$BOOK")

# best LABEL OUTPUT -- command...: best wall time and its CPU time of REPEAT runs, fresh output each time.
best() {
  local label=$1 output=$2; shift 3
  local best="" line
  for _ in $(seq "$REPEAT"); do
    rm -rf "$output"; mkdir -p "$(dirname "$output")"
    /usr/bin/time -o "$WORK/time.txt" -f "%e %U %S" "$@" >/dev/null
    line=$(tail -1 "$WORK/time.txt")
    if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$line; fi
  done
  echo "$label $best"
}
png=$(best png "$WORK/png/x" -- "$PDFLAYOUT" "$BOOK" --single -o "$WORK/png/page.png" -q)
webp=$(best webp "$WORK/webp/x" -- "$PDFLAYOUT" "$BOOK" --single -o "$WORK/webp/page.webp[Q=80,effort=0]" -q)
html=$(best html "$WORK/reader" -- "$PDFLAYOUT" "$BOOK" --single -o "$WORK/reader/" --format html -q)
png_size=$(du -sb "$WORK/png" | cut -f1)
webp_size=$(du -sb "$WORK/webp" | cut -f1)
html_size=$(du -sb "$WORK/reader" | cut -f1)
"$PDFLAYOUT" "$BOOK" --two-up --cover -o "$WORK/two-up/" --format html -q
"$PDFLAYOUT" "$BOOK" --continuous -o "$WORK/continuous/" --format html -q

two_up=$(python3 "$ROOT/bench/pdflayout/paint.py" "$WORK/two-up/index.html" "$LOADS")
continuous=$(python3 "$ROOT/bench/pdflayout/paint.py" "$WORK/continuous/index.html" "$LOADS")

read -r _ png_wall png_user png_sys <<<"$png"
read -r _ html_wall html_user html_sys <<<"$html"
read -r _ webp_wall webp_user webp_sys <<<"$webp"
webp_ratio=$(awk -v a="$webp_wall" -v b="$png_wall" 'BEGIN { printf "%.2f", a / b }')
ratio=$(awk -v a="$html_wall" -v b="$png_wall" 'BEGIN { printf "%.2f", a / b }')
cpu_ratio=$(awk -v a="$html_user" -v b="$html_sys" -v c="$png_user" -v d="$png_sys" 'BEGIN { printf "%.2f", (a + b) / (c + d) }')
{
  echo "### pdflayout reader bench — $(date -u +%F), $(nproc) cores, $(uname -m), best of $REPEAT, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "$pages-page book (hyperref-manual.pdf repeated), default size (72 dpi; the reader adds its 144-dpi set)."
  echo
  echo "| output | wall s | CPU s | MB written |"
  echo "|---|---:|---:|---:|"
  echo "| pdflayout --single -o page.png | $png_wall | $(awk -v a="$png_user" -v b="$png_sys" 'BEGIN { print a + b }') | $(awk -v s="$png_size" 'BEGIN { printf "%.1f", s / 1e6 }') |"
  echo "| pdflayout --single -o 'page.webp[Q=80,effort=0]' (the reader's normal set alone) | $webp_wall | $(awk -v a="$webp_user" -v b="$webp_sys" 'BEGIN { print a + b }') | $(awk -v s="$webp_size" 'BEGIN { printf "%.1f", s / 1e6 }') |"
  echo "| pdflayout --single -o reader/ --format html | $html_wall | $(awk -v a="$html_user" -v b="$html_sys" 'BEGIN { print a + b }') | $(awk -v s="$html_size" 'BEGIN { printf "%.1f", s / 1e6 }') |"
  echo
  echo "Reader ÷ PNG: **$ratio** (wall), $cpu_ratio (CPU). WebP alone at the PNG's size ÷ PNG: $webp_ratio (wall)."
  echo
  echo "First screen from file:// in headless Chromium $(chromium --version 2>/dev/null | awk '{ print $2 }'), 1200×800, median of $LOADS cold loads (ms):"
  echo
  echo "| reader | first-paint | first-contentful-paint | largest-contentful-paint |"
  echo "|---|---:|---:|---:|"
  echo "| --two-up --cover | ${two_up// / | } |"
  echo "| --continuous | ${continuous// / | } |"
} | tee "$WORK/results.md"
