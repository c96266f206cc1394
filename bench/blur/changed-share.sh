#!/usr/bin/env bash
# How much of a screenshot `imgtool blur --find text` changes: the share of pixels (any band)
# that differ after `--find text --cover #ff00ff`, per image. The pixel guarantee grows every found
# line over its ink; this shows what that costs on pictures (video frames, photos in dialogs),
# where a line found by mistake must not take the picture with it. Not part of the tests.
#
#   bench/blur/changed-share.sh IMGTOOL IMAGE...      # prints "name percent" lines
#
# The figures in bench/blur/ink-survival.md ran it on Assets/screens and on the screenshots of
# Debian's openshot-qt-doc (/usr/share/doc/openshot-qt/html/_images/*.jpg), with the imgtool of
# main before and after. Needs the vips command (libvips-tools).
set -euo pipefail
tool=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for image in "$@"; do
  "$tool" blur "$image" --find text --cover "#ff00ff" -o "$work/out.png" -q
  vips extract_band "$image" "$work/a.v" 0 --n 3 2>/dev/null || vips copy "$image" "$work/a.v"
  vips extract_band "$work/out.png" "$work/b.v" 0 --n 3
  vips relational "$work/a.v" "$work/b.v" "$work/c.v" noteq
  vips bandbool "$work/c.v" "$work/d.v" or
  printf "%s %.1f\n" "$(basename "$image")" "$(python3 -c "print($(vips avg "$work/d.v") / 2.55)")"
done
