#!/usr/bin/env bash
# Regenerates the test fixtures in this folder. This is documentation: CI never
# runs it, and the committed files are what tests use. LICENSES.md lists, for
# every file, where it comes from and under which licence.
#
#   ./make-fixtures.sh            derived fixtures only, made from files already in
#                                 this folder: exif-rotated.jpg, encrypted.pdf,
#                                 encrypted-owner-only.pdf, truncated.jpg,
#                                 not-an-image.txt, damaged.pdf, damaged-xref.pdf
#   ./make-fixtures.sh sources    first re-extract the photos, the screenshot,
#                                 mixed.pdf and book-rtl.pdf from the Debian 12
#                                 packages (apt-get download + dpkg -x, nothing is
#                                 installed), then make the derived ones
#
# Needs (Debian 12): libvips-tools (8.14), libimage-exiftool-perl (12.57),
# qpdf (11.3), coreutils, and for 'sources' also python3 with pikepdf
# (pip install pikepdf; set PYTHON=/path/to/venv/bin/python).
# Encrypted PDFs get random salts / IVs, so reruns are equivalent, not byte-identical.
set -euo pipefail
cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if [ "${1:-}" = sources ]; then
  # Versions used for the committed files: plasma-workspace-wallpapers 4:5.27.5-2,
  # gimp-help-en 2.10.34-2, texlive-latex-base-doc 2022.20230122-3,
  # texlive-lang-arabic 2022.20230122-1, texlive-latex-recommended-doc 2022.20230122-3.
  (cd "$TMP" && apt-get download plasma-workspace-wallpapers gimp-help-en \
      texlive-latex-base-doc texlive-lang-arabic texlive-latex-recommended-doc)
  for deb in "$TMP"/*.deb; do dpkg -x "$deb" "$TMP/root"; done
  W=$TMP/root/usr/share/wallpapers
  D=$TMP/root/usr/share/doc/texlive-doc

  # Photos: the 2560x1600 original, downscaled (long side 1024 / 800), JPEG Q85,
  # metadata stripped.
  vipsthumbnail "$W/summer_1am/contents/images/2560x1600.jpg"  -s 1024 -o "$PWD/horizon-lake.jpg[Q=85,strip]"
  vipsthumbnail "$W/DarkestHour/contents/images/2560x1600.jpg" -s 1024 -o "$PWD/horizon-fog.jpg[Q=85,strip]"
  vipsthumbnail "$W/ColdRipple/contents/images/2560x1600.jpg"  -s 1024 -o "$PWD/horizon-pier.jpg[Q=85,strip]"
  vipsthumbnail "$W/Kite/contents/images/2560x1600.jpg"        -s 800  -o "$PWD/no-horizon-sky.jpg[Q=85,strip]"
  vipsthumbnail "$W/FallenLeaf/contents/images/2560x1600.jpg"  -s 800  -o "$PWD/no-horizon-leaf.jpg[Q=85,strip]"
  vipsthumbnail "$W/BytheWater/contents/images/2560x1600.jpg"  -s 1024 -o "$PWD/distractor-planks.jpg[Q=85,strip]"
  # Portrait: a 2:3 window (x 1440..2507, full height) of summer_1am, scaled to 683x1024.
  vips crop "$W/summer_1am/contents/images/2560x1600.jpg" "$TMP/pc.v" 1440 0 1067 1600
  vips resize "$TMP/pc.v" "$TMP/pc2.v" 0.64 --kernel lanczos3
  vips crop "$TMP/pc2.v" "$TMP/pc3.v" 0 0 683 1024
  vips jpegsave "$TMP/pc3.v" horizon-portrait.jpg --Q 85 --strip

  # Screenshot: copied unchanged.
  cp "$TMP/root/usr/share/gimp/2.0/help/en/images/menus/image/metadata-editor-dialog.png" screenshot-text.png

  # mixed.pdf: A4, A4, Letter, landscape slide, A5, A4 with /Rotate 90.
  qpdf --empty --pages "$D/latex/base/lamport-manual.pdf" 1-2 "$D/latex/base/ltnews11.pdf" 1 \
       "$D/latex/hyperref/slides.pdf" 3 "$D/latex/hyperref/paper.pdf" 1 \
       "$D/latex/base/lamport-manual.pdf" 3 -- --rotate=+90:6 "$TMP/mixed.pdf"
  # Drop the link annotations whose destination page was not copied (their /Dest
  # starts with null), so poppler does not warn "Bad annotation destination".
  "$PYTHON" - "$TMP/mixed.pdf" mixed.pdf <<'EOF'
import sys, pikepdf
pdf = pikepdf.open(sys.argv[1])
for page in pdf.pages:
    annots = page.obj.get('/Annots')
    if annots is None:
        continue
    keep = [a for a in annots
            if not (isinstance(a.get('/Dest'), pikepdf.Array) and a.Dest[0] is None)]
    if len(keep) != len(annots):
        page.obj.Annots = pikepdf.Array(keep)
# qpdf merges the sources' /PageLabels into a meaningless mix (empty labels on
# most pages); a composite has no page labels of its own.
if '/PageLabels' in pdf.Root:
    del pdf.Root['/PageLabels']
pdf.save(sys.argv[2])
EOF

  # book-rtl.pdf: the Arabic book class sample, with right-to-left reading order
  # and a two-page spread that starts on the right.
  "$PYTHON" - "$D/xelatex/arabic-book/arabic-book.pdf" book-rtl.pdf <<'EOF'
import sys, pikepdf
pdf = pikepdf.open(sys.argv[1])
pdf.Root.ViewerPreferences = pikepdf.Dictionary(Direction=pikepdf.Name.R2L)
pdf.Root.PageLayout = pikepdf.Name.TwoPageRight
pdf.save(sys.argv[2])
EOF

  # hyperref-manual.pdf: hyperref's own manual, unchanged (outline and links).
  cp "$D/latex/hyperref/hyperref-doc.pdf" hyperref-manual.pdf
fi

# --- exif-rotated.jpg --------------------------------------------------------
# horizon-lake.jpg at 640x400, stored sideways (pixels turned 90 deg
# anticlockwise, 400x640) with Orientation=6 ("rotate 90 CW to display"), so that
# applying the orientation gives the upright 640x400 picture back. Carries an
# sRGB ICC profile, camera/author EXIF, GPS tags, an XMP packet and an EXIF
# thumbnail (stored sideways too, as EXIF requires). All values are invented.
vips thumbnail horizon-lake.jpg "$TMP/up.v" 640
vips rot "$TMP/up.v" "$TMP/side.v" d270
vips jpegsave "$TMP/side.v" exif-rotated.jpg --Q 85 --profile srgb
vips thumbnail "$TMP/side.v" "$TMP/thumb.jpg[Q=80,strip]" 160
exiftool -q -overwrite_original -n \
  -IFD0:Orientation=6 \
  -IFD0:Make=ExampleCam -IFD0:Model='ExampleCam X100' -IFD0:Software='make-fixtures.sh' \
  -IFD0:Artist='Jane Example' -IFD0:Copyright='(c) Jane Example' \
  -IFD0:ImageDescription='Lake at dawn (test fixture)' \
  -ExifIFD:DateTimeOriginal='2023:07:14 01:23:45' -ExifIFD:CreateDate='2023:07:14 01:23:45' \
  -ExifIFD:SerialNumber=SN123456789 -ExifIFD:OwnerName='Jane Example' \
  -GPS:GPSVersionID='2 3 0 0' \
  -GPS:GPSLatitudeRef=N -GPS:GPSLatitude=61.4981 \
  -GPS:GPSLongitudeRef=E -GPS:GPSLongitude=23.7608 \
  -GPS:GPSAltitudeRef=0 -GPS:GPSAltitude=84.5 \
  -GPS:GPSDateStamp='2023:07:13' -GPS:GPSTimeStamp='22:23:45' \
  -XMP-dc:Creator='Jane Example' -XMP-dc:Description='Lake at dawn (test fixture)' \
  '-ThumbnailImage<='"$TMP/thumb.jpg" \
  exif-rotated.jpg

# --- encrypted PDFs ----------------------------------------------------------
# Pages 1-2 (A4) of mixed.pdf. AES-256 (R6); user password "secret", owner "owner".
qpdf mixed.pdf --pages . 1-2 -- --encrypt secret owner 256 -- encrypted.pdf
# Same pages, empty user password (opens without prompting), owner password "owner",
# printing and modification forbidden.
qpdf mixed.pdf --pages . 1-2 -- --encrypt '' owner 256 --print=none --modify=none -- encrypted-owner-only.pdf

# --- broken fixtures -----------------------------------------------------------
# truncated.jpg: the first 40 % of horizon-lake.jpg's bytes (no EOI marker).
size=$(stat -c %s horizon-lake.jpg)
head -c $(( size * 40 / 100 )) horizon-lake.jpg > truncated.jpg

printf 'This is a plain text file, not an image.\nIt is used to check that loaders reject non-image input.\n' > not-an-image.txt

# damaged.pdf: page 5 (A5) of mixed.pdf written with a classic xref table (no
# object streams), then cut just before the "xref" keyword: the xref table,
# trailer, startxref and %%EOF are gone, every object is intact. poppler 22.12
# and qpdf 11.3 give up ("Couldn't read xref table" / "unable to find trailer
# dictionary"); newer qpdf (12.x, e.g. in pikepdf wheels) recovers 1 page.
qpdf mixed.pdf --pages . 5 -- --object-streams=disable "$TMP/plain.pdf"
xref=$(tail -c 64 "$TMP/plain.pdf" | awk '/^startxref/{getline; print; exit}')
head -c "$xref" "$TMP/plain.pdf" > damaged.pdf
# damaged-xref.pdf: the same page with every in-use xref offset shifted by +7
# bytes (trailer intact): a recoverable file. poppler prints "xref num 1 not
# found but needed, try to reconstruct", rebuilds the table and opens 1 page.
perl -0777 -pe 's{(\nxref\n)(.*?)(trailer)}{ my ($a,$t,$c)=($1,$2,$3);
  $t =~ s/^(\d{10})( \d{5} n)/sprintf("%010d",$1+7).$2/gme; "$a$t$c" }se' \
  "$TMP/plain.pdf" > damaged-xref.pdf

# tilted-lake.jpg: horizon-lake.jpg turned 4° counter-clockwise (the horizon rises to the
# right by +4°) and cropped to the inscribed same-aspect rectangle: the README's demo photo.
vips similarity horizon-lake.jpg "$TMP/tilted.v" --angle -4 --interpolate bicubic
vips crop "$TMP/tilted.v" "tilted-lake.jpg[Q=88,strip]" 72 67 922 576

# bomb.png: a valid 1.2 KB PNG whose header declares 100000×100000 RGB pixels
# (30 GB decoded): the decompression-bomb fixture.
python3 - <<'PY'
import struct, zlib
def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
header = struct.pack('>IIBBBBB', 100000, 100000, 8, 2, 0, 0, 0)
rows = zlib.compress(b'\x00' * (1 + 300000) * 4)
open('bomb.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', rows) + chunk(b'IEND', b''))
PY

# comic.cbz: a five-page comic for the archive fuzzing and tests: portrait crops of four wallpapers
# above (p1 … p4, p10 to check natural order: a wide page) and a ComicInfo.xml (right to left,
# front cover, page 5 a double page). Stored names in the zip: p1.jpg p2.jpg p3.jpg p4.jpg p10.jpg.
rm -rf "$TMP/comic" && mkdir "$TMP/comic"
vips crop horizon-fog.jpg "$TMP/comic/p1.jpg[Q=70,strip]" 300 100 240 360
vips crop horizon-lake.jpg "$TMP/comic/p2.jpg[Q=70,strip]" 300 100 240 360
vips crop no-horizon-leaf.jpg "$TMP/comic/p3.jpg[Q=70,strip]" 300 100 240 360
vips crop horizon-pier.jpg "$TMP/comic/p4.jpg[Q=70,strip]" 300 100 240 360
vips crop tilted-lake.jpg "$TMP/comic/p10.jpg[Q=70,strip]" 100 100 480 360
cat > "$TMP/comic/ComicInfo.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<ComicInfo>
  <Title>Lakes</Title>
  <Series>Fixtures</Series>
  <LanguageISO>en</LanguageISO>
  <Manga>YesAndRightToLeft</Manga>
  <Pages>
    <Page Image="0" Type="FrontCover" />
    <Page Image="4" DoublePage="true" />
  </Pages>
</ComicInfo>
XML
rm -f comic.cbz && (cd "$TMP/comic" && zip -q -X "$OLDPWD/comic.cbz" p1.jpg p2.jpg p3.jpg p4.jpg p10.jpg ComicInfo.xml)

ls -l
