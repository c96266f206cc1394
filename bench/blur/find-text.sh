#!/usr/bin/env bash
# Benchmark of `imgtool blur --find text` on a 1920×1080 (scale 1) and a 3840×2160 (scale 2)
# desktop screenshot made of the real screenshots in Assets/screens. Not part of the tests.
#
#   bench/blur/find-text.sh            # about a minute
#   RUNS=5 bench/blur/find-text.sh     # more runs per command (median reported)
#   IMGTOOL=path/to/imgtool ...        # a binary already built (default: swift build -c release)
#
# One core: taskset -c 0, VIPS_CONCURRENCY=1, OMP_THREAD_LIMIT=1. Prints a markdown table (also
# saved to bench/out/blur/find-text.md): wall time PNG→PNG for the plain frost of the whole image,
# --find text (secure frost of the text found), --find text --cover black, and --find text --json
# (analysis only, no image written), plus imgtool's own decode / compute / encode split.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/blur
mkdir -p "$out"
RUNS=${RUNS:-3}
export PATH="$PATH:/opt/swift/usr/bin"
if [ -z "${IMGTOOL:-}" ]; then
  swift build -c release --product imgtool >&2
  IMGTOOL="$(swift build -c release --show-bin-path)/imgtool"
fi

# --- the images: windows from Assets/screens on a flat desktop ------------------------------------
make_desktop() { # scale output
  local scale=$1 target=$2 i=0
  vips black "$out/d0.v" $((1920 * scale)) $((1080 * scale)) --bands 3
  vips linear "$out/d0.v" "$out/desk0.v" "1 1 1" "46 52 64" --uchar
  for place in "40 40 gnucash-accounts.png" "620 40 gnucash-vendor.png" "1040 40 openshot-profiles.jpg" \
               "40 440 aptitude-info.png" "560 460 openshot-export-profiles.jpg" "1060 700 gnucash-loan-calculator.png" \
               "1300 720 openshot-file-menu.jpg"; do
    set -- $place
    vips flatten "Assets/screens/$3" "$out/w.v" --background "255 255 255" 2>/dev/null || vips copy "Assets/screens/$3" "$out/w.v"
    vips extract_band "$out/w.v" "$out/w3.v" 0 --n 3
    if [ "$scale" -gt 1 ]; then vips resize "$out/w3.v" "$out/ws.v" "$scale" --kernel lanczos3; else vips copy "$out/w3.v" "$out/ws.v"; fi
    vips insert "$out/desk$i.v" "$out/ws.v" "$out/desk$((i + 1)).v" $(( $1 * scale )) $(( $2 * scale ))
    i=$((i + 1))
  done
  vips copy "$out/desk$i.v" "$target"
  rm -f "$out"/*.v
}
[ -f "$out/desktop-1080p.png" ] || make_desktop 1 "$out/desktop-1080p.png"
[ -f "$out/desktop-2160p.png" ] || make_desktop 2 "$out/desktop-2160p.png"

one_core=(env VIPS_CONCURRENCY=1 OMP_THREAD_LIMIT=1 taskset -c 0)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { # seconds, median of RUNS
  for _ in $(seq "$RUNS"); do
    local start end
    start=$(date +%s.%N); "${one_core[@]}" "$IMGTOOL" "$@" >/dev/null 2>&1; end=$(date +%s.%N)
    echo "$end - $start" | bc
  done | median
}
split() { # imgtool's own --timing line: decode / compute / encode ms
  "${one_core[@]}" "$IMGTOOL" "$@" --timing 2>&1 >/dev/null | sed -n 's/.*timing: decode \([0-9]*\) ms, compute \([0-9]*\) ms\(.*\), encode \([0-9]*\) ms.*/\1 \/ \2\3 \/ \4/p'
}

{
  echo "| image | job | wall s (median of $RUNS, one core) | decode / compute / encode ms | boxes |"
  echo "| --- | --- | ---: | --- | ---: |"
  for size in 1080p 2160p; do
    shot=$out/desktop-$size.png
    scale=1; [ $size = 2160p ] && scale=2
    boxes=$("$IMGTOOL" blur "$shot" --find text --json --scale $scale | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["text"]))')
    echo "| $size | frost whole image (no --find) | $(wall blur "$shot" -o "$out/o.png" --scale $scale) | $(split blur "$shot" -o "$out/o.png" --scale $scale) | |"
    echo "| $size | --region 0,0,100%,8% --secure | $(wall blur "$shot" -o "$out/o.png" --scale $scale --region 0,0,100%,8% --secure) | $(split blur "$shot" -o "$out/o.png" --scale $scale --region 0,0,100%,8% --secure) | 1 |"
    echo "| $size | --find text --json (analysis only) | $(wall blur "$shot" --find text --json --scale $scale) | | $boxes |"
    echo "| $size | --find text | $(wall blur "$shot" -o "$out/o.png" --scale $scale --find text) | $(split blur "$shot" -o "$out/o.png" --scale $scale --find text) | $boxes |"
    echo "| $size | --find text --cover black | $(wall blur "$shot" -o "$out/o.png" --scale $scale --find text --cover black) | $(split blur "$shot" -o "$out/o.png" --scale $scale --find text --cover black) | $boxes |"
  done
} | tee "$out/find-text.md"
