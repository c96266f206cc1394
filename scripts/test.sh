#!/usr/bin/env bash
# The whole test suite: unit tests of the pure cores, the libvips and poppler faces, and the
# built binaries run as a user would run them.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
# The suites build libvips operations on many threads in one process, which liborc 0.4.33 does not
# survive (bench/liborc.md): the test runner's own policy, as the tools' is theirs. The tools they
# run get their own (TestSupport's run drops this variable).
export VIPS_NOVECTOR=1
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
