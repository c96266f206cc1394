#!/usr/bin/env bash
# The release build, one for scripts/setup.sh and scripts/package.sh (so that the package after
# setup.sh, and its test in scripts/test.sh, cost no second build): the Swift runtime and Foundation
# linked in (the binaries run wherever the system libraries are, with no toolchain beside them, and
# map less memory at start: bench/memory/PDFLAYOUT.md), bound now and read-only after relocation
# (Debian's hardening: lintian's checks). Builds the products named, prints the binaries' folder.
#   [SCRATCH_PATH=.build] scripts/release-build.sh imgtool pdflayout [generate-manual]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
build=(swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH_PATH:-.build}"
  -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
for product in "$@"; do "${build[@]}" --product "$product" >&2; done
"${build[@]}" --show-bin-path
