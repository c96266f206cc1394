#!/usr/bin/env bash
# The test suite under AddressSanitizer (default) or ThreadSanitizer:
#   scripts/sanitize.sh            # address (+ leak check, toolchain leaks suppressed)
#   scripts/sanitize.sh thread
# Extra arguments go to swift test (e.g. --filter VipsTests). CI (.ci/run) runs the address
# sanitizer after the plain suite, then the thread sanitizer over the parallel tests; a report
# fails the test that ran the code, hence CI.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-env.sh
scripts/install-deps.sh
kind=${1:-address}; shift || true
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# A sanitizer report in a tool the tests run exits 86, a status no test accepts (1 is a documented
# "file could not be read" status, which an error test would take for the expected failure).
export ASAN_OPTIONS="exitcode=86${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Not halt_on_error: a process halted in the middle of a report can hang its parent's wait; the
# report still fails the run (the reports folder below) and the exit status.
export TSAN_OPTIONS="exitcode=86${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
# pdflayout's runtime policy points descriptor 2 at /dev/null (poppler's stray messages), so reports go to files,
# printed here; any report fails the run.
reports=$(mktemp -d)
export ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$reports/asan"
export TSAN_OPTIONS="$TSAN_OPTIONS:log_path=$reports/tsan"
status=0
swift test --scratch-path ".build-$kind" --sanitize="$kind" "$@" || status=$?
if compgen -G "$reports/*" >/dev/null; then
  echo "sanitizer reports:" >&2
  cat "$reports"/* >&2
  status=1
fi
rm -rf "$reports"
exit "$status"
