#!/usr/bin/env bash
# Fresh machine to a real job: install what is missing, build release binaries, run them on Assets.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh
swift build -c release --product imgtool
swift build -c release --product pdflayout
bin=$(swift build -c release --show-bin-path)
echo "== binaries in $bin"
"$bin/imgtool" info Assets/exif-rotated.jpg Assets/screenshot-text.png
"$bin/pdflayout" info Assets/mixed.pdf
