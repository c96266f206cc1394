#!/usr/bin/env python3
"""Writes a PDF of full-page JPEG images, one per page, the JPEG bytes embedded as they are
(DCTDecode), as img2pdf would: the image-heavy book of reader.sh (a scanned book, a manga).

    photo_book.py OUT.pdf PAGES DPI a.jpg b.jpg ...   # page i shows image i mod count
"""
import struct
import sys


def jpeg_size(data):
    """(width, height, components) from the first SOF marker."""
    at = 2
    while at < len(data):
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2 : at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height, data[at + 9]
        at += 2 + length
    raise ValueError("no SOF marker")


def main():
    out, pages, dpi, files = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
    images = [open(name, "rb").read() for name in files]
    objects = {}  # number -> bytes
    count = len(images)
    # 1 catalog, 2 pages, then per image one XObject, per page a page and a content stream.
    for index, data in enumerate(images):
        width, height, components = jpeg_size(data)
        space = "/DeviceGray" if components == 1 else "/DeviceRGB"
        head = f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace {space} /BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n"
        objects[3 + index] = head.encode() + data + b"\nendstream"
    kids = []
    for page in range(pages):
        index = page % count
        width, height, _ = jpeg_size(images[index])
        w, h = width * 72 / dpi, height * 72 / dpi
        number = 3 + count + 2 * page
        content = f"q {w:.2f} 0 0 {h:.2f} 0 0 cm /Im0 Do Q".encode()
        objects[number] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.2f} {h:.2f}] "
            f"/Resources << /XObject << /Im0 {3 + index} 0 R >> >> /Contents {number + 1} 0 R >>"
        ).encode()
        objects[number + 1] = f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream"
        kids.append(f"{number} 0 R")
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[2] = f"<< /Type /Pages /Count {pages} /Kids [{' '.join(kids)}] >>".encode()
    body, offsets = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"), {}
    for number in sorted(objects):
        offsets[number] = len(body)
        body += f"{number} 0 obj\n".encode() + objects[number] + b"\nendobj\n"
    xref = len(body)
    size = max(objects) + 1
    body += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for number in range(1, size):
        body += f"{offsets[number]:010d} 00000 n \n".encode()
    body += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    open(out, "wb").write(body)


if __name__ == "__main__":
    main()
