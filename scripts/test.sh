#!/usr/bin/env bash
# The whole test suite: unit tests of the pure cores, the libvips and poppler faces, and the
# built binaries run as a user would run them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-env.sh
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
