#!/usr/bin/env bash
# Fresh machine to a real job: install what is missing, build release binaries, run them on Assets.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh
# The release build the Debian package is made of (scripts/package.sh; its test then builds nothing),
# with the man page generator beside the tools (the plugin would build the package again, other flags).
bin=$(scripts/release-build.sh imgtool pdflayout generate-manual)
out=${OUT:-$(mktemp -d /tmp/frostlevel-demo.XXXXXX)}

# Man pages (swift-argument-parser's generate-manual) and bash/zsh/fish completions, installed
# under $PREFIX (default /usr/local) when it is writable.
share=${PREFIX:-/usr/local}/share
scripts/man-pages.sh "$out/man" "$bin"
if [ -w "$share" ]; then
  for tool in imgtool pdflayout; do
    install -D -m 644 "$out/man/$tool.1" "$share/man/man1/$tool.1"
  done
  scripts/completions.sh "$bin" "$share"
  echo "== man imgtool, man pdflayout and shell completions installed under $share"
else
  echo "== $share is not writable: man pages left in $out/man"
fi
echo "== binaries in $bin; demo outputs in $out"
"$bin/imgtool" horizon Assets/tilted-lake.jpg --fix -o "$out/level.jpg" --overlay "$out/seen.jpg"
"$bin/imgtool" info "$out/level.jpg"
"$bin/pdflayout" info Assets/mixed.pdf
"$bin/imgtool" blur Assets/screenshot-text.png --style dark -o "$out/frosted.png"
"$bin/pdflayout" Assets/book-rtl.pdf --two-up -o "$out/spreads.pdf"
"$bin/pdflayout" Assets/book-rtl.pdf --two-up --dpi 50 -o "$out/spread.png" -q
echo "== open $out to see level.jpg, seen.jpg, frosted.png, spreads.pdf and spread-00N.png"
