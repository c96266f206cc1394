#!/usr/bin/env bash
# Scaling on the cores present: items per second with 1, 2, … N workers (N = the machine's cores)
# for imgtool horizon --fix, imgtool blur and pdflayout batches (one process, -j W), beside GNU
# parallel running one process per input (-j W). The same script runs unchanged on a bigger
# machine; prints a Markdown table and saves it to $BENCH_DIR/scaling.md.
#
#   bench/batch/scaling.sh                                # PHOTOS=200 PDFS=60, release binaries
#   IMGTOOL=.build/debug/imgtool PDFLAYOUT=.build/debug/pdflayout PHOTOS=80 PDFS=30 bench/batch/scaling.sh
#
# Inputs: the photos of Assets/ at 1200 px wide, copied under distinct names in two folders; a
# two-page PDF (pages 1–2 of Assets/mixed.pdf) copied likewise; pdflayout writes PNG at 72 dpi.
# (pdflayout lays out one PDF at a time: its -j is rendering threads per PDF.)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/batch-scaling}
PHOTOS=${PHOTOS:-200}
PDFS=${PDFS:-60}
CORES=${CORES:-$(nproc)}
"$ROOT/scripts/install-deps.sh" parallel bc
if [ -z "${IMGTOOL:-}" ] || [ -z "${PDFLAYOUT:-}" ]; then
    (cd "$ROOT" && swift build -c release --product imgtool >/dev/null && swift build -c release --product pdflayout >/dev/null)
fi
IMGTOOL=$(realpath "${IMGTOOL:-$ROOT/.build/release/imgtool}")
PDFLAYOUT=$(realpath "${PDFLAYOUT:-$ROOT/.build/release/pdflayout}")
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
cd "$WORK"

rm -rf photos pdfs small && mkdir -p photos/a photos/b pdfs/a pdfs/b small
scenes=(horizon-lake horizon-pier horizon-fog tilted-lake horizon-towers-rails no-horizon-sky distractor-planks horizon-people-shore)
for scene in "${scenes[@]}"; do vips thumbnail "$ROOT/Assets/$scene.jpg" "small/$scene.jpg" 1200; done
for ((i = 0; i < PHOTOS; i++)); do
    scene=${scenes[i % ${#scenes[@]}]}
    cp "small/$scene.jpg" "photos/$([ $((i % 2)) -eq 0 ] && echo a || echo b)/$scene-$i.jpg"
done
qpdf --empty --pages "$ROOT/Assets/mixed.pdf" 1-2 -- small/two-pages.pdf
for ((i = 0; i < PDFS; i++)); do cp small/two-pages.pdf "pdfs/$([ $((i % 2)) -eq 0 ] && echo a || echo b)/book-$i.pdf"; done

seconds() { local start; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $start" | bc -l; }
row() { # job workers items seconds baseline-seconds
    printf '| %s | %d | %d | %.2f | %.1f | %.2f× |\n' "$1" "$2" "$3" "$4" "$(echo "$3 / $4" | bc -l)" "$(echo "$5 / $4" | bc -l)"
}
out="$WORK/scaling.md"
{
echo "## Batch scaling — $(date -u +%F), $CORES cores, $(uname -m), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "$PHOTOS photos of 1200 px, $PDFS two-page PDFs; binaries: $IMGTOOL"
echo
echo "| job | workers | items | wall s | items/s | speed-up vs 1 worker |"
echo "|---|---:|---:|---:|---:|---:|"
for job in horizon horizon-parallel blur blur-parallel pdflayout pdflayout-parallel; do
    base=""
    for ((w = 1; w <= CORES; w++)); do
        rm -rf out && mkdir out
        case $job in
            horizon) label="imgtool horizon -r --fix (one process)"; items=$PHOTOS
                t=$(seconds "$IMGTOOL" horizon -r photos --fix -o out/ --no-horizon-ok -q -j "$w") ;;
            horizon-parallel) label="parallel imgtool horizon --fix (process per photo)"; items=$PHOTOS
                t=$(seconds bash -c "find photos -name '*.jpg' | parallel -j $w '$IMGTOOL' horizon {} --fix -o out/{/} -q") ;;
            blur) label="imgtool blur -r (one process)"; items=$PHOTOS
                t=$(seconds "$IMGTOOL" blur -r photos -o out/ -q -j "$w") ;;
            blur-parallel) label="parallel imgtool blur (process per photo)"; items=$PHOTOS
                t=$(seconds bash -c "find photos -name '*.jpg' | parallel -j $w '$IMGTOOL' blur {} -o out/{/} -q") ;;
            pdflayout) label="pdflayout -r PNG (one process)"; items=$PDFS
                t=$(seconds "$PDFLAYOUT" -r pdfs -o out/ --format png --dpi 72 -q -j "$w") ;;
            pdflayout-parallel) label="parallel pdflayout (process per PDF)"; items=$PDFS
                t=$(seconds bash -c "find pdfs -name '*.pdf' | parallel -j $w '$PDFLAYOUT' {} -o out/{/.}.png --dpi 72 -q") ;;
        esac
        files=$(find out -type f | wc -l)
        [ "$files" -gt 0 ] || echo "$label: nothing written" >&2
        base=${base:-$t}
        row "$label" "$w" "$items" "$t" "$base"
    done
done
echo
echo "Load after: $(cut -d' ' -f1-3 /proc/loadavg). The machine may be shared: compare ratios, not absolute times."
} | tee "$out"
