#!/usr/bin/env bash
# The Debian package on a clean Debian 12: makes a root with only apt (mmdebstrap --variant=apt,
# from this machine's package sources), installs the .deb there with apt-get (no Swift, no build
# tools), runs the README's jobs and `man imgtool` inside it, then purges the package and checks
# that none of its files is left. Prints the install and job times (seconds) as `time: NAME S`.
#   [SOURCE_BIN=.build/release] scripts/clean-root-check.sh frostlevel_VERSION_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(realpath "${1:?usage: scripts/clean-root-check.sh PACKAGE.deb}")
for tool in mmdebstrap chroot; do
  command -v "$tool" >/dev/null || { echo "clean-root-check.sh: $tool not found (apt-get install mmdebstrap)" >&2; exit 1; }
done
sources=""
for file in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list; do
  if [ -s "$file" ]; then sources=$file; break; fi
done
[ -n "$sources" ] || { echo "clean-root-check.sh: no apt sources on this machine" >&2; exit 1; }

root=$(mktemp -d /tmp/frostlevel-clean-root.XXXXXX)
cleanup() {
  for mount in proc dev/pts; do mountpoint -q "$root/$mount" && umount "$root/$mount"; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
seconds() { local start=$1; echo "$(( $(date +%s%N) - start ))" | awk '{ printf "%.1f", $1 / 1e9 }'; }
inside() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

mmdebstrap --quiet --variant=apt --skip=cleanup/apt/lists bookworm "$root" "$sources" </dev/null
# The manual reader is what a user has, not what the package needs: installed before the package.
inside apt-get install -y -qq --no-install-recommends man-db >/dev/null
mount -t proc proc "$root/proc"
mount -t devpts devpts "$root/dev/pts" 2>/dev/null || true  # apt logs through a pseudo-terminal
cp "$deb" "$root/tmp/"
install -d "$root/tmp/assets" "$root/tmp/out" "$root/tmp/source-out"
cp Assets/tilted-lake.jpg Assets/screenshot-text.png Assets/book-rtl.pdf "$root/tmp/assets/"

start=$(date +%s%N)
inside apt-get install -y -qq "/tmp/$(basename "$deb")" >/dev/null
echo "time: install $(seconds "$start")"
inside dpkg -L frostlevel > "$root/tmp/files"

# Each job timed inside the root and, with SOURCE_BIN (a folder of source-built imgtool and pdflayout),
# right after it on this machine with the same inputs: `time: NAME ROOT-S [SOURCE-S]`.
job() {
  local name=$1; shift
  local start root_time source_time=""; start=$(date +%s%N)
  inside "$@"
  root_time=$(seconds "$start")
  if [ -n "${SOURCE_BIN:-}" ]; then
    local tool=$1 arguments=(); shift
    for argument in "$@"; do arguments+=("${argument/#\/tmp\/out\//$root/tmp/source-out/}"); done
    arguments=("${arguments[@]/#\/tmp\/assets\//$root/tmp/assets/}")
    start=$(date +%s%N)
    "$SOURCE_BIN/$tool" "${arguments[@]}" >/dev/null
    source_time=" $(seconds "$start")"
  fi
  echo "time: $name $root_time$source_time"
}
job version imgtool --version
job horizon imgtool horizon /tmp/assets/tilted-lake.jpg --fix -o /tmp/out/level.jpg
job blur imgtool blur /tmp/assets/screenshot-text.png --style dark -o /tmp/out/frosted.png
job find-text imgtool blur /tmp/assets/screenshot-text.png --find text --cover black -o /tmp/out/hidden.png
job spreads pdflayout /tmp/assets/book-rtl.pdf --two-up --rtl -o /tmp/out/spreads.pdf
inside imgtool info /tmp/out/level.jpg
inside pdflayout info /tmp/out/spreads.pdf
for output in level.jpg frosted.png hidden.png spreads.pdf; do
  [ -s "$root/tmp/out/$output" ] || { echo "clean-root-check.sh: $output was not written" >&2; exit 1; }
done
inside man -P cat imgtool | grep -q "imgtool horizon" ||
  { echo "clean-root-check.sh: man imgtool shows no horizon command" >&2; exit 1; }
echo "man imgtool: $(inside man -P cat imgtool | wc -l) lines"

inside apt-get purge -y -qq frostlevel >/dev/null
left=0
while read -r path; do
  if [ -f "$root$path" ] || [ -L "$root$path" ]; then echo "left after purge: $path" >&2; left=1; fi
done < "$root/tmp/files"
[ "$left" = 0 ] || exit 1
[ -d "$root/usr/share/doc/frostlevel" ] && { echo "left after purge: /usr/share/doc/frostlevel" >&2; exit 1; }
echo "clean root: installed, ran, purged without a file left"
