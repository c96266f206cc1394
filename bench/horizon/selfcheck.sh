#!/usr/bin/env bash
# Self-consistency of imgtool horizon and its peers (issue 22; no labels): every source photo of the corpus
# and its turned (±3°, ±8°, ±15°), halved, JPEG q75 and 5 %-cropped copies; see selfcheck.py. Installs and
# fetches what it needs as run.sh does.
#
#   bench/horizon/selfcheck.sh                                        # imgtool and every peer, all photos
#   IMGTOOL=.build/release/imgtool bench/horizon/selfcheck.sh --methods imgtool --markdown /tmp/sc.md
#   bench/horizon/selfcheck.sh --every 3                              # a fixed third of the photos
set -euo pipefail

source "$(dirname "$0")/prepare.sh"
exec "$python" -m bench.horizon.selfcheck --imgtool "$IMGTOOL" --work "$work" "$@"
