#!/usr/bin/env bash
# pdflayout's memory and speed next to mutool draw, pdftocairo and pdftoppm, in one run (not part
# of the tests; about 30 minutes on 2 busy cores, most of it the 1,000-page runs):
#   side by side  pages 1-60 of the pgfplots manual (texlive-pictures-doc) at 100 dpi, PNG, JPEG,
#                 WebP and --two-up spreads, best of REPEAT wall times, runs interleaved;
#   by cause      peak RSS of 1, 60 and 1,000 pages, -j 1 and -j 2, with one cause toggled at a time
#                 (libvips' operation cache, its threads, malloc arenas, libvips' modules), and the
#                 libraries alone (`pdflayout --version`);
#   strips        a continuous strip of 60 and 1,000 pages at 72 dpi (the spool path).
# The 60- and 1-page PDFs are those pages of pgfplots.pdf written as their own files by qpdf; the
# 1,000-page one is the whole manual (573 pages) followed by its first 427 pages.
# Peak RSS is the kernel's (wait4, as GNU time reports it); anon and file are the largest RssAnon
# (private memory) and RssFile (mapped files: shared libraries, the spool) seen every 20 ms.
# Figures of the last run, before and after, are in bench/memory/PDFLAYOUT.md (the web reader:
# bench/memory/reader.sh).
#
#   bench/memory/pdflayout.sh                            # builds pdflayout (release) first
#   PDFLAYOUT=path BEFORE=path/to/older/pdflayout REPEAT=3 bench/memory/pdflayout.sh
#   PARTS="side cause strips" (default all three); PARTS=tables RUNS=file: the tables of earlier runs
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/pdflayout-memory}
REPEAT=${REPEAT:-3}
DPI=100
PARTS=${PARTS:-side cause strips}
PEAK="env PYTHONPATH=$ROOT python3 -m bench.memory.peak"
mkdir -p "$WORK"
cd "$WORK"

RUNS=${RUNS:-$WORK/runs.tsv}
if [[ $PARTS != tables ]]; then
"$ROOT/scripts/install-deps.sh" mupdf-tools poppler-utils qpdf >&2
if [ ! -f pkg/usr/share/doc/texlive-doc/latex/pgfplots/pgfplots.pdf ]; then
    apt-get download texlive-pictures-doc >/dev/null 2>&1 || { apt-get update -qq && apt-get download texlive-pictures-doc >/dev/null; }
    dpkg -x texlive-pictures-doc_*.deb pkg && rm -f texlive-pictures-doc_*.deb
fi
MANUAL=$WORK/pkg/usr/share/doc/texlive-doc/latex/pgfplots/pgfplots.pdf
[ -f p1.pdf ] || qpdf --empty --pages "$MANUAL" 1 -- p1.pdf
[ -f p60.pdf ] || qpdf --empty --pages "$MANUAL" 1-60 -- p60.pdf
[ -f p1000.pdf ] || qpdf --empty --pages "$MANUAL" 1-z "$MANUAL" 1-427 -- p1000.pdf

if [ -z "${PDFLAYOUT:-}" ]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --product pdflayout >&2)  # as scripts/setup.sh
    PDFLAYOUT=$ROOT/.build/release/pdflayout
fi
binaries=("after=$PDFLAYOUT")
[ -n "${BEFORE:-}" ] && binaries=("before=$BEFORE" "${binaries[@]}")
: > "$RUNS"
fi

# measure KEY -- COMMAND...: one run in a fresh out/; appends "KEY wall cpu peak anon file" to $RUNS.
measure() {
    local key=$1; shift 2
    rm -rf out && mkdir out
    local figures
    figures=$($PEAK --out run.log -- "$@") || { echo "FAILED: $key: $(tail -2 run.log)" >&2; return 0; }
    printf '%s\t%s\n' "$key" "$figures" >>"$RUNS"
    echo "  $key: $figures" >&2
}

# --- side by side -------------------------------------------------------------------------------
if [[ $PARTS == *side* ]]; then
    echo "side by side, p60.pdf at $DPI dpi, $REPEAT rounds:" >&2
    for round in $(seq "$REPEAT"); do
        for entry in "${binaries[@]}"; do
            name=${entry%%=*} bin=${entry#*=}
            for format in png jpg webp; do
                measure "side $name-pdflayout $format" -- "$bin" p60.pdf --single --dpi $DPI -q -o "out/p.$format"
                measure "side $name-pdflayout-j1 $format" -- "$bin" p60.pdf --single --dpi $DPI -q -j 1 -o "out/p.$format"
            done
            measure "side $name-pdflayout two-up" -- "$bin" p60.pdf --two-up --dpi $DPI -q -o out/s.png
        done
        measure "side mutool png" -- mutool draw -q -r $DPI -o out/p%d.png p60.pdf
        measure "side mutool-T2 png" -- mutool draw -q -r $DPI -T 2 -B 256 -o out/p%d.png p60.pdf
        measure "side pdftocairo png" -- pdftocairo -png -cropbox -r $DPI p60.pdf out/p
        measure "side pdftoppm png" -- pdftoppm -png -cropbox -r $DPI p60.pdf out/p
        measure "side pdftocairo jpg" -- pdftocairo -jpeg -cropbox -r $DPI p60.pdf out/p
        measure "side pdftoppm jpg" -- pdftoppm -jpeg -cropbox -r $DPI p60.pdf out/p
    done
fi

# --- by cause -----------------------------------------------------------------------------------
if [[ $PARTS == *cause* ]]; then
    echo "by cause:" >&2
    for entry in "${binaries[@]}"; do
        name=${entry%%=*} bin=${entry#*=}
        measure "cause $name libraries 0 -" -- "$bin" --version
        for doc in p1 p60 p1000; do
            pages=${doc#p}
            for jobs in 1 2; do
                base=("$bin" "$doc.pdf" --single --dpi $DPI -q -j $jobs --force -o out/p.png)
                measure "cause $name run $pages $jobs" -- "${base[@]}"
                # 1,000 pages take minutes a run here: the toggles are measured on 1 and 60.
                [ "$pages" = 1000 ] && continue
                measure "cause $name cache100 $pages $jobs" -- env FROSTLEVEL_VIPS_CACHE_MAX=100 "${base[@]}"
                measure "cause $name vipsthreads1 $pages $jobs" -- env VIPS_CONCURRENCY=1 "${base[@]}"
                measure "cause $name arenas1 $pages $jobs" -- env MALLOC_ARENA_MAX=1 "${base[@]}"
                measure "cause $name arenas16 $pages $jobs" -- env MALLOC_ARENA_MAX=16 "${base[@]}"
                measure "cause $name nomodules $pages $jobs" -- env VIPSHOME=/nonexistent "${base[@]}"
            done
        done
    done
    measure "cause mutool run 1 1" -- mutool draw -q -r $DPI -o out/p%d.png p1.pdf
    measure "cause mutool run 60 1" -- mutool draw -q -r $DPI -o out/p%d.png p60.pdf
    measure "cause mutool run 1000 1" -- mutool draw -q -r $DPI -o out/p%d.png p1000.pdf
fi

# --- strips -------------------------------------------------------------------------------------
if [[ $PARTS == *strips* ]]; then
    echo "strips at 72 dpi:" >&2
    for entry in "${binaries[@]}"; do
        name=${entry%%=*} bin=${entry#*=}
        for doc in p60 p1000; do
            measure "strip $name ${doc#p}" -- "$bin" $doc.pdf --continuous --dpi 72 -q --force -o out/strip.png
        done
    done
fi

# --- tables -------------------------------------------------------------------------------------
{
    echo "## pdflayout memory bench — $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    if grep -q '^side' "$RUNS"; then
        echo "60 pages (pgfplots.pdf 1-60) at $DPI dpi; best wall of $REPEAT interleaved rounds; peak RSS the largest of them."
        echo "Ratios against \`mutool draw\` to PNG (single thread), in one run: speed = its wall time / ours; memory = our peak / its."
        echo
        echo "| command | output | wall s | CPU s | pages/s | pages/CPU-s | peak RSS MB | anon MB | × mutool speed | × mutool CPU speed | × mutool peak RSS |"
        echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk -F'\t' '$1 ~ /^side / {
            split($1, k, " "); key = k[2] " " k[3]
            if (!(key in wall) || $2 < wall[key]) { wall[key] = $2; cpu[key] = $3 }
            if ($4 > peak[key]) peak[key] = $4
            if ($5 > anon[key]) anon[key] = $5
            if (!(key in seen)) { seen[key] = 1; order[++n] = key }
        } END {
            m = "mutool png"
            for (i = 1; i <= n; i++) { key = order[i]; split(key, k, " ")
                printf "| %s | %s | %.2f | %.2f | %.1f | %.1f | %.0f | %.0f | %.2f | %.2f | %.2f |\n", k[1], k[2], wall[key], cpu[key],
                    60 / wall[key], 60 / cpu[key], peak[key] / 1024, anon[key] / 1024, wall[m] / wall[key], cpu[m] / cpu[key], peak[key] / peak[m] }
        }' "$RUNS"
        echo
    fi
    if grep -q '^cause' "$RUNS"; then
        echo "Peak RSS in MB by cause (PNG, $DPI dpi, one file per page). Each toggle changes one thing; the"
        echo "difference from \`run\` is that cause's share. anon/file: private memory and mapped files at their peaks."
        echo
        echo "| binary | pages | -j | run: peak (anon + file) | libvips cache 100 ops | VIPS_CONCURRENCY=1 | MALLOC_ARENA_MAX=1 | MALLOC_ARENA_MAX=16 | no libvips modules | wall s |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk -F'\t' '$1 ~ /^cause / {
            split($1, k, " "); row = k[2] " " k[4] " " k[5]
            peak[row, k[3]] = $4; anon[row, k[3]] = $5; file[row, k[3]] = $6; wall[row, k[3]] = $2
            if (!(row in seen)) { seen[row] = 1; order[++n] = row }
        } END {
            for (i = 1; i <= n; i++) { row = order[i]; split(row, k, " ")
                if (k[1] == "mutool" || k[2] == 0) {
                    # one figure only: mutool, or the libraries alone (run and libraries are never both set)
                    printf "| %s | %s | %s | %.0f (%.0f + %.0f) | | | | | | %.2f |\n", (k[2] == 0 ? k[1] " --version" : k[1]), k[2], k[3], peak[row, "run"] / 1024 + peak[row, "libraries"] / 1024, (anon[row, "run"] + anon[row, "libraries"]) / 1024, (file[row, "run"] + file[row, "libraries"]) / 1024, wall[row, "run"] + wall[row, "libraries"]
                    continue
                }
                printf "| %s | %s | %s | %.0f (%.0f + %.0f) | %s | %s | %s | %s | %s | %.2f |\n", k[1], k[2], k[3], peak[row, "run"] / 1024, anon[row, "run"] / 1024, file[row, "run"] / 1024,
                    mb(peak[row, "cache100"]), mb(peak[row, "vipsthreads1"]), mb(peak[row, "arenas1"]), mb(peak[row, "arenas16"]), mb(peak[row, "nomodules"]), wall[row, "run"] }
        }
        function mb(kb) { return kb == "" ? "–" : sprintf("%.0f", kb / 1024) }' "$RUNS"
        echo
    fi
    if grep -q '^strip' "$RUNS"; then
        echo "| continuous strip at 72 dpi | pages | wall s | peak RSS MB | anon MB | file MB |"
        echo "|---|---:|---:|---:|---:|---:|"
        awk -F'\t' '$1 ~ /^strip / { split($1, k, " "); printf "| %s | %s | %.1f | %.0f | %.0f | %.0f |\n", k[2], k[3], $2, $4 / 1024, $5 / 1024, $6 / 1024 }' "$RUNS"
    fi
} | tee "$WORK/results.md"
