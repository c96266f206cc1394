#!/usr/bin/env bash
# pdflayout against its peers, in one run (not part of the tests; takes ~10 minutes on 2 cores;
# navigation kept in vector output has its own: bench/pdflayout/navigation.sh):
#   raster  pdflayout --single -o x.png vs pdftocairo, pdftoppm (-png -cropbox) and mutool draw,
#           same DPI, on a 311-page book (gnuplot manual) and a 100-page graphics PDF (featpost);
#   vector  two-up + cover + RTL spreads of the whole book vs pdfjam --nup 2x1 and pikepdf;
#   memory  peak RSS of a continuous strip of the whole book at 72 dpi (column and row).
# It installs what it needs (apt: poppler-utils, mupdf-tools, qpdf, texlive-extra-utils; pip in a
# venv: pikepdf), fetches the PDFs as Debian packages (unpacked, not installed) and prints a
# Markdown table; results also go to $WORK/results.md.
#
#   bench/pdflayout/run.sh                 # REPEAT=2 (best of 2), DPI=100, SCRATCH=.build
#   SCRATCH=.build-pdf REPEAT=3 bench/pdflayout/run.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/pdflayout-bench}
SCRATCH=${SCRATCH:-$ROOT/.build}
DPI=${DPI:-100}
REPEAT=${REPEAT:-2}
JOBS=$(nproc)
mkdir -p "$WORK"
cd "$WORK"

# --- tools ----------------------------------------------------------------------------------------
# pdfjam needs pdfpages (texlive-latex-recommended) to actually run.
"$ROOT/scripts/install-deps.sh" mupdf-tools texlive-extra-utils texlive-latex-recommended time
if [ ! -x venv/bin/python ]; then
    python3 -m venv venv && venv/bin/pip install -q pikepdf
fi

# --- documents ------------------------------------------------------------------------------------
fetch() { # package, path inside it
    [ -f "pkg/$2" ] && return
    apt-get download "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get download "$1" >/dev/null; }
    dpkg -x "$1"_*.deb pkg
}
fetch gnuplot-doc usr/share/doc/gnuplot/gnuplot.pdf
fetch texlive-metapost-doc usr/share/doc/texlive-doc/metapost/featpost/doc/Exemplifier.pdf
BOOK=$WORK/pkg/usr/share/doc/gnuplot/gnuplot.pdf
GRAPHICS=$WORK/pkg/usr/share/doc/texlive-doc/metapost/featpost/doc/Exemplifier.pdf
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }

# --- pdflayout ------------------------------------------------------------------------------------
(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product pdflayout >/dev/null)
PDFLAYOUT=$SCRATCH/release/pdflayout

# --- measuring ------------------------------------------------------------------------------------
# measure LABEL DOC OUTPUT -- command...: best wall time of REPEAT runs (fresh output folder or
# file each time), with that run's CPU time, peak RSS and output size. One TSV line per label.
RESULTS=$WORK/results.tsv
: > "$RESULTS"
measure() {
    local label=$1 doc=$2 output=$3; shift 4
    local best="" line
    for _ in $(seq "$REPEAT"); do
        rm -rf "$output"; [[ $output == */ ]] && mkdir -p "$output"
        /usr/bin/time -o time.txt -f "%e %U %S %M" "$@" >/dev/null 2>run.err || { cat run.err >&2; echo "FAILED: $label" >&2; return 1; }
        line=$(tail -1 time.txt)
        if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$line; fi
    done
    local size; size=$(du -sb "$output" | cut -f1)
    read -r wall user sys rss <<<"$best"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$doc" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$rss" "$size" >>"$RESULTS"
    echo "  $label on $doc: ${wall} s" >&2
}

for doc in BOOK GRAPHICS; do
    pdf=${!doc}
    echo "raster, $doc ($(pages "$pdf") pages, $DPI dpi):" >&2
    measure "pdflayout (${JOBS} threads)" "$doc" out/ -- "$PDFLAYOUT" "$pdf" --single --dpi "$DPI" -q -o out/p.png
    measure "pdflayout --jobs 1" "$doc" out/ -- "$PDFLAYOUT" "$pdf" --single --dpi "$DPI" --jobs 1 -q -o out/p.png
    measure "pdflayout [compression=6]" "$doc" out/ -- "$PDFLAYOUT" "$pdf" --single --dpi "$DPI" -q -o "out/p.png[compression=6]"
    measure "pdftocairo -png -cropbox" "$doc" out/ -- pdftocairo -png -cropbox -r "$DPI" "$pdf" out/p
    measure "pdftoppm -png -cropbox" "$doc" out/ -- pdftoppm -png -cropbox -r "$DPI" "$pdf" out/p
    measure "mutool draw" "$doc" out/ -- mutool draw -q -r "$DPI" -o out/p%d.png "$pdf"
    measure "mutool draw -T ${JOBS} -B 256" "$doc" out/ -- mutool draw -q -r "$DPI" -T "$JOBS" -B 256 -o out/p%d.png "$pdf"
done

echo "vector, BOOK: two-up + cover + RTL:" >&2
# The same sheets for everyone: cover alone on the left, then (3,2), (5,4), …, a last lone page on the right.
n=$(pages "$BOOK")
list="1,{}"; for ((p = 2; p <= n; p += 2)); do if ((p + 1 <= n)); then list+=",$((p + 1)),$p"; else list+=",{},$p"; fi; done
read -r width height < <(pdfinfo "$BOOK" | awk '/^Page size:/ { print $3, $5 }')
SHEETS=$WORK/sheets.tsv
: > "$SHEETS"
sheets() { printf '%s\t%s\n' "$1" "$(pages spreads.pdf)" >>"$SHEETS"; } # every tool must make the same sheets
measure "pdflayout -o spreads.pdf" BOOK spreads.pdf -- "$PDFLAYOUT" "$BOOK" --two-up --cover --rtl --no-gaps -q -o spreads.pdf
sheets "pdflayout -o spreads.pdf"
measure "pdfjam --nup 2x1" BOOK spreads.pdf -- pdfjam --quiet --nup 2x1 --papersize "{$(awk -v w="$width" 'BEGIN { print 2 * w }')bp,${height}bp}" \
    --outfile spreads.pdf "$BOOK" "$list"
sheets "pdfjam --nup 2x1"
measure "pikepdf (form XObjects)" BOOK spreads.pdf -- env PYTHONPATH="$ROOT" venv/bin/python -m bench.pdflayout.pikepdf_spreads "$BOOK" spreads.pdf
sheets "pikepdf (form XObjects)"

echo "memory, BOOK at 72 dpi:" >&2
measure "pdflayout --continuous (column)" BOOK strip.png -- "$PDFLAYOUT" "$BOOK" --continuous --dpi 72 -q -o strip.png
strip_column=$(vipsheader strip.png 2>/dev/null | cut -d' ' -f2 || true)
measure "pdflayout --continuous --horizontal --rtl (row)" BOOK strip.png -- "$PDFLAYOUT" "$BOOK" --continuous --horizontal --rtl --dpi 72 -q -o strip.png
strip_row=$(vipsheader strip.png 2>/dev/null | cut -d' ' -f2 || true)

# --- table ----------------------------------------------------------------------------------------
{
    echo "## pdflayout bench — $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), best of $REPEAT, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "BOOK: gnuplot.pdf ($(pages "$BOOK") pages, text). GRAPHICS: featpost Exemplifier.pdf ($(pages "$GRAPHICS") pages, MetaPost figures)."
    echo "Raster at $DPI dpi to PNG, one file per page. Ratios: pages per second (wall clock) over the peer's."
    echo
    echo "| raster | doc | wall s | pages/s | pages/CPU-s | peak RSS MB | output MB | × pdftocairo | × mutool draw |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
    awk -F'\t' -v book="$(pages "$BOOK")" -v graphics="$(pages "$GRAPHICS")" '
        NR == FNR { if ($1 ~ /^pdftocairo/) cairo[$2] = $3; if ($1 == "mutool draw") mutool[$2] = $3; next }
        $1 ~ /^(pdflayout \(|pdflayout --jobs|pdflayout \[|pdftocairo|pdftoppm|mutool)/ {
            n = ($2 == "BOOK") ? book : graphics
            printf "| %s | %s | %.2f | %.1f | %.1f | %.0f | %.1f | %.2f | %.2f |\n", $1, $2, $3, n / $3, n / $4, $5 / 1024, $6 / 1e6, cairo[$2] / $3, mutool[$2] / $3
        }' "$RESULTS" "$RESULTS"
    echo
    echo "| vector: whole book, two-up + cover + RTL | wall s | CPU s | peak RSS MB | output MB | sheets | × pdfjam (time) |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    awk -F'\t' 'FILENAME ~ /sheets/ { count[$1] = $2; next } NR == FNR { if ($1 ~ /^pdfjam/) jam = $3; next }
        $1 ~ /^(pdflayout -o|pdfjam|pikepdf)/ { printf "| %s | %.2f | %.2f | %.0f | %.2f | %s | %.2f |\n", $1, $3, $4, $5 / 1024, $6 / 1e6, count[$1], jam / $3 }' \
        "$RESULTS" "$SHEETS" "$RESULTS"
    echo
    echo "| memory: whole book at 72 dpi | image | wall s | peak RSS MB | output MB |"
    echo "|---|---|---:|---:|---:|"
    awk -F'\t' -v column="$strip_column" -v row="$strip_row" '$1 ~ /continuous/ {
        printf "| %s | %s | %.2f | %.0f | %.1f |\n", $1, ($1 ~ /row/) ? row : column, $3, $5 / 1024, $6 / 1e6 }' "$RESULTS"
} | tee "$WORK/results.md"
