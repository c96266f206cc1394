#!/usr/bin/env bash
# Checks that the Swift sources follow .swift-format (line length 120) without changing them;
# exits non-zero and lists the differences when they do not. To apply the formatting instead:
#   swift format --in-place --recursive --parallel Package.swift Sources Tests
# .ci/run runs it first.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
swift format lint --strict --recursive --parallel --configuration .swift-format Package.swift Sources Tests
