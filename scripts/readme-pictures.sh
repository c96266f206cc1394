#!/usr/bin/env bash
# Renders the pictures the README shows into docs/pictures/, from the files in Assets/ only:
#   horizon.jpg  tilted photo with its detected horizon | the straightened copy (imgtool horizon)
#   blur.jpg     screenshot: original | light | extra-light | dark (imgtool blur)
#   spread.jpg   one two-up right-to-left spread of a book (pdflayout --two-up --rtl)
#   strip.jpg    a right-to-left horizontal strip of pages (pdflayout --continuous --horizontal --rtl)
#   contact-sheet.jpg  every page of a manual in a grid of 9 columns (pdflayout --columns 9)
#   reader-spread.jpg  the web reader (pdflayout --format html) on a right-to-left spread, in headless Chromium
#   reader-strip.jpg   the web reader on a continuous right-to-left strip
#   review.jpg         imgtool horizon's review page (--review) with decisions made, in headless Chromium
# Builds the release binaries first (a no-op when they are up to date). Needs the `vips` command
# (libvips-tools) and the DejaVu Sans font for the captions, and for the reader's screenshots
# chromium, chromium-driver and python3 (scripts/reader-screenshot.py). Same inputs, same bytes: running it
# again rewrites identical files (but for the two screenshots of the reader, whose JPEG bytes vary
# with the browser's timing).
#
#   scripts/readme-pictures.sh                     # build with .build, render
#   SCRATCH_PATH=.build-x scripts/readme-pictures.sh
#   BIN=/path/to/folder scripts/readme-pictures.sh # use imgtool and pdflayout from there, no build
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

if [ -z "${BIN:-}" ]; then
  scratch=(--scratch-path "${SCRATCH_PATH:-.build}")
  swift build -c release "${scratch[@]}" --product imgtool >&2
  swift build -c release "${scratch[@]}" --product pdflayout >&2
  BIN=$(swift build -c release "${scratch[@]}" --show-bin-path)
fi
imgtool=$BIN/imgtool
pdflayout=$BIN/pdflayout
command -v vips >/dev/null || { echo "readme-pictures: the vips command is missing (apt-get install libvips-tools)" >&2; exit 1; }

out=docs/pictures
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/readme-pictures.XXXXXX")
trap 'rm -rf "$work"' EXIT

font="DejaVu Sans 15"
gap=12      # pixels between panels and around the picture
white=255

# caption TEXT WIDTH OUT: dark grey TEXT centred on a white band WIDTH pixels wide, 3 bands.
n=0
caption() {
  local text=$1 width=$2 result=$3
  n=$((n + 1))
  local mask=$work/mask-$n.v paper=$work/paper-$n.v grey=$work/grey-$n.v rgb=$work/rgb-$n.v
  vips text --font "$font" -- "$mask" "$text"             # -- : a caption may start with a dash
  vips invert "$mask" "$paper"                            # black text on white
  vips linear "$paper" "$grey" 0.75 63.75 --uchar         # ink softened to #404040
  vips bandjoin "$grey $grey $grey" "$rgb"
  local w h
  w=$(vipsheader -f width "$rgb")
  h=$(vipsheader -f height "$rgb")
  if [ "$w" -gt "$width" ]; then
    echo "readme-pictures: caption \"$text\" is wider ($w px) than its panel ($width px)" >&2
    exit 1
  fi
  vips embed "$rgb" "$result" $(((width - w) / 2)) 6 "$width" $((h + 14)) --extend white
}

# panel IMAGE TEXT OUT: IMAGE with TEXT captioned under it.
panel() {
  local image=$1 text=$2 result=$3
  n=$((n + 1))
  local band=$work/caption-$n.v
  caption "$text" "$(vipsheader -f width "$image")" "$band"
  vips join "$image" "$band" "$result" vertical --expand --background $white
}

# finish IN NAME: a white border, then a JPEG at quality 82 without metadata.
finish() {
  local image=$1 name=$2
  local framed=$work/framed-$name.v
  local w h
  w=$(vipsheader -f width "$image")
  h=$(vipsheader -f height "$image")
  vips embed "$image" "$framed" $gap $gap $((w + 2 * gap)) $((h + 2 * gap)) --extend white
  vips jpegsave "$framed" "$work/$name" --Q 82 --strip --optimize-coding
  mv -f "$work/$name" "$out/$name"
  printf '%s  %s×%s  %s bytes\n' "$out/$name" "$((w + 2 * gap))" "$((h + 2 * gap))" "$(stat -c %s "$out/$name")"
}

# a. Horizon: the tilted photo with the detected line drawn on, and the straightened copy.
photo=Assets/tilted-lake.jpg
"$imgtool" horizon "$photo" --overlay "$work/seen.jpg" -q
"$imgtool" horizon "$photo" --fix -o "$work/level.jpg" -q
angle=$("$imgtool" horizon "$photo" | sed -n 's/.*horizon tilted \([-+][0-9.]*°\).*/\1/p')
[ -n "$angle" ] || { echo "readme-pictures: no horizon found in $photo" >&2; exit 1; }
vips thumbnail "$work/seen.jpg" "$work/seen-small.v" 582 --height 364
vips thumbnail "$work/level.jpg" "$work/level-small.v" 582 --height 364
panel "$work/seen-small.v" "Tilted original: horizon found at $angle" "$work/seen-panel.v"
panel "$work/level-small.v" "imgtool horizon --fix: turned level, cropped" "$work/level-panel.v"
vips arrayjoin "$work/seen-panel.v $work/level-panel.v" "$work/horizon.v" --across 2 --shim $gap \
  --background $white --valign low
finish "$work/horizon.v" horizon.jpg

# b. Blur: the screenshot and Apple's three frosted styles.
shot=Assets/screenshot-text.png
panels=()
for style in original light extra-light dark; do
  if [ "$style" = original ]; then
    vips copy "$shot" "$work/blur-$style.png"
    label="original"
  else
    "$imgtool" blur "$shot" -o "$work/blur-$style.png" --style "$style" -q
    label="--style $style"
  fi
  vips thumbnail "$work/blur-$style.png" "$work/blur-$style-small.v" 285 --height 1000
  panel "$work/blur-$style-small.v" "$label" "$work/blur-$style-panel.v"
  panels+=("$work/blur-$style-panel.v")
done
vips arrayjoin "${panels[*]}" "$work/blur.v" --across 4 --shim $gap --background $white
finish "$work/blur.v" blur.jpg

# c. One spread of a right-to-left book: the first page of the spread is on the right.
# (--no-cover: with --pages the selection starts a fresh pairing; 4–5 is a real spread of this book.)
book=Assets/book-rtl.pdf
"$pdflayout" "$book" --two-up --rtl --no-cover --pages 4-5 --dpi 66 \
  --background grey -o "$work/spread.png" -q
spread_width=$(vipsheader -f width "$work/spread.png")
half=$((spread_width / 2))
caption "page 5 (read second)" $half "$work/spread-left.v"
caption "page 4 (read first)" $((spread_width - half)) "$work/spread-right.v"
vips join "$work/spread-left.v" "$work/spread-right.v" "$work/spread-labels.v" horizontal
vips join "$work/spread.png" "$work/spread-labels.v" "$work/spread.v" vertical --expand --background $white
finish "$work/spread.v" spread.jpg

# d. A horizontal right-to-left strip: page 1 at the right end, reading runs leftwards.
# At 36 dpi a 612 pt page plus its 4 + 4 pt insets is exactly 310 px, so labels line up with pages.
pages=5
"$pdflayout" "$book" --continuous --horizontal --rtl --pages 1-$pages --dpi 36 \
  --background grey -o "$work/strip.png" -q
cell=310
[ "$(vipsheader -f width "$work/strip.png")" -eq $((pages * cell)) ] \
  || { echo "readme-pictures: unexpected strip width" >&2; exit 1; }
labels=()
for ((page = pages; page >= 1; page--)); do
  caption "page $page" $cell "$work/strip-label-$page.v"
  labels+=("$work/strip-label-$page.v")
done
vips arrayjoin "${labels[*]}" "$work/strip-labels.v" --across $pages
vips join "$work/strip.png" "$work/strip-labels.v" "$work/strip-full.v" vertical --expand --background $white
vips thumbnail "$work/strip-full.v" "$work/strip-small.v" 1176
finish "$work/strip-small.v" strip.jpg

# e. A contact sheet: the 63 pages of the hyperref manual in 9 columns, each page 200 px wide
# (the default), on grey so that the white pages show their edges.
"$pdflayout" Assets/hyperref-manual.pdf --columns 9 --background grey -o "$work/sheet.png" -q
vips thumbnail "$work/sheet.png" "$work/sheet-small.v" 800
finish "$work/sheet-small.v" contact-sheet.jpg

# f. The web reader in headless Chromium: a right-to-left spread with the book's cover alone
# before it, opened at page 4 (#page=4), and a horizontal right-to-left strip from its start.
"$pdflayout" "$book" --two-up --rtl --cover -o "$work/reader-spread/" --format html -q
scripts/reader-screenshot.py "$work/reader-spread/index.html#page=4" "$work/reader-spread.png" 1100 720
vips jpegsave "$work/reader-spread.png" "$out/reader-spread.jpg" --Q 82 --strip --optimize-coding
"$pdflayout" "$book" --continuous --horizontal --rtl -o "$work/reader-strip/" --format html -q
scripts/reader-screenshot.py "$work/reader-strip/index.html" "$work/reader-strip.png" 1100 520
vips jpegsave "$work/reader-strip.png" "$out/reader-strip.jpg" --Q 82 --strip --optimize-coding
for name in reader-spread.jpg reader-strip.jpg; do
  echo "$out/$name  $(vipsheader -f width "$out/$name")×$(vipsheader -f height "$out/$name")  $(stat -c %s "$out/$name") bytes"
done

# g. imgtool horizon's review page in headless Chromium: six photos (two without an answer, one
# raw); the first rejected (R), the raw one accepted (A), the next nudged 0.1° clockwise (→).
mkdir -p "$work/photos"
for name in tilted-lake.jpg tilted-lake.dng no-horizon-maze.jpg no-horizon-sky.jpg horizon-people-shore.jpg \
  horizon-lighthouse-portrait.jpg; do
  cp "Assets/$name" "$work/photos/"
done
status=0
(cd "$work" && "$imgtool" horizon photos --review review/ -q) || status=$?
[ "$status" -le 2 ] || exit 1   # 2: some photos have no horizon, the page is written all the same
scripts/review-screenshot.py "$work/review/index.html" "$work/review.png" 1200 800 r '#3' a ArrowRight
vips jpegsave "$work/review.png" "$out/review.jpg" --Q 80 --strip --optimize-coding
echo "$out/review.jpg  $(vipsheader -f width "$out/review.jpg")×$(vipsheader -f height "$out/review.jpg")  $(stat -c %s "$out/review.jpg") bytes"
