#!/usr/bin/env bash
# Issue 13's bench: vector two-up + cover + RTL spreads of a 311-page manual with an outline and
# links (gnuplot.pdf: 648 outline entries, 3405 link annotations), pdflayout against pdfjam,
# pikepdf and pypdf in one run, with what each keeps of the navigation (counted with qpdf --json,
# independently of the tools). Takes about a minute once the tools are there.
#
#   bench/pdflayout/navigation.sh                # REPEAT=3, SCRATCH=.build
# Installs what it needs (apt: qpdf, texlive-extra-utils, texlive-latex-recommended, time; pip in
# a venv: pikepdf, pypdf) and fetches gnuplot-doc as a Debian package (unpacked, not installed).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/pdflayout-bench}
SCRATCH=${SCRATCH:-$ROOT/.build}
REPEAT=${REPEAT:-3}
mkdir -p "$WORK"
cd "$WORK"

"$ROOT/scripts/install-deps.sh" texlive-extra-utils texlive-latex-recommended time
if [ ! -x venv/bin/python ] || ! venv/bin/python -c 'import pikepdf, pypdf' 2>/dev/null; then
    python3 -m venv venv && venv/bin/pip install -q pikepdf pypdf
fi
if [ ! -f pkg/usr/share/doc/gnuplot/gnuplot.pdf ]; then
    apt-get download gnuplot-doc >/dev/null 2>&1 || { apt-get update -qq && apt-get download gnuplot-doc >/dev/null; }
    dpkg -x gnuplot-doc_*.deb pkg
fi
BOOK=$WORK/pkg/usr/share/doc/gnuplot/gnuplot.pdf
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }

(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --product pdflayout >/dev/null)
PDFLAYOUT=$SCRATCH/release/pdflayout

# navigation FILE: outline entries, link annotations (internal, URI) as qpdf reads them.
navigation() {
    qpdf --json --json-key=qpdf --json-key=outlines "$1" | python3 -c '
import json, sys
d = json.load(sys.stdin)
def count(items): return sum(1 + count(i["kids"]) for i in items)
links = internal = uri = 0
for v in d["qpdf"][1].values():
    value = v.get("value") if isinstance(v, dict) else None
    if isinstance(value, dict) and value.get("/Subtype") == "/Link":
        links += 1
        action = value.get("/A")
        action = d["qpdf"][1].get("obj:" + action, {}).get("value") if isinstance(action, str) else action
        if "/Dest" in value or (isinstance(action, dict) and action.get("/S") == "/GoTo"): internal += 1
        if isinstance(action, dict) and action.get("/S") == "/URI": uri += 1
print(count(d["outlines"]), links, internal, uri)'
}

RESULTS=$WORK/navigation.tsv
: > "$RESULTS"
measure() { # LABEL -- command...: best wall time of REPEAT runs, with its CPU time and peak RSS
    local label=$1; shift 2
    local best="" line
    for _ in $(seq "$REPEAT"); do
        rm -f spreads.pdf
        /usr/bin/time -o time.txt -f "%e %U %S %M" "$@" >/dev/null 2>run.err || { cat run.err >&2; echo "FAILED: $label" >&2; return 1; }
        line=$(tail -1 time.txt)
        if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$line; fi
    done
    read -r wall user sys rss <<<"$best"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" "$rss" \
        "$(stat -c %s spreads.pdf)" "$(pages spreads.pdf)" "$(navigation spreads.pdf | tr ' ' '\t')" >>"$RESULTS"
    echo "  $label: ${wall} s" >&2
}

# The same sheets for everyone: cover alone on the left, then (3,2), (5,4), …, a last lone page on the right.
n=$(pages "$BOOK")
list="1,{}"; for ((p = 2; p <= n; p += 2)); do if ((p + 1 <= n)); then list+=",$((p + 1)),$p"; else list+=",{},$p"; fi; done
read -r width height < <(pdfinfo "$BOOK" | awk '/^Page size:/ { print $3, $5 }')
measure "pdflayout --two-up --cover --rtl" -- "$PDFLAYOUT" "$BOOK" --two-up --cover --rtl --no-gaps -q -o spreads.pdf
measure "pdfjam --nup 2x1" -- pdfjam --quiet --nup 2x1 --papersize "{$(awk -v w="$width" 'BEGIN { print 2 * w }')bp,${height}bp}" \
    --outfile spreads.pdf "$BOOK" "$list"
measure "pikepdf (form XObjects)" -- env PYTHONPATH="$ROOT" venv/bin/python -m bench.pdflayout.pikepdf_spreads "$BOOK" spreads.pdf
measure "pypdf (merge_transformed_page)" -- env PYTHONPATH="$ROOT" venv/bin/python -m bench.pdflayout.pypdf_spreads "$BOOK" spreads.pdf

read -r outline links internal uri < <(navigation "$BOOK")
{
    echo "## pdflayout navigation bench — $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), best of $REPEAT, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "gnuplot.pdf: $n pages, $outline outline entries, $links links ($internal internal, $uri URI). Vector two-up + cover + RTL."
    echo
    echo "| tool | wall s | CPU s | peak RSS MB | output MB | sheets | outline entries | links | internal | URI | × pdfjam (time) | size / pdfjam |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    awk -F'\t' 'NR == FNR { if ($1 ~ /^pdfjam/) { jam = $2; jamsize = $5 } next }
        { printf "| %s | %.2f | %.2f | %.0f | %.2f | %s | %s | %s | %s | %s | %.1f | %.3f |\n", $1, $2, $3, $4 / 1024, $5 / 1e6, $6, $7, $8, $9, $10, jam / $2, $5 / jamsize }' \
        "$RESULTS" "$RESULTS"
} | tee "$WORK/navigation.md"
