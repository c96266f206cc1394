#!/usr/bin/env bash
# Full mutation-fuzzing run of every command (the test suite runs a bounded 40 per command).
# Prints one line per command: cases, crashes, hangs, partial outputs, changed inputs.
# Inputs that fail are kept in Tests/ExternalCheckTests/FuzzRegressions/ and replayed by the tests.
#   bench/fuzz/run.sh              # 5,000 cases per command, random seed
#   CASES=500 SEED=42 bench/fuzz/run.sh
#   ONLY="imgtool blur,imgtool info" bench/fuzz/run.sh   # some commands only
#   CONFIG=release bench/fuzz/run.sh    # optimised binaries: several times more cases per minute
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh
config=${CONFIG:-debug}
# @testable imports need -enable-testing in an optimised build.
flags=(-c "$config"); [ "$config" = release ] && flags+=(-Xswiftc -enable-testing)
swift build --build-tests "${flags[@]}"
mkdir -p bench/out
seed=${SEED:-$RANDOM$RANDOM}
echo "seed $seed, ${CASES:-5000} cases per command"
FROSTLEVEL_FUZZ_CASES=${CASES:-5000} FROSTLEVEL_FUZZ_SEED=$seed FROSTLEVEL_FUZZ_ONLY=${ONLY:-} \
  swift test --skip-build "${flags[@]}" --filter 'FuzzTests/mutatedInputs' >bench/out/fuzz.log 2>&1 || true
grep -E '^fuzz |recorded an issue' bench/out/fuzz.log
