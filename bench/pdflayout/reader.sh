#!/usr/bin/env bash
# The web reader (pdflayout --format html) against PNG output of the same pages, in one run, on
# two books, and how fast the reader's first screen paints from file:// in headless Chromium:
#   write   two 300-page books at the default size (72 dpi; the reader also writes its 144-dpi
#           sharp set and the text layer) vs `pdflayout --single -o page.png`, best wall time of
#           REPEAT runs (with its CPU time), and the ratios; the reader with one image set
#           (--reader-sets 1: the chosen size only) beside the default two, as ratios:
#             text   hyperref's manual from Assets/, repeated with qpdf (vector text, few images);
#             photo  300 full-page JPEG photographs at 200 dpi (5 × 7.5 in, 1000 × 1500 pixels;
#                    12 synthetic photos made here with libvips — Perlin noise in three bands
#                    plus grain — embedded as they are by photo_book.py, as img2pdf would),
#                    the image-heavy case: a scanned book, a manga;
#   paint   first-paint, first-contentful-paint and largest-contentful-paint (the page images)
#           from the browser's own Performance API, median of LOADS cold loads (a fresh browser
#           each) of the two-up reader and of the continuous one (text book).
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
PHOTOS=$WORK/photos
PHOTO_BOOK=$WORK/photo-300.pdf
if [ ! -f "$PHOTO_BOOK" ]; then
  mkdir -p "$PHOTOS"
  for i in $(seq 0 11); do
    vips perlin "$PHOTOS/r.v" 1000 1500 --cell-size $((64 + i * 16)) --seed "$i"
    vips perlin "$PHOTOS/g.v" 1000 1500 --cell-size $((48 + i * 8)) --seed $((i + 20))
    vips perlin "$PHOTOS/b.v" 1000 1500 --cell-size 200 --seed $((i + 40))
    vips bandjoin "$PHOTOS/r.v $PHOTOS/g.v $PHOTOS/b.v" "$PHOTOS/rgb.v"
    vips linear "$PHOTOS/rgb.v" "$PHOTOS/lin.v" 110 128
    vips gaussnoise "$PHOTOS/noise.v" 1000 1500 --sigma 12 --mean 0
    vips add "$PHOTOS/lin.v" "$PHOTOS/noise.v" "$PHOTOS/sum.v"
    vips cast "$PHOTOS/sum.v" "$PHOTOS/cast.v" uchar
    vips copy "$PHOTOS/cast.v" "$PHOTOS/p$(printf %02d "$i").jpg[Q=85]" --interpretation srgb
  done
  rm -f "$PHOTOS"/*.v
  PYTHONPATH="$ROOT" python3 -m bench.pdflayout.photo_book "$PHOTO_BOOK" 300 200 "$PHOTOS"/p*.jpg
fi

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

# row BOOK OUTPUT-LABEL "wall user sys" "png wall user sys" SIZE: one table row with the ratios to PNG.
row() {
  local book=$1 label=$2 size=$5 wall user sys png_wall png_user png_sys
  read -r wall user sys <<<"$3"
  read -r png_wall png_user png_sys <<<"$4"
  awk -v book="$book" -v label="$label" -v w="$wall" -v u="$user" -v s="$sys" -v pw="$png_wall" -v pu="$png_user" \
    -v ps="$png_sys" -v size="$size" 'BEGIN {
      printf "| %s | %s | %.2f | %.2f | %.1f | %.2f | %.2f |\n", book, label, w, u + s, size / 1e6, w / pw, (u + s) / (pu + ps)
    }'
}

rows=()
sets=()
for book in text photo; do
  pdf=$BOOK; [ "$book" = photo ] && pdf=$PHOTO_BOOK
  png=$(best png "$WORK/$book-png/x" -- "$PDFLAYOUT" "$pdf" --single -o "$WORK/$book-png/page.png" -q)
  webp=$(best webp "$WORK/$book-webp/x" -- "$PDFLAYOUT" "$pdf" --single -o "$WORK/$book-webp/page.webp[Q=80,effort=0]" -q)
  html=$(best html "$WORK/$book-reader" -- "$PDFLAYOUT" "$pdf" --single -o "$WORK/$book-reader/" --format html -q)
  one=$(best one "$WORK/$book-reader-1" -- "$PDFLAYOUT" "$pdf" --single -o "$WORK/$book-reader-1/" --format html \
    --reader-sets 1 -q)
  rows+=("$(row "$book" "\`--single -o page.png\`" "${png#* }" "${png#* }" "$(du -sb "$WORK/$book-png" | cut -f1)")")
  rows+=("$(row "$book" "\`--single -o 'page.webp[Q=80,effort=0]'\` (the normal set alone)" "${webp#* }" "${png#* }" "$(du -sb "$WORK/$book-webp" | cut -f1)")")
  rows+=("$(row "$book" "**\`--single -o reader/ --format html\`**" "${html#* }" "${png#* }" "$(du -sb "$WORK/$book-reader" | cut -f1)")")
  rows+=("$(row "$book" "\`--single -o reader/ --format html --reader-sets 1\`" "${one#* }" "${png#* }" "$(du -sb "$WORK/$book-reader-1" | cut -f1)")")
  sets+=("$(awk -v book="$book" -v two="${html#* }" -v one="${one#* }" -v twoSize="$(du -sb "$WORK/$book-reader" | cut -f1)" \
    -v oneSize="$(du -sb "$WORK/$book-reader-1" | cut -f1)" 'BEGIN {
      split(two, t, " "); split(one, o, " ")
      printf "| %s | %.2f | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f | %.2f | %.2f |\n", book, t[1], o[1], t[2] + t[3], o[2] + o[3],
        twoSize / 1e6, oneSize / 1e6, o[1] / t[1], (o[2] + o[3]) / (t[2] + t[3]), oneSize / twoSize
    }')")
done
"$PDFLAYOUT" "$BOOK" --two-up --cover -o "$WORK/two-up/" --format html -q
"$PDFLAYOUT" "$BOOK" --continuous -o "$WORK/continuous/" --format html -q

two_up=$(PYTHONPATH="$ROOT" python3 -m bench.pdflayout.paint "$WORK/two-up/index.html" "$LOADS")
continuous=$(PYTHONPATH="$ROOT" python3 -m bench.pdflayout.paint "$WORK/continuous/index.html" "$LOADS")

{
  echo "### pdflayout reader bench — $(date -u +%F), $(nproc) cores, $(uname -m), best of $REPEAT, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "Two $pages-page books at the default size (72 dpi; the reader adds its 144-dpi set and the text layer):"
  echo "text = hyperref-manual.pdf repeated, photo = 300 full-page 200-dpi JPEG photographs."
  echo
  echo "| book | output | wall s | CPU s | MB written | ÷ PNG wall | ÷ PNG CPU |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "One image set (--reader-sets 1) against two (the default), same runs:"
  echo
  echo "| book | two sets wall s | one set wall s | two sets CPU s | one set CPU s | two sets MB | one set MB | ÷ two wall | ÷ two CPU | ÷ two size |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${sets[@]}"
  echo
  echo "First screen from file:// in headless Chromium $(chromium --version 2>/dev/null | awk '{ print $2 }'), 1200×800, median of $LOADS cold loads (ms), text book:"
  echo
  echo "| reader | first-paint | first-contentful-paint | largest-contentful-paint |"
  echo "|---|---:|---:|---:|"
  echo "| --two-up --cover | ${two_up// / | } |"
  echo "| --continuous | ${continuous// / | } |"
} | tee "$WORK/results.md"
