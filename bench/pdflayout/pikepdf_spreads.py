"""Two-up spreads with a cover and right-to-left order, the pikepdf way (peer for bench/run.sh).

Each sheet is a blank page two pages wide with the source pages placed on it as form XObjects,
so content streams, fonts and images are copied, never decoded: the fastest way to do this with
a PDF library. Same sheets as `pdflayout IN --two-up --cover --rtl --no-gaps -o OUT`.
"""
import sys

import pikepdf
from pikepdf import Page, Rectangle


def sheets(count):
    """(left, right) 1-based page numbers; None is an empty slot. The cover sits alone on the left
    (right-to-left book), pairs are (higher, lower), a trailing lone page goes on the right."""
    layout = [(1, None)]
    page = 2
    while page <= count:
        layout.append((page + 1, page) if page + 1 <= count else (None, page))
        page += 2
    return layout


def main(source_path, output_path):
    source = pikepdf.open(source_path)
    output = pikepdf.new()
    box = source.pages[0].mediabox
    width, height = float(box[2]) - float(box[0]), float(box[3]) - float(box[1])
    for left, right in sheets(len(source.pages)):
        output.add_blank_page(page_size=(2 * width, height))
        sheet = Page(output.pages[-1])
        for slot, number in enumerate((left, right)):
            if number is not None:
                sheet.add_overlay(source.pages[number - 1], Rectangle(slot * width, 0, (slot + 1) * width, height))
    output.save(output_path)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
