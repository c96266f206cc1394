#!/usr/bin/env bash
# The test suite under AddressSanitizer (default) or ThreadSanitizer:
#   scripts/sanitize.sh            # address (+ leak check, toolchain leaks suppressed)
#   scripts/sanitize.sh thread
# Extra arguments go to swift test (e.g. --filter VipsTests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh
kind=${1:-address}; shift || true
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1"
swift test --scratch-path ".build-$kind" --sanitize="$kind" "$@"
