#!/usr/bin/env bash
# Batch throughput, -j 1 against -j 2 (not part of the tests; the full size takes ~20–30 minutes on
# 2 cores):
#   photos  imgtool horizon -r photos/ --fix -o out/ on N photos of 4–6 MP (one process, N inputs),
#           against one imgtool process per photo under GNU parallel, as scripts do it today;
#   PDF     pdflayout BOOK --single -o out/p.png --dpi 100 on the gnuplot manual (311 pages),
#           against pdftocairo -png -cropbox (one process, then two on the two halves of the range).
# Each job runs with 1 and 2 workers: items per second, speed-up of 2 workers over 1 (the target is
# ≥ 1.8× on 2 cores), CPU time, peak RSS and RSS per worker (1 worker: its peak RSS; 2 workers in one
# process: peak RSS of -j 2 minus that of -j 1, the second worker's cost).
# It installs what it needs (apt: libvips-tools, poppler-utils, parallel, time), fetches the PDF as a
# Debian package (unpacked, not installed), makes the photos from Assets/ (cached in $BENCH_DIR),
# builds release binaries, prints a Markdown table and saves it to $BENCH_DIR/results.md.
#
#   bench/batch/run.sh                          # PHOTOS=500, all pages, REPEAT=2 (best of 2)
#   PHOTOS=40 PAGES=40 REPEAT=1 bench/batch/run.sh    # a quick run while developing
#   SCRATCH=.build-bench BENCH_DIR=/tmp/bb bench/batch/run.sh
#   IMGTOOL=… PDFLAYOUT=… bench/batch/run.sh    # binaries already built
#   BOOK=/path/to/other.pdf bench/batch/run.sh  # another PDF (≥ 300 pages for the issue's figure)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/batch-bench}
SCRATCH=${SCRATCH:-$ROOT/.build}
PHOTOS=${PHOTOS:-500}
PAGES=${PAGES:-}
DPI=${DPI:-100}
REPEAT=${REPEAT:-2}
mkdir -p "$WORK/logs"
WORK=$(cd "$WORK" && pwd)
cd "$WORK"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# --- tools ----------------------------------------------------------------------------------------
"$ROOT/scripts/install-deps.sh" parallel time

# --- binaries -------------------------------------------------------------------------------------
if [ -z "${IMGTOOL:-}" ] || [ -z "${PDFLAYOUT:-}" ]; then
    echo "building release binaries in $SCRATCH" >&2
    (cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product imgtool >/dev/null \
        && swift build -c release --scratch-path "$SCRATCH" --product pdflayout >/dev/null)
fi
IMGTOOL=${IMGTOOL:-$SCRATCH/release/imgtool}
PDFLAYOUT=${PDFLAYOUT:-$SCRATCH/release/pdflayout}

# --- photos ---------------------------------------------------------------------------------------
# 30 distinct photos: each a photo of Assets/ enlarged to 2600×1625 (4.2 MP) or 3000×1875 (5.6 MP),
# portrait for the portrait one, turned by a known angle (vips similarity), cropped to the largest
# centred rectangle of that size without wedges, with a little grain (Gaussian, σ 3) so that the
# JPEG (Q 90) weighs what a camera's does. Then N copies under distinct names in 4 folders, 2 deep.
SOURCES=(horizon-lake horizon-pier horizon-fog horizon-portrait tilted-lake distractor-planks
    no-horizon-leaf no-horizon-sky)
DISTINCT=30
make_distinct() {
    local stamp=distinct/.made-v1
    [ -f "$stamp" ] && return
    echo "making $DISTINCT distinct photos in $WORK/distinct" >&2
    rm -rf distinct && mkdir -p distinct tmp
    printf 'file\tsource\tvips_similarity_angle\n' > distinct/truth.tsv
    local i
    for ((i = 0; i < DISTINCT; i++)); do
        local src=${SOURCES[i % ${#SOURCES[@]}]}
        local angle; angle=$(awk -v i="$i" 'BEGIN { a = ((i * 37) % 81 - 40) / 10; if (a == 0) a = 0.7; printf "%.1f", a }')
        local w=2600 h=1625
        ((i % 2)) && { w=3000; h=1875; }
        read -r W H < <(vipsheader -f width "$ROOT/Assets/$src.jpg" | tr '\n' ' '; vipsheader -f height "$ROOT/Assets/$src.jpg")
        ((H > W)) && { local t=$w; w=$h; h=$t; }
        # Scale so that a w×h rectangle turned by the angle fits inside the scaled photo.
        local scale; scale=$(awk -v w="$w" -v h="$h" -v W="$W" -v H="$H" -v a="$angle" 'BEGIN {
            r = (a < 0 ? -a : a) * atan2(0, -1) / 180; c = cos(r); s = sin(r)
            x = (w * c + h * s) / W; y = (w * s + h * c) / H; printf "%.6f", (x > y ? x : y) * 1.003 }')
        vips similarity "$ROOT/Assets/$src.jpg" tmp/turned.v --scale "$scale" --angle "$angle"
        local TW TH; TW=$(vipsheader -f width tmp/turned.v); TH=$(vipsheader -f height tmp/turned.v)
        vips extract_area tmp/turned.v tmp/crop.v $(((TW - w) / 2)) $(((TH - h) / 2)) "$w" "$h"
        vips gaussnoise tmp/noise.v "$w" "$h" --sigma 3 --mean 0
        vips add tmp/crop.v tmp/noise.v tmp/grain.v
        local name; name=$(printf 'd%02d-%s.jpg' "$i" "$src")
        vips cast tmp/grain.v "distinct/$name[Q=90,strip]" uchar
        printf '%s\t%s\t%s\n' "$name" "$src" "$angle" >> distinct/truth.tsv
    done
    rm -rf tmp
    touch "$stamp"
}
make_photos() {
    [ "$(cat photos/.count 2>/dev/null)" = "$PHOTOS" ] && return
    echo "copying $PHOTOS photos into $WORK/photos" >&2
    rm -rf photos
    local folders=(2021/summer 2021/winter 2022/trip 2023/family) distinct i
    for f in "${folders[@]}"; do mkdir -p "photos/$f"; done
    mapfile -t distinct < <(ls distinct/*.jpg)
    for ((i = 0; i < PHOTOS; i++)); do
        cp "${distinct[i % ${#distinct[@]}]}" "$(printf 'photos/%s/IMG_%04d.jpg' "${folders[i % ${#folders[@]}]}" "$((i + 1))")"
    done
    echo "$PHOTOS" > photos/.count
}
make_distinct
make_photos
find photos -name '*.jpg' | sort > photos.list
MP=$(find distinct -name '*.jpg' -exec vipsheader -f width {} \; -exec vipsheader -f height {} \; | paste - - \
    | awk '{ s += $1 * $2; n++ } END { printf "%.1f", s / n / 1e6 }')
PHOTO_MB=$(du -cb distinct/*.jpg | awk 'END { printf "%.1f", $1 / 1e6 / '"$DISTINCT"' }')

# --- the PDF --------------------------------------------------------------------------------------
if [ -z "${BOOK:-}" ]; then
    BOOK=$WORK/pkg/usr/share/doc/gnuplot/gnuplot.pdf
    if [ ! -f "$BOOK" ]; then
        (apt-get download gnuplot-doc >/dev/null 2>&1 || { apt-get update -qq && apt-get download gnuplot-doc >/dev/null; }) \
            || { echo "gnuplot-doc is not available: set BOOK= to another PDF of ≥ 300 pages" >&2; exit 1; }
        dpkg -x gnuplot-doc_*.deb pkg
    fi
fi
BOOK_PAGES=$(pdfinfo "$BOOK" | awk '/^Pages:/ { print $2 }')
LAST=$BOOK_PAGES
[ -n "$PAGES" ] && ((PAGES < BOOK_PAGES)) && LAST=$PAGES
HALF=$(((LAST + 1) / 2))

# --- measuring ------------------------------------------------------------------------------------
# measure JOB WORKERS ITEMS OK -- command...: REPEAT runs, each in a fresh out/; keeps the best wall
# time with that run's CPU time (user + sys) and peak RSS, from /usr/bin/time -v (the full report
# of the last run is in logs/). OK: a regex of the exit statuses that count as success. One TSV line:
# job, workers, items, wall, cpu, rss kB, files written.
RESULTS=$WORK/results.tsv
: > "$RESULTS"
measure() {
    local job=$1 workers=$2 items=$3 ok=$4; shift 5
    local log; log=logs/$(echo "$job j$workers" | tr -c 'A-Za-z0-9\n' '_').time
    local best="" status line
    for _ in $(seq "$REPEAT"); do
        rm -rf out && mkdir out
        status=0
        /usr/bin/time -v -o "$log" "$@" >/dev/null 2>"${log%.time}.err" || status=$?
        if ! [[ $status =~ ^($ok)$ ]]; then
            tail -5 "${log%.time}.err" >&2; echo "FAILED ($status): $job, $workers workers" >&2; return 1
        fi
        line=$(awk -F': ' '
            /Elapsed \(wall clock\)/ { n = split($NF, p, ":"); e = 0; for (i = 1; i <= n; i++) e = e * 60 + p[i] }
            /User time/ { u = $NF } /System time/ { s = $NF } /Maximum resident set size/ { m = $NF }
            END { printf "%.2f %.2f %d", e, u + s, m }' "$log")
        if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$line; fi
    done
    local files; files=$(find out -type f ! -name '.*' | wc -l)
    read -r wall cpu rss <<<"$best"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$job" "$workers" "$items" "$wall" "$cpu" "$rss" "$files" >>"$RESULTS"
    echo "  $job, -j $workers: ${wall} s, $files files written, load $(cut -d' ' -f1 /proc/loadavg)" >&2
}

# The peer for pages: pdftocairo on the range, or on its two halves at once.
cat > pdftocairo-halves.sh <<'EOF'
#!/usr/bin/env bash
# pdftocairo-halves.sh DPI BOOK LAST HALF: two pdftocairo processes, pages 1–HALF and HALF+1–LAST.
pdftocairo -png -cropbox -r "$1" -f 1 -l "$4" "$2" out/p & a=$!
pdftocairo -png -cropbox -r "$1" -f "$(($4 + 1))" -l "$3" "$2" out/p & b=$!
wait "$a" && wait "$b"
EOF
chmod +x pdftocairo-halves.sh

JOB_BATCH="imgtool horizon -r --fix (one process)"
JOB_PEER="parallel imgtool horizon --fix (process per photo)"
JOB_PDF="pdflayout --single (one process)"
JOB_CAIRO="pdftocairo -png -cropbox (a process per worker)"
# imgtool horizon exits 2 when some photo has no horizon (nothing written for it): still a success.
echo "photos: $PHOTOS × ${MP} MP (${PHOTO_MB} MB each) in 4 folders:" >&2
for j in 1 2; do
    measure "$JOB_BATCH" "$j" "$PHOTOS" '0|2' -- "$IMGTOOL" horizon -r photos/ --fix -o out/ -q -j "$j"
done
for j in 1 2; do
    # parallel exits with the number of failed jobs; the joblog is checked below instead.
    measure "$JOB_PEER" "$j" "$PHOTOS" '[0-9]+' -- parallel --will-cite -j "$j" --joblog "logs/parallel-j$j.joblog" \
        "$IMGTOOL" horizon {} --fix -o out/{/} -q :::: photos.list
    bad=$(awk -F'\t' 'NR > 1 && $7 != 0 && $7 != 2' "logs/parallel-j$j.joblog" | wc -l)
    ((bad == 0)) || { echo "FAILED: $bad imgtool processes under parallel -j $j (logs/parallel-j$j.joblog)" >&2; exit 1; }
done

pages_option=()
[ "$LAST" != "$BOOK_PAGES" ] && pages_option=(--pages "1-$LAST")
echo "PDF: $(basename "$BOOK"), pages 1–$LAST of $BOOK_PAGES, $DPI dpi:" >&2
for j in 1 2; do
    measure "$JOB_PDF" "$j" "$LAST" 0 -- "$PDFLAYOUT" "$BOOK" --single "${pages_option[@]}" -o out/p.png --dpi "$DPI" -q -j "$j"
done
measure "$JOB_CAIRO" 1 "$LAST" 0 -- pdftocairo -png -cropbox -r "$DPI" -f 1 -l "$LAST" "$BOOK" out/p
measure "$JOB_CAIRO" 2 "$LAST" 0 -- ./pdftocairo-halves.sh "$DPI" "$BOOK" "$LAST" "$HALF"
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# --- table ----------------------------------------------------------------------------------------
{
    echo "## Batch throughput — $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), best of $REPEAT"
    echo
    echo "Load average (1, 5, 15 min) before: $LOAD_BEFORE; after: $LOAD_AFTER. The machine may be shared:"
    echo "compare ratios, not absolute times."
    echo
    echo "Photos: $PHOTOS JPEGs (Q 90) of ${MP} MP on average, ${PHOTO_MB} MB each, copies of $DISTINCT distinct ones in"
    echo "4 folders, 2 deep; \`--fix\` writes a straightened copy of each photo with a horizon."
    echo "PDF: $(basename "$BOOK") ($BOOK_PAGES pages), pages 1–$LAST to PNG at $DPI dpi."
    echo
    echo "| job | workers | items | wall s | items/s | speed-up vs 1 worker | CPU s | peak RSS MB | RSS per worker MB |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    awk -F'\t' '
        NR == FNR { if ($2 == 1) { one[$1] = $4; rss1[$1] = $6 } next }
        {
            rate = $3 / $4
            speedup = ($1 in one) ? sprintf("%.2f×", one[$1] / $4) : "—"
            # One process: the second worker costs the difference; a process per worker: each its own.
            if ($1 ~ /one process/) perworker = ($2 == 1) ? $6 : ($6 - rss1[$1]) / ($2 - 1)
            else perworker = $6
            mark = ($1 ~ /one process/) ? "" : " †"
            printf "| %s | %d | %d | %.2f | %.1f | %s | %.2f | %.0f%s | %.0f |\n", \
                $1, $2, $3, $4, rate, speedup, $5, $6 / 1024, mark, perworker / 1024
        }' "$RESULTS" "$RESULTS"
    echo
    echo "† Several processes: GNU time reports the largest one (each worker is a process), so together"
    echo "they hold about workers × that. \`parallel\` itself (perl) counts among them."
    echo
    awk -F'\t' -v batch="$JOB_BATCH" -v peer="$JOB_PEER" -v pdf="$JOB_PDF" -v cairo="$JOB_CAIRO" '
        { wall[$1, $2] = $4; items[$1] = $3; files[$1, $2] = $7 }
        function ratio(job) { return wall[job, 1] / wall[job, 2] }
        END {
            printf "- Scaling, 2 workers over 1 (target ≥ 1.8×): imgtool horizon batch %.2f×, pdflayout %.2f×;", ratio(batch), ratio(pdf)
            printf " peers: a process per photo %.2f×, pdftocairo %.2f×.\n", ratio(peer), ratio(cairo)
            for (j = 1; j <= 2; j++)
                printf "- A process per photo costs %.0f ms more per photo than the batch with %d worker%s (%.2f× the batch'"'"'s time).\n", \
                    1000 * (wall[peer, j] - wall[batch, j]) / items[batch], j, (j > 1 ? "s" : ""), wall[peer, j] / wall[batch, j]
            for (j = 1; j <= 2; j++)
                printf "- pdflayout against pdftocairo, %d worker%s: %.2f× its pages per second.\n", j, (j > 1 ? "s" : ""), wall[cairo, j] / wall[pdf, j]
            printf "- Files written: batch %d / %d, process per photo %d / %d (photos without a horizon get none), pdflayout %d / %d, pdftocairo %d / %d.\n", \
                files[batch, 1], files[batch, 2], files[peer, 1], files[peer, 2], files[pdf, 1], files[pdf, 2], files[cairo, 1], files[cairo, 2]
        }' "$RESULTS"
} | tee "$WORK/results.md"
