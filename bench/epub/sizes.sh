#!/usr/bin/env bash
# EPUB sizes of text books and comics, pdflayout before and after a change, with calibre's
# conversion beside them (when ebook-convert is installed), in one run:
#   BEFORE=/path/to/old/pdflayout AFTER=/path/to/new/pdflayout bench/epub/sizes.sh
# Prints a markdown table: input, its size, each EPUB's size and its ratio to the input, and for a PDF
# the old encoding's size (every page a JPEG at quality 85, as before issue 42: pdftocairo's pages at the
# EPUB's 144 dpi saved by libvips, summed) with the after EPUB's share of it.
set -euo pipefail
cd "$(dirname "$0")/../.."
before=${BEFORE:?BEFORE=old pdflayout}; after=${AFTER:?AFTER=new pdflayout}
out=bench/out/epub-sizes; rm -rf "$out"; mkdir -p "$out/photos"
cp Assets/horizon-lake.jpg "$out/photos/p1.jpg"; cp Assets/tilted-lake.jpg "$out/photos/p2.jpg"
cp Assets/horizon-fog.jpg "$out/photos/p3.jpg"; cp Assets/horizon-pier.jpg "$out/photos/p4.jpg"
base=/usr/share/doc/texlive-doc/latex/base
inputs=(Assets/hyperref-manual.pdf "$base/clsguide.pdf" "$base/encguide.pdf" Assets/comic.cbz "$out/photos")
mb() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1e6 }'; }
size() { if [ -d "$1" ]; then du -sb "$1" | cut -f1; else stat -c %s "$1"; fi; }
# The old encoding: each page at 144 dpi as a JPEG at quality 85, summed (MB).
jpeg_pages() {
  local pages="$out/jpeg-pages"; rm -rf "$pages"; mkdir -p "$pages"
  pdftocairo -r 144 -png "$1" "$pages/p"
  for page in "$pages"/p*.png; do vips copy "$page" "${page%.png}.jpg[Q=85,optimize_coding,strip]"; done
  cat "$pages"/p*.jpg | wc -c
}
echo "| input | input MB | JPEG q85 MB | before MB (×) | after MB (×) | after / JPEG | calibre MB (×) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for input in "${inputs[@]}"; do
  name=$(basename "$input"); name=${name%.*}
  "$before" "$input" --two-up -o "$out/$name-before.epub" -q
  "$after" "$input" --two-up -o "$out/$name-after.epub" -q
  calibre="—"
  if command -v ebook-convert >/dev/null && [ -f "$input" ]; then
    ebook-convert "$input" "$out/$name-calibre.epub" >/dev/null 2>&1 &&
      calibre="$(mb "$(size "$out/$name-calibre.epub")") ($(awk -v a="$(size "$out/$name-calibre.epub")" -v b="$(size "$input")" 'BEGIN { printf "%.1f", a / b }'))"
  fi
  in=$(size "$input")
  jpeg="—"; share="—"
  if [ "${input##*.}" = pdf ]; then
    jpeg_bytes=$(jpeg_pages "$input"); jpeg=$(mb "$jpeg_bytes")
    share=$(awk -v a="$(size "$out/$name-after.epub")" -v b="$jpeg_bytes" 'BEGIN { printf "%.0f %%", 100 * a / b }')
  fi
  row="| $name | $(mb "$in") | $jpeg"
  for kind in before after; do
    bytes=$(size "$out/$name-$kind.epub")
    row="$row | $(mb "$bytes") ($(awk -v a="$bytes" -v b="$in" 'BEGIN { printf "%.1f", a / b }'))"
  done
  echo "$row | $share | $calibre |"
done
