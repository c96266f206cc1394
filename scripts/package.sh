#!/usr/bin/env bash
# Builds frostlevel_VERSION_amd64.deb from the release build: imgtool and pdflayout in /usr/bin
# (the Swift runtime linked in, so no toolchain is needed beside them), their man pages, bash, zsh
# and fish completions, the machine-readable copyright and the changelog. Depends comes from the
# binaries' shared libraries (dpkg-shlibdeps); packaging/debian/ holds the rest.
#   scripts/package.sh [OUTPUT-FOLDER]     # default: the package root; prints the .deb's path
# Then: apt-get install ./frostlevel_VERSION_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
out=$(realpath "${1:-.}")
meta=packaging/debian
# The one version: the one --version prints.
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/CommandSupport/ToolVersion.swift)
[ -n "$version" ] || { echo "package.sh: no version in ToolVersion.swift" >&2; exit 1; }
head -1 "$meta/changelog" | grep -qF "frostlevel ($version)" ||
  { echo "package.sh: packaging/debian/changelog does not start with version $version" >&2; exit 1; }
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "package.sh: $tool not found (apt-get install dpkg-dev)" >&2; exit 1; }
done

# The release build scripts/setup.sh makes (in .build, or SCRATCH_PATH: DebianPackageTests gives
# a folder of its own when run inside `swift test`, which holds .build for its whole run).
bin=$(scripts/release-build.sh imgtool pdflayout generate-manual)
for tool in imgtool pdflayout; do
  if ldd "$bin/$tool" | grep -q 'libswiftCore\|libFoundation'; then
    echo "package.sh: $bin/$tool links the Swift runtime dynamically; it must be linked in" >&2
    exit 1
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scripts/man-pages.sh "$work/man" "$bin"
root=$work/root
doc=$root/usr/share/doc/frostlevel
install -d "$root/usr/bin" "$doc" "$root/DEBIAN"
for tool in imgtool pdflayout; do
  install -m 755 "$bin/$tool" "$root/usr/bin/$tool"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$tool"
done
install -d "$root/usr/share/man/man1"
for tool in imgtool pdflayout; do gzip -9n < "$work/man/$tool.1" > "$root/usr/share/man/man1/$tool.1.gz"; done
# Completions where each shell's package looks (zsh: Debian's vendor folder).
scripts/completions.sh "$root/usr/bin" "$work/share"
install -D -m 644 -t "$root/usr/share/bash-completion/completions" "$work/share/bash-completion/completions/"*
sed -i '1{/^#!/d}' "$root/usr/share/bash-completion/completions/"*  # sourced by bash-completion, not run
install -D -m 644 -t "$root/usr/share/zsh/vendor-completions" "$work/share/zsh/site-functions/"*
install -D -m 644 -t "$root/usr/share/fish/vendor_completions.d" "$work/share/fish/vendor_completions.d/"*
install -m 644 "$meta/copyright" "$doc/copyright"
gzip -9n < "$meta/changelog" > "$doc/changelog.gz"
if [ -s "$meta/lintian-overrides" ]; then
  install -D -m 644 "$meta/lintian-overrides" "$root/usr/share/lintian/overrides/frostlevel"
fi

# dpkg-shlibdeps reads debian/control of a source package: a minimal one in the work folder.
mkdir -p "$work/src/debian"
printf 'Source: frostlevel\n\nPackage: frostlevel\nArchitecture: amd64\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/imgtool" "$root/usr/bin/pdflayout" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "package.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@INSTALLED_SIZE@/$size/" -e "s/@DEPENDS@/$depends/" "$meta/control" \
  > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
deb=$out/frostlevel_${version}_amd64.deb
# xz at dpkg's default level; DebianPackageTests asks for level 1 (DEB_XZ_LEVEL): the same format and
# contents, 14 CPU seconds of xz instead of 64 (bench/ci.md).
dpkg-deb --root-owner-group -Zxz -z"${DEB_XZ_LEVEL:-6}" --build "$root" "$deb" >&2
echo "$deb"
