#!/usr/bin/env bash
# Writes man pages for imgtool and pdflayout into the folder given (swift-argument-parser's
# generate-manual plugin, from the commands' help), made clean for mdoc: the blank lines between
# paragraphs of a command's discussion become .Pp (mdoc warns about empty input lines). Fails when
# `man --warnings` still finds anything to say. The generator drops every non-ASCII character
# (String+Escaping.swift in swift-argument-parser), so the help texts are kept to ASCII
# (PlainErrorTests.helpIsPlainASCII): "x" not the multiplication sign, "degrees" not the sign.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
out=${1:?usage: scripts/man-pages.sh OUTPUT-FOLDER [BIN-FOLDER]}
mkdir -p "$out"
if [ -n "${2:-}" ]; then
  # From built binaries, with the plugin's own tool built beside them (scripts/package.sh): the
  # plugin would build the package again, with other flags.
  for tool in imgtool pdflayout; do "$2/generate-manual" "$2/$tool" --output-directory "$out" >/dev/null; done
else
  swift package --allow-writing-to-directory "$out" generate-manual --output-directory "$out" >/dev/null
fi
status=0
for page in "$out"/imgtool.1 "$out"/pdflayout.1; do
  sed -i 's/^[[:space:]]*$/.Pp/' "$page"
  if command -v man >/dev/null; then
    warnings=$(man --warnings -l "$page" 2>&1 >/dev/null || true)
    if [ -n "$warnings" ]; then
      echo "$page: mdoc warnings:" >&2
      echo "$warnings" >&2
      status=1
    fi
  fi
done
exit $status
