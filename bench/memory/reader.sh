#!/usr/bin/env bash
# The web reader's memory (pdflayout --format html, both image sets): peak RSS, wall and CPU of the
# 300-page text book of bench/pdflayout/reader.sh (hyperref's manual repeated with qpdf), -j 1 and
# -j 2, with a 60-page PNG render (pages 1-60 of the pgfplots manual at 100 dpi, as
# bench/memory/pdflayout.sh) as the control, each binary's runs interleaved, best wall of REPEAT
# rounds (with its CPU time) and the largest peak. Peak RSS is the kernel's (wait4); anon is the
# largest RssAnon seen every 20 ms (private memory). With BEFORE= an older binary, its outputs are
# compared with `diff -r` (the reader is deterministic: every byte must agree). Figures of the
# last run are in bench/memory/PDFLAYOUT.md ("Fourth run").
#
#   PDFLAYOUT=path BEFORE=path/to/older/pdflayout REPEAT=3 bench/memory/reader.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/pdflayout-memory}
REPEAT=${REPEAT:-3}
PEAK="env PYTHONPATH=$ROOT python3 -m bench.memory.peak"
mkdir -p "$WORK/reader"
cd "$WORK/reader"
"$ROOT/scripts/install-deps.sh" qpdf >&2
MANUAL=$ROOT/Assets/hyperref-manual.pdf
[ -f book-300.pdf ] || qpdf --empty --pages "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-z "$MANUAL" 1-48 -- book-300.pdf
if [ ! -f p60.pdf ]; then
  [ -f ../pkg/usr/share/doc/texlive-doc/latex/pgfplots/pgfplots.pdf ] || { cd ..; apt-get download texlive-pictures-doc >/dev/null && dpkg -x texlive-pictures-doc_*.deb pkg && rm -f texlive-pictures-doc_*.deb; cd reader; }
  qpdf --empty --pages ../pkg/usr/share/doc/texlive-doc/latex/pgfplots/pgfplots.pdf 1-60 -- p60.pdf
fi
if [ -z "${PDFLAYOUT:-}" ]; then
  (cd "$ROOT" && swift build -c release --static-swift-stdlib --product pdflayout >&2)
  PDFLAYOUT=$ROOT/.build/release/pdflayout
fi
binaries=("after=$PDFLAYOUT")
[ -n "${BEFORE:-}" ] && binaries=("before=$BEFORE" "${binaries[@]}")
: > runs.tsv
for round in $(seq "$REPEAT"); do
  for entry in "${binaries[@]}"; do
    name=${entry%%=*} bin=${entry#*=}
    for j in 1 2; do
      rm -rf "reader-$name"
      printf '%s\t%s\n' "$name reader -j $j" "$($PEAK -- "$bin" book-300.pdf --single -o "reader-$name/" --format html -q -j "$j")" >>runs.tsv
      rm -rf png && mkdir png
      printf '%s\t%s\n' "$name png60 -j $j" "$($PEAK -- "$bin" p60.pdf --single --dpi 100 -q -j "$j" -o png/p.png)" >>runs.tsv
    done
  done
done
[ -n "${BEFORE:-}" ] && { diff -r reader-before reader-after >&2 && echo "reader folders identical (diff -r)" >&2; }
# Best wall (its CPU), largest peak and anon per key; peak.py prints wall cpu peakKB anonKB fileKB.
awk -F'\t' '{ k = $1
    if (!(k in w) || $2 + 0 < w[k]) { w[k] = $2 + 0; c[k] = $3 + 0 }
    if ($4 + 0 > p[k]) p[k] = $4 + 0; if ($5 + 0 > a[k]) a[k] = $5 + 0; if (!(k in o)) { o[k] = n++; keys[o[k]] = k } }
  END { print "| binary | command | -j | wall s | CPU s | peak MB | anon MB |"; print "|---|---|---:|---:|---:|---:|---:|"
    for (i = 0; i < n; i++) { k = keys[i]; split(k, part, " ")
      printf "| %s | %s | %s | %.2f | %.2f | %.0f | %.0f |\n", part[1], part[2] == "reader" ? "300-page text reader" : "60 pages PNG (control)", part[4], w[k], c[k], p[k] / 1024, a[k] / 1024 } }' \
  runs.tsv | tee results.md
