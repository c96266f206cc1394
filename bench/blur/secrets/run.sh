#!/usr/bin/env bash
# Runs one imgtool on the planted-secrets corpus and scores it (evaluate.py), with the time of
# --find SECRETS against --find text on the same images (one core, as bench/blur/find-text.sh).
#
#   bench/blur/secrets/run.sh IMGTOOL CORPUS_DIR OUT_DIR
# Needs a Python with numpy and Pillow as PYTHON (the Presidio venv of presidio.py has both).
set -euo pipefail
imgtool=$1 corpus=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-python3}
kinds=emails,urls,phones,cards,ibans,ips,tokens
mkdir -p "$out/images" "$out/labels" "$out/text"
export OMP_THREAD_LIMIT=1 VIPS_CONCURRENCY=1
secrets_time=0 text_time=0
now() { date +%s.%N; }
for json in "$corpus"/*.json; do
  name=$(basename "$json" .json)
  scale=$("$PYTHON" -c "import json,sys; print(json.load(open(sys.argv[1]))['scale'])" "$json")
  start=$(now)
  taskset -c 0 "$imgtool" blur "$corpus/$name.png" -o "$out/text/$name.png" --find text --cover '#ff00ff' \
    --scale "$scale" >/dev/null
  middle=$(now)
  taskset -c 0 "$imgtool" blur "$corpus/$name.png" -o "$out/images/$name.png" --find "$kinds" --cover '#ff00ff' \
    --scale "$scale" --json >"$out/labels/$name.json"
  end=$(now)
  text_time=$(echo "$text_time + $middle - $start" | bc)
  secrets_time=$(echo "$secrets_time + $end - $middle" | bc)
  echo "$name: text $(echo "$middle - $start" | bc) s, secrets $(echo "$end - $middle" | bc) s" >&2
done
echo "{\"text_seconds\": $text_time, \"secrets_seconds\": $secrets_time}" >"$out/times.json"
PYTHONPATH="$here/../../.." "$PYTHON" -m bench.blur.secrets.evaluate "$corpus" "$out/images" "$out/labels" >"$out/score.json"
cat "$out/score.json" "$out/times.json"
