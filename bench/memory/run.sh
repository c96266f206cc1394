#!/usr/bin/env bash
# Peak memory and wall time of imgtool on a large legitimate input: a 100-megapixel JPEG
# (12288×8192, Assets/tilted-lake.jpg — a real photo whose horizon rises +4° — enlarged with
# vips resize, lanczos3, Q=90), straightened with `imgtool horizon --fix` and frosted with
# `imgtool blur` (whole image, and with --region, which reads the input twice), next to `vips copy`
# of the same file as the codec baseline (decode + encode and nothing else). Not part of the tests.
# The last run's figures, before and after blur streamed its input, are in bench/memory/RESULTS.md.
#
#   bench/memory/run.sh                      # builds release binaries into .build-memory first
#   IMGTOOL=path/to/imgtool bench/memory/run.sh
#
# Prints one markdown table (also saved to bench/out/memory/memory.md): wall time, CPU use and
# peak RSS of each command (GNU time -v), and both as a ratio to the codec baseline of the
# same output format. The input and outputs stay in bench/out/memory/ (about 45 MB).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=$root/bench/out/memory
mkdir -p "$out"
export PATH="$PATH:/opt/swift/usr/bin"

# --- tools ------------------------------------------------------------------------------------
scripts/install-deps.sh time

if [ -z "${IMGTOOL:-}" ]; then
  swift build -c release --scratch-path .build-memory --product imgtool >&2
  IMGTOOL="$(swift build -c release --scratch-path .build-memory --show-bin-path)/imgtool"
fi

# --- the input: 12288×8192 = 100.7 megapixels ----------------------------------------------------
big=$out/tilted-100mp.jpg
if [ ! -f "$big" ]; then
  # 922×576 → 12288×8192: 13.33× across, 14.22× down (the photo is 1.6:1, the target 1.5:1;
  # the horizon's tilt becomes ≈ 4.3°).
  vips resize Assets/tilted-lake.jpg "$big[Q=90]" "$(python3 -c 'print(12288 / 922)')" \
    --vscale "$(python3 -c 'print(8192 / 576)')" --kernel lanczos3
fi
size=$(vipsheader -f width "$big")x$(vipsheader -f height "$big")
[ "$size" = 12288x8192 ] || { echo "unexpected input size $size" >&2; exit 1; }
megabytes=$(( $(stat -c %s "$big") / 1000000 ))

# --- measuring ----------------------------------------------------------------------------------
# measure NAME COMMAND...: runs it once under GNU time; sets $wall (s), $rss (MB), $cpu (%).
measure() {
  local name=$1; shift
  rm -f "$out/$name".*
  if ! /usr/bin/time -v -o "$out/$name.time" "$@" >"$out/$name.log" 2>&1; then
    echo "$name failed (status $?): $(tail -3 "$out/$name.log")" >&2
  fi
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s }' "$out/$name.time")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$out/$name.time")
  cpu=$(awk -F': ' '/Percent of CPU/ { print $2 }' "$out/$name.time")
}

rows=()
# row LABEL BASE_WALL BASE_RSS: one table line with ratios to the given baseline.
row() {
  local label=$1 base_wall=$2 base_rss=$3
  rows+=("| $label | $wall | $cpu | $rss | $(awk -v a="$wall" -v b="$base_wall" 'BEGIN { printf "%.2f×", a / b }') | $(awk -v a="$rss" -v b="$base_rss" 'BEGIN { printf "%.2f×", a / b }') |")
  echo "$label: ${wall} s, ${rss} MB" >&2
}

cd "$out"
# Codec baselines: decode the JPEG and encode it again, nothing in between.
measure copy-jpg vips copy "$big" "copy.jpg[Q=90]"
jpg_wall=$wall jpg_rss=$rss
row "\`vips copy\` → .jpg Q90 (codec baseline)" "$jpg_wall" "$jpg_rss"
measure copy-png vips copy "$big" "copy.png"
png_wall=$wall png_rss=$rss
row "\`vips copy\` → .png (codec baseline)" "$png_wall" "$png_rss"

measure horizon "$IMGTOOL" horizon "$big"
row "\`imgtool horizon\` (detect only)" "$jpg_wall" "$jpg_rss"
measure horizon-fix "$IMGTOOL" horizon "$big" --fix -o level.jpg
row "\`imgtool horizon --fix\` → .jpg (Q estimated: 90)" "$jpg_wall" "$jpg_rss"
measure blur-jpg "$IMGTOOL" blur "$big" -o blur.jpg[Q=90] -q
row "\`imgtool blur\` → .jpg Q90" "$jpg_wall" "$jpg_rss"
measure blur-png "$IMGTOOL" blur "$big" -o blur.png -q
row "\`imgtool blur\` → .png" "$png_wall" "$png_rss"
measure blur-region "$IMGTOOL" blur "$big" -o blur-region.jpg[Q=90] -q --region 1000,1000,6000,3000
row "\`imgtool blur --region\` → .jpg Q90 (input read twice)" "$jpg_wall" "$jpg_rss"

{
  echo "imgtool: $IMGTOOL"
  echo "Input: \`$(basename "$big")\`, $size ($(( 12288 * 8192 / 1000000 )) MP, $megabytes MB JPEG), $(nproc) cores, $(vips --version)."
  echo "Ratios are to \`vips copy\` into the same format."
  echo
  echo "| command | wall (s) | CPU | peak RSS (MB) | wall vs copy | RSS vs copy |"
  echo "|---|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
} | tee "$out/memory.md"
