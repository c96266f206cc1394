#!/usr/bin/env bash
# imgtool's peak memory on batches of photos, next to the vips command doing the nearest thing to
# each photo (not part of the tests; ~15 minutes on 2 busy cores):
#   imgtool blur DIR/ -o out/          vs  vips gaussblur PHOTO out.jpg 10, one process per photo
#   imgtool horizon DIR/ (detect only) vs  vips thumbnail PHOTO out.jpg 1024 (the detector works on
#                                          a shrunken decode), one process per photo
# at -j 1 and -j 2 (the vips commands through xargs -P). Photos: the JPEGs of Debian's
# plasma-workspace-wallpapers (KDE wallpapers, 720×1440 to 5120×2880, unpacked, not installed),
# copied under distinct names up to PHOTOS (200). imgtool's policy turns libvips' operation cache
# off; imgtool runs also with libvips' default cache (FROSTLEVEL_VIPS_CACHE_MAX=100) to show that cause. Peak RSS is the kernel's (wait4); for the
# vips runs it is the largest single vips process (two run at once at -j 2, so their sum is about
# twice that). Figures of the last run: bench/memory/IMGTOOL.md.
#
#   IMGTOOL=path bench/memory/imgtool.sh       # or build imgtool (release) first
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${BENCH_DIR:-/tmp/imgtool-memory}
PHOTOS=${PHOTOS:-200}
PEAK="env PYTHONPATH=$ROOT python3 -m bench.memory.peak"
mkdir -p "$WORK" && cd "$WORK"
"$ROOT/scripts/install-deps.sh" libvips-tools >&2
if [ ! -d pkg/usr/share/wallpapers ]; then
    apt-get download plasma-workspace-wallpapers >/dev/null 2>&1 || { apt-get update -qq && apt-get download plasma-workspace-wallpapers >/dev/null; }
    dpkg -x plasma-workspace-wallpapers_*.deb pkg && rm -f plasma-workspace-wallpapers_*.deb
fi
if [ "$(ls photos 2>/dev/null | wc -l)" != "$PHOTOS" ]; then
    rm -rf photos && mkdir photos
    mapfile -t sources < <(find pkg/usr/share/wallpapers -name '*.jpg' ! -name 'screenshot.jpg' | sort)
    for ((i = 0; i < PHOTOS; i++)); do cp "${sources[i % ${#sources[@]}]}" "$(printf 'photos/IMG_%04d.jpg' "$i")"; done
fi
if [ -z "${IMGTOOL:-}" ]; then
    (cd "$ROOT" && swift build -c release --static-swift-stdlib --product imgtool >&2)  # as scripts/setup.sh
    IMGTOOL=$ROOT/.build/release/imgtool
fi

rows=()
run() { # LABEL -- COMMAND...
    local label=$1; shift 2
    rm -rf out && mkdir out
    local figures; figures=$($PEAK --out run.log -- "$@") || echo "FAILED ($label): $(tail -2 run.log)" >&2
    read -r wall cpu peak anon file <<<"$figures"
    rows+=("$label	$wall	$cpu	$peak	$anon")
    echo "  $label: $figures" >&2
}
for jobs in 1 2; do
    run "imgtool blur|$jobs" -- "$IMGTOOL" blur photos/ -o out/ -q -j $jobs
    run "imgtool blur, libvips cache 100|$jobs" -- env FROSTLEVEL_VIPS_CACHE_MAX=100 "$IMGTOOL" blur photos/ -o out/ -q -j $jobs
    run "vips gaussblur σ 10|$jobs" -- sh -c "ls photos | xargs -P $jobs -I{} vips gaussblur photos/{} out/{} 10"
    run "imgtool horizon|$jobs" -- "$IMGTOOL" horizon photos/ -q -j $jobs
    run "imgtool horizon, libvips cache 100|$jobs" -- env FROSTLEVEL_VIPS_CACHE_MAX=100 "$IMGTOOL" horizon photos/ -q -j $jobs
    run "vips thumbnail 1024|$jobs" -- sh -c "ls photos | xargs -P $jobs -I{} vips thumbnail photos/{} out/{} 1024"
done
{
    echo "## imgtool batch memory — $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $PHOTOS photos"
    echo
    echo "| command | -j | wall s | CPU s | peak RSS MB | anon MB | peak / vips peer |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}" | awk -F'\t' '{ split($1, k, "|"); peak[$1] = $4; line[NR] = $0 }
        END { for (i = 1; i <= NR; i++) { split(line[i], f, "\t"); split(f[1], k, "|")
            peer = (k[1] ~ /blur/) ? "vips gaussblur σ 10|" k[2] : "vips thumbnail 1024|" k[2]
            printf "| %s | %s | %.1f | %.1f | %.0f | %.0f | %.2f |\n", k[1], k[2], f[2], f[3], f[4] / 1024, f[5] / 1024, f[4] / peak[peer] } }'
} | tee "$WORK/results.md"
