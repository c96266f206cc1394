#!/usr/bin/env bash
# Refits imgtool horizon's confidence models and picks the default --min-confidence, on the
# development half only: runs `imgtool horizon --json --evidence --min-confidence 0` on every dev
# image of the corpus (fetched and checked as run.sh does) and hands the records to
# fit_confidence.py, which writes the coefficients into Sources/Horizon/ConfidenceModel.json (compiled
# into the engine: rebuild) and prints the threshold for HorizonEstimator.Configuration.minConfidence.
#
#   bench/horizon/fit.sh                  # WORK=/tmp/frostlevel-horizon-bench by default
#   IMGTOOL=.build/release/imgtool WORK=/work/horizon-data/work bench/horizon/fit.sh
set -euo pipefail

source "$(dirname "$0")/prepare.sh"

"$python" - "$work/corpus.csv" "$IMGTOOL" > "$work/dev-evidence.jsonl" <<'PY'
import csv, subprocess, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["split"] == "dev"]
done = subprocess.run([sys.argv[2], "horizon", "--json", "--evidence", "--min-confidence", "0", "-j", "2",
                       *[r["path"] for r in rows]], stdout=sys.stdout)
sys.exit(0 if done.returncode in (0, 2) else done.returncode)
PY
exec "$python" -m bench.horizon.fit_confidence "$work/dev-evidence.jsonl" "$work/corpus.csv"
