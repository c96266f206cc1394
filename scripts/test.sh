#!/usr/bin/env bash
# The test suite, whole or one tier (docs/TESTING.md says what each covers):
#   scripts/test.sh            # every tier: the README's command, what CI runs
#   scripts/test.sh fast       # pure cores, faces and engines in process: run it after each change
#   scripts/test.sh tools      # the built imgtool and pdflayout run as a user runs them
#   scripts/test.sh external   # browsers, validators, editors, schedulers, OCR, fuzzing, kills
# Further arguments go to the test runner (e.g. --filter HorizonLineTests).
# Each tier runs its tests one after another, so that the per-test times it records are the tests'
# own (run in parallel, Swift Testing's xUnit times count the wait for a thread: every test then
# seemed to take the whole run); the three tiers run side by side, as three processes. Each writes
# its xUnit to .build/test-results/TIER.xml, and scripts/slowest.py writes the slowest twenty into
# bench/ci.md (a section per tier and one for the whole run).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-env.sh
tier=${1:-all}
case "$tier" in
  fast | tools | external | all) shift || true ;;
  -*) tier=all ;;
  *) echo "usage: scripts/test.sh [fast|tools|external|all] [test runner arguments]" >&2; exit 64 ;;
esac
scripts/install-deps.sh
# Every suite in exactly one tier, before anything is built (the message says how to tag one).
python3 scripts/tiers.py check
swift build --build-tests
results=.build/test-results
mkdir -p "$results"
# The test binary swift test runs, run directly: three processes at once (swift test holds a lock
# on .build for the whole run). Every test lands in a tier: the check below proves it.
runner="$(swift build --show-bin-path)/frostlevelPackageTests.xctest"
"$runner" --testing-library swift-testing --list-tests >"$results/list.txt" 2>/dev/null
python3 scripts/tiers.py check --listed "$results/list.txt"

run_tier() {  # run_tier TIER [arguments]: one tier, serially, its xUnit beside its log
  local name=$1; shift
  local filters=()
  while read -r suite; do filters+=(--filter "$suite"); done < <(python3 scripts/tiers.py filter "$name")
  rm -f "$results/$name.xml"
  "$runner" --testing-library swift-testing --no-parallel --xunit-output "$results/$name.xml" "${filters[@]}" "$@"
}

status=0
started=$SECONDS
if [ "$tier" != all ]; then
  run_tier "$tier" "$@" || status=$?
  [ -s "$results/$tier.xml" ] && python3 scripts/slowest.py "$tier" "$results/$tier.xml"
  exit "$status"
fi
# Every tier at once; each one's output goes to its log, printed whole when it ends (its closing
# line last), so that the three do not interleave.
declare -A pids
for name in fast tools external; do
  run_tier "$name" "$@" >"$results/$name.log" 2>&1 &
  pids[$name]=$!
done
for name in fast tools external; do
  tier_status=0
  wait "${pids[$name]}" || tier_status=$?
  cat "$results/$name.log"
  echo "== tier $name: status $tier_status" >&2
  [ "$tier_status" = 0 ] || status=$tier_status
  [ -s "$results/$name.xml" ] && python3 scripts/slowest.py "$name" "$results/$name.xml"
done
python3 scripts/slowest.py all "$results"/{fast,tools,external}.xml
echo "== every tier: $((SECONDS - started)) s, status $status" >&2
exit "$status"
