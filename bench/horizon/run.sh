#!/usr/bin/env bash
# Horizon benchmark: imgtool horizon against the peers that install here (ImageMagick -deskew,
# python deskew, OpenCV Hough and LSD recipes, scikit-image hough_line), on real photos turned by
# known angles and photos without a horizon; then the speed targets on a 22-megapixel JPEG.
# Not part of the tests. Installs what it needs (Debian packages, a Python venv), builds imgtool
# in release mode unless IMGTOOL points at a built binary, and prints one table.
#
#   bench/horizon/run.sh                 # everything
#   IMGTOOL=.build/release/imgtool bench/horizon/run.sh
#   WORK=/tmp/hb bench/horizon/run.sh    # where the corpus, packages and venv go
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/frostlevel-horizon-bench}
mkdir -p "$work"

# Debian packages: the wallpapers (installed), photo packages unpacked without installing.
need=()
for package in plasma-workspace-wallpapers imagemagick libvips-tools python3-venv; do
    dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ ! -d "$work/pkgs/root/usr/share/kphotoalbum" ]; then
    mkdir -p "$work/pkgs"
    (cd "$work/pkgs" && apt-get download -qq digikam-data kphotoalbum sddm-theme-maldives 2>/dev/null \
        && for deb in *.deb; do dpkg -x "$deb" root; done)
fi

# Python peers in their own venv.
if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q deskew opencv-python-headless scikit-image numpy
fi

# imgtool, optimised.
if [ -z "${IMGTOOL:-}" ]; then
    (cd "$root" && swift build -c release --product imgtool --scratch-path "$root/.build-bench" >/dev/null)
    IMGTOOL="$root/.build-bench/release/imgtool"
fi

exec "$work/venv/bin/python" "$here/bench.py" --imgtool "$IMGTOOL" --work "$work"
