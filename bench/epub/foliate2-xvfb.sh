#!/usr/bin/env bash
# Debian 12's Foliate 2.6.4 itself (GTK 3, WebKitGTK) on a virtual X screen: opens BOOK, takes a
# screenshot, presses KEY (default Left: the next page of a right-to-left book, the previous one of a
# left-to-right book) three times with a screenshot after each. The footer's "N of M" tells the page.
#   bench/epub/foliate2-xvfb.sh BOOK.epub OUT-PREFIX [KEY]     # OUT-PREFIX-0.png ... -3.png
# Needs: apt-get install foliate xvfb xdotool x11-apps netpbm
set -euo pipefail
if [ -z "${DISPLAY:-}" ]; then exec xvfb-run -a -s "-screen 0 1280x900x24" "$0" "$@"; fi
book=$1 out=$2 key=${3:-Left}
export HOME; HOME=$(mktemp -d) # a fresh profile: no remembered position
export NO_AT_BRIDGE=1
foliate "$book" >"$out.log" 2>&1 &
foliate_pid=$!
trap 'kill $foliate_pid 2>/dev/null || true; rm -rf "$HOME"' EXIT
shot() { xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >"$out-$1.png"; }
sleep 25
shot 0
window=$(xdotool search --onlyvisible --class Foliate | head -1)
xdotool windowactivate --sync "$window" 2>/dev/null || true
xdotool windowfocus "$window" 2>/dev/null || true
for turn in 1 2 3; do
  xdotool key --window "$window" "$key"
  sleep 3
  shot $turn
done
