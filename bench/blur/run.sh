#!/usr/bin/env bash
# Benchmark of `imgtool blur` on a 3840×2160 screenshot-like image against ImageMagick -blur,
# vips gaussblur and ImageMagick's -scale lock-screen trick. Not part of the tests.
#
#   bench/blur/run.sh              # everything, 5–10 minutes on 2 cores (ImageMagick -blur dominates)
#   RUNS=5 bench/blur/run.sh       # more runs per command (median and best reported)
#   IMGTOOL=path/to/imgtool ...    # a binary already built (default: swift build -c release)
#
# Prints one markdown table (also saved to bench/out/blur/blur.md): wall time PNG→PNG (median and
# best of RUNS), in-process compute time (imgtool --timing; for the others wall time minus the same
# tool's PNG decode+encode), peak RSS, speed-up of imgtool over each competitor at the same σ
# (Apple's radius in points at scale 1 is the Gaussian's σ in pixels), and PSNR of imgtool to the
# exact reference (shared/tools/frost_ref.py, else imgtool --exact).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/blur
mkdir -p "$out"
RUNS=${RUNS:-3}
export PATH="$PATH:/opt/swift/usr/bin"

# --- tools ------------------------------------------------------------------------------------
scripts/install-deps.sh imagemagick hyperfine time python3 python3-venv python3-numpy
# ImageMagick 6 as Debian ships it (not a wrapper that may sit earlier on PATH).
IM=/usr/bin/convert-im6.q16
[ -x "$IM" ] || IM=$(command -v convert)

if [ -z "${IMGTOOL:-}" ]; then
  swift build -c release --product imgtool >&2
  IMGTOOL="$(swift build -c release --show-bin-path)/imgtool"
fi

# The exact reference needs numpy and pyvips: a venv that sees Debian's numpy, pyvips from PyPI.
reference=$root/../shared/tools/frost_ref.py
python=""
if [ -f "$reference" ]; then
  if [ ! -x "$out/venv/bin/python" ]; then
    # Debian's python (not one earlier on PATH), so that the venv sees Debian's numpy.
    /usr/bin/python3 -m venv --system-site-packages "$out/venv" >&2 && "$out/venv/bin/pip" install -q pyvips >&2 || true
  fi
  "$out/venv/bin/python" -c "import numpy, pyvips" 2>/dev/null && python=$out/venv/bin/python
fi

# --- the image: a photo wallpaper with real screenshot windows, 3840×2160 ---------------------
shot=$out/screen-4k.png
if [ ! -f "$shot" ]; then
  vips resize Assets/horizon-lake.jpg "$out/wall.v" 3.75 --kernel lanczos3           # 1024×640 → 3840×2400
  vips extract_area "$out/wall.v" "$out/canvas0.v" 0 120 3840 2160
  vips resize Assets/screenshot-text.png "$out/window2x.v" 2 --kernel nearest         # a HiDPI window
  i=0
  for place in "120 100 Assets/screenshot-text.png" "840 240 Assets/screenshot-text.png" \
               "1600 90 $out/window2x.v" "3050 700 Assets/screenshot-text.png" \
               "260 1000 Assets/screenshot-text.png" "980 1330 Assets/screenshot-text.png"; do
    set -- $place
    vips insert "$out/canvas$i.v" "$3" "$out/canvas$((i + 1)).v" "$1" "$2"
    i=$((i + 1))
  done
  vips copy "$out/canvas$i.v" "$shot"
  rm -f "$out"/*.v
fi

# --- measuring ----------------------------------------------------------------------------------
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# wall NAME COMMAND...: median wall seconds over RUNS (hyperfine, one warm-up run); the best run
# is kept in $best, as a shared machine's noise only ever adds time.
wall() {
  local name=$1; shift
  hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$out/$name.json" -- "$(printf '%q ' "$@")" >/dev/null 2>&1
  python3 -c "import json,sys; r = json.load(open(sys.argv[1]))['results'][0]; print(r['median'], r['min'])" "$out/$name.json"
}
# both "MEDIAN BEST" seconds → "123 ms (best 100)".
both() { awk -v m="$1" -v b="$2" 'BEGIN { printf "%.0f ms (best %.0f)", m * 1000, b * 1000 }'; }

# rss COMMAND...: peak resident memory in MB.
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'; }

# compute_ms ARGS...: in-process compute time from imgtool --timing, "median ms (best N)".
compute_ms() {
  local times
  times=$(for _ in $(seq "$RUNS"); do
    "$IMGTOOL" blur "$shot" -o "$out/timing.png" -q --timing --png-compression 1 "$@" 2>&1 \
      | sed -n 's/.*compute \([0-9]*\) ms.*/\1/p'
  done)
  echo "$(echo "$times" | median) ms (best $(echo "$times" | sort -n | head -1))"
}

# psnr A B: PSNR in dB between two images of the same size.
psnr() {
  vips subtract "$1" "$2" "$out/d.v"
  vips multiply "$out/d.v" "$out/d.v" "$out/sq.v"
  vips avg "$out/sq.v" | awk '{ if ($1 == 0) print "inf"; else printf "%.1f", 10 * log(255 * 255 / $1) / log(10) }'
  rm -f "$out/d.v" "$out/sq.v"
}

ms() { awk -v s="$1" 'BEGIN { printf "%.0f", s * 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f×", a / b }'; }

load_before=$(cut -d' ' -f1 /proc/loadavg)
echo "measuring on $(nproc) cores, $RUNS runs each; image $(vipsheader "$shot")" >&2
read -r codec_vips codec_vips_best < <(wall codec-vips vips copy "$shot" "$out/copy.png")
read -r codec_im codec_im_best < <(wall codec-im "$IM" "$shot" "$out/copy.png")
# Compute of the others ≈ their best wall time minus their own best PNG decode + encode.
minus() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) * 1000; if (d < 5) print "≈ 0 (codec-bound)"; else printf "≈ %.0f ms", d }'; }

table="| job | σ (px) | wall PNG→PNG, median | compute | peak RSS | imgtool faster by (median wall) | PSNR to exact |
|---|---|---|---|---|---|---|"
row() { table+=$'\n'"| $1 | $2 | $3 | $4 | $5 | $6 | $7 |"; }

for style in light extra-light dark; do
  radius=$([ "$style" = light ] && echo 30 || echo 20)
  echo "== $style (σ $radius)" >&2
  read -r ours ours_best < <(wall "imgtool-$style" "$IMGTOOL" blur "$shot" -o "$out/$style.png" --style "$style" -q)
  read -r ours1 ours1_best < <(wall "imgtool-$style-z1" "$IMGTOOL" blur "$shot" -o "$out/$style-z1.png" --style "$style" -q --png-compression 1)
  ours_rss=$(rss "$IMGTOOL" blur "$shot" -o "$out/$style.png" --style "$style" -q)
  ours_compute=$(compute_ms --style "$style")
  if [ -n "$python" ]; then
    [ -f "$out/$style-exact.png" ] || "$python" "$reference" "$shot" "$out/$style-exact.png" --style "$style"
    exact_name="frost_ref.py"
  else
    "$IMGTOOL" blur "$shot" -o "$out/$style-exact.png" --style "$style" -q --exact
    exact_name="imgtool --exact"
  fi
  quality=$(psnr "$out/$style.png" "$out/$style-exact.png")

  read -r magick magick_best < <(wall "im-blur-$style" "$IM" "$shot" -blur "0x$radius" "$out/im-$style.png")
  magick_rss=$(rss "$IM" "$shot" -blur "0x$radius" "$out/im-$style.png")
  read -r gauss gauss_best < <(wall "vips-gauss-$style" vips gaussblur "$shot" "$out/vips-$style.png" "$radius")
  gauss_rss=$(rss vips gaussblur "$shot" "$out/vips-$style.png" "$radius")

  row "imgtool blur --style $style" "$radius" "$(both "$ours" "$ours_best")" "$ours_compute" "$ours_rss MB" "—" "$quality dB"
  row "imgtool … --png-compression 1" "$radius" "$(both "$ours1" "$ours1_best")" "same" "" "" ""
  row "ImageMagick -blur 0x$radius" "$radius" "$(both "$magick" "$magick_best")" "$(minus "$magick_best" "$codec_im_best")" \
      "$magick_rss MB" "$(ratio "$magick" "$ours"), $(ratio "$magick" "$ours1") at level 1" "—"
  row "vips gaussblur $radius" "$radius" "$(both "$gauss" "$gauss_best")" "$(minus "$gauss_best" "$codec_vips_best")" \
      "$gauss_rss MB" "$(ratio "$gauss" "$ours"), $(ratio "$gauss" "$ours1") at level 1" "—"
done

read -r scale_trick scale_best < <(wall im-scale "$IM" "$shot" -scale 10% -scale 1000% "$out/im-scale.png")
scale_rss=$(rss "$IM" "$shot" -scale 10% -scale 1000% "$out/im-scale.png")
light_wall=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$out/imgtool-light.json")
row "ImageMagick -scale 10% -scale 1000%" "—" "$(both "$scale_trick" "$scale_best")" "$(minus "$scale_best" "$codec_im_best")" \
    "$scale_rss MB" "$(ratio "$scale_trick" "$light_wall") (vs light)" "—"
row "codecs only: vips copy / convert" "—" "$(both "$codec_vips" "$codec_vips_best") / $(both "$codec_im" "$codec_im_best")" "" "" "" ""

{
  echo "imgtool blur on $(vipsheader "$shot" | sed 's/.*: //'), $(nproc) cores, $RUNS runs each;" \
       "load average $load_before → $(cut -d' ' -f1 /proc/loadavg) (other jobs share the machine: compare best times)"
  echo "exact reference: $exact_name; compute of the others = their best wall minus the same tool's best PNG copy"
  echo
  echo "$table"
} | tee "$out/blur.md"
