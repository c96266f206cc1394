#!/usr/bin/env bash
# The test suite, whole or one tier (docs/TESTING.md says what each covers):
#   scripts/test.sh            # every tier: the README's command, what CI runs
#   scripts/test.sh fast       # pure cores, faces and engines in process: run it after each change
#   scripts/test.sh tools      # the built imgtool and pdflayout run as a user runs them
#   scripts/test.sh external   # browsers, validators, editors, schedulers, OCR, fuzzing, kills
# Further arguments go to the test runner (e.g. --filter HorizonLineTests).
# Each tier runs its tests one after another, so that the per-test times it records are the tests'
# own (run in parallel, Swift Testing's xUnit times count the wait for a thread: every test then
# seemed to take the whole run); the tiers run side by side, as processes of their own (the external
# tier as two). Each writes its xUnit to .build/test-results/TIER.xml (external-1, external-2), and
# scripts/slowest.py writes the slowest twenty into bench/ci.md (a section per tier and one for the
# whole run).
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
# The test binary swift test runs, run directly: several processes at once (swift test holds a lock
# on .build for the whole run). Every test lands in a tier: the check below proves it.
runner="$(swift build --show-bin-path)/frostlevelPackageTests.xctest"
"$runner" --testing-library swift-testing --list-tests >"$results/list.txt" 2>/dev/null
python3 scripts/tiers.py check --listed "$results/list.txt"

# Nothing holds .build while the tests run (the runner is run directly, not by swift test), so the
# Debian package's test builds in it: after scripts/setup.sh, whose release build it is, it builds nothing.
export FROSTLEVEL_PACKAGE_SCRATCH=$PWD/.build

# The external tier's long round trips (OCR, fuzzing, JVMs, kills, daemons) run as two shards, dealt
# by the suites' times in the last run's results; the other tiers as one each.
shards() { if [ "$1" = external ]; then echo 2; else echo 1; fi; }

tiers=(fast tools external)
[ "$tier" = all ] || tiers=("$tier")
# Every part's suites are dealt before any part starts (and before the last results are removed).
parts=()
for name in "${tiers[@]}"; do
  count=$(shards "$name")
  for ((shard = 1; shard <= count; shard++)); do
    part=$name; [ "$count" = 1 ] || part=$name-$shard
    python3 scripts/tiers.py filter "$name" --shard "$shard/$count" "$results/$name"*.xml >"$results/$part.suites"
    parts+=("$part")
  done
done
for name in "${tiers[@]}"; do rm -f "$results/$name"*.xml "$results/$name"*.cpu; done

run_part() {  # run_part PART [arguments]: one part's suites, serially, its xUnit and log beside them
  local part=$1 filters=(); shift
  [ -s "$results/$part.suites" ] || { echo "$part: no suites" >"$results/$part.log"; return 0; }  # not every test
  while read -r suite; do filters+=(--filter "$suite"); done <"$results/$part.suites"
  # Its CPU seconds (user + sys, the tools it runs included) beside it: the figure a loaded machine
  # does not blur as it does the wall time.
  /usr/bin/time -f '%U %S' -o "$results/$part.cpu" \
    "$runner" --testing-library swift-testing --no-parallel --xunit-output "$results/$part.xml" "${filters[@]}" "$@" \
    >"$results/$part.log" 2>&1
}
# GNU time writes a line of its own first when the command failed: the figures are the last line.
cpu() { tail -n 1 "$results/$1.cpu" 2>/dev/null | awk '{ printf "%.0f", $1 + $2 }' || echo "?"; }

status=0
started=$SECONDS
# The parts run at once; each one's output goes to its log, printed whole when it ends (its closing
# line last), so that they do not interleave.
pids=()
for part in "${parts[@]}"; do
  run_part "$part" "$@" &
  pids+=($!)
done
for i in "${!parts[@]}"; do
  part_status=0
  wait "${pids[$i]}" || part_status=$?
  cat "$results/${parts[$i]}.log"
  echo "== ${parts[$i]}: status $part_status after $((SECONDS - started)) s, CPU $(cpu "${parts[$i]}") s" >&2
  [ "$part_status" = 0 ] || status=$part_status
done
for name in "${tiers[@]}"; do
  files=("$results/$name"*.xml)
  [ -s "${files[0]}" ] && { python3 scripts/slowest.py "$name" "${files[@]}" || echo "slowest.py failed" >&2; }
done
if [ "$tier" = all ]; then
  python3 scripts/slowest.py all "$results"/{fast,tools,external}*.xml || echo "slowest.py failed" >&2
fi
echo "== scripts/test.sh $tier: $((SECONDS - started)) s, status $status" >&2
exit "$status"
